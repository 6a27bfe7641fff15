package provider

// Helpers of the tests that run the terraform CLI as a subprocess, against
// the provider binary built from this checkout (internal/devprovider), for
// what terraform-plugin-testing cannot drive.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// terraformCLI is the CLI the acceptance tests run: TF_ACC_TERRAFORM_PATH,
// else terraform on PATH. It skips the test without TF_ACC.
func terraformCLI(t *testing.T) string {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	if bin := os.Getenv("TF_ACC_TERRAFORM_PATH"); bin != "" {
		return bin
	}
	bin, err := exec.LookPath("terraform")
	if err != nil {
		t.Fatal("terraform is not on PATH and TF_ACC_TERRAFORM_PATH is not set")
	}
	return bin
}

// skipBelowTerraform skips the test when the CLI's version is older than
// 1.minor (OpenTofu reports its own version, 1.6.x for OpenTofu 1.6), saying
// why.
func skipBelowTerraform(t *testing.T, terraformBin string, minor int, why string) {
	t.Helper()
	if ok, version := terraformAtLeast(t, terraformBin, minor); !ok {
		t.Skipf("%s is version %s: %s need 1.%d", terraformBin, version, why, minor)
	}
}

// terraformAtLeast reports whether the CLI's version is 1.minor or newer,
// and the version it reports.
func terraformAtLeast(t *testing.T, terraformBin string, minor int) (ok bool, version string) {
	t.Helper()
	out, err := exec.Command(terraformBin, "version", "-json").Output()
	if err != nil {
		t.Fatalf("%s version -json: %v", terraformBin, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s version -json: %v", terraformBin, err)
	}
	var major, gotMinor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &gotMinor); err != nil {
		t.Fatalf("cannot read the version %q", v.Version)
	}
	return major > 1 || (major == 1 && gotMinor >= minor), v.Version
}

// devCLIDir makes a temporary work directory with a CLI configuration whose
// dev_overrides serve the provider in pluginDir, and in it an empty
// configuration directory for terraform to run in. env is terraform's
// environment: PATH, HOME in the work directory (no ~/.terraformrc), that
// CLI configuration, no checkpoint calls.
func devCLIDir(t *testing.T, pluginDir string) (work, configDir string, env []string) {
	t.Helper()
	work = t.TempDir()
	cliConfig := filepath.Join(work, "terraform.rc")
	if err := devprovider.WriteCLIConfig(cliConfig, pluginDir); err != nil {
		t.Fatal(err)
	}
	configDir = filepath.Join(work, "config")
	if err := os.Mkdir(configDir, 0o750); err != nil {
		t.Fatal(err)
	}
	return work, configDir, []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + work,
		"TF_CLI_CONFIG_FILE=" + cliConfig,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
	}
}

// cliConfigHeader starts the configurations the CLI tests write: the
// provider from its registry address (which dev_overrides serve from this
// checkout) and the receiver URL the subscriptions send to (TF_VAR_uri).
const cliConfigHeader = `
terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

variable "uri" {
  type = string
}
`

// providerEnv configures the provider for a tenant with ESIGN_* variables
// and an access token, for configurations whose provider block leaves
// those settings out.
func providerEnv(tenant emulator.Tenant) []string {
	return []string{
		"ESIGN_BASE_URL=" + testEmulatorURL,
		"ESIGN_SUBSCRIPTION_KEY=" + tenant.SubscriptionKey,
		"ESIGN_ACCESS_TOKEN=" + tenant.AccessToken,
	}
}

// terraformDir is a configuration directory run with the provider built
// from this checkout (through dev_overrides; no init needed).
type terraformDir struct {
	t   *testing.T
	bin string
	dir string
	env []string
}

// newTerraformDir makes an empty configuration directory in which bin runs
// with the provider in pluginDir (devCLIDir); env adds to its environment.
func newTerraformDir(t *testing.T, bin, pluginDir string, env ...string) *terraformDir {
	t.Helper()
	_, dir, cliEnv := devCLIDir(t, pluginDir)
	return &terraformDir{t: t, bin: bin, dir: dir, env: append(cliEnv, env...)}
}

// runningTerraform is a terraform command started in the background.
type runningTerraform struct {
	cmd    *exec.Cmd
	out    *bytes.Buffer // stdout and stderr; read only once exited
	done   chan struct{}
	err    error // the exit status, once done is closed
	cancel context.CancelFunc
}

func (tf *terraformDir) start(args ...string) *runningTerraform {
	tf.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	cmd := exec.CommandContext(ctx, tf.bin, args...)
	r := &runningTerraform{cmd: cmd, out: new(bytes.Buffer), done: make(chan struct{}), cancel: cancel}
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = tf.dir, tf.env, r.out, r.out
	if err := cmd.Start(); err != nil {
		cancel()
		tf.t.Fatalf("starting %s %s: %v", tf.bin, strings.Join(args, " "), err)
	}
	go func() {
		r.err = cmd.Wait()
		cancel()
		close(r.done)
	}()
	// A failed test must not leave terraform running.
	tf.t.Cleanup(func() { cancel(); <-r.done })
	return r
}

func (r *runningTerraform) exited() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// output is what the command printed; it waits for the command to end.
func (r *runningTerraform) output() string {
	<-r.done
	return r.out.String()
}

// run runs a command to its end and fails the test unless it exits with
// wantCode.
func (tf *terraformDir) run(wantCode int, args ...string) string {
	tf.t.Helper()
	r := tf.start(args...)
	out := r.output()
	code := 0
	var exitErr *exec.ExitError
	switch {
	case errors.As(r.err, &exitErr):
		code = exitErr.ExitCode()
	case r.err != nil:
		tf.t.Fatalf("terraform %s: %v\n%s", strings.Join(args, " "), r.err, out)
	}
	if code != wantCode {
		tf.t.Fatalf("terraform %s exited with %d, want %d:\n%s", strings.Join(args, " "), code, wantCode, out)
	}
	return out
}
