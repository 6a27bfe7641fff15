// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

// Helpers of the tests that run the terraform CLI as a subprocess, against
// the provider binary built from this checkout (internal/devprovider), for
// what terraform-plugin-testing cannot drive.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// TerraformCLI is the CLI the acceptance tests run: TF_ACC_TERRAFORM_PATH,
// else terraform on PATH. It skips the test without TF_ACC.
func TerraformCLI(t *testing.T) string {
	t.Helper()
	return devprovider.TerraformCLI(t)
}

// SkipBelowTerraform skips the test when the CLI's version is older than
// 1.minor (OpenTofu reports its own version, 1.6.x for OpenTofu 1.6), saying
// why.
func SkipBelowTerraform(t *testing.T, terraformBin string, minor int, why string) {
	t.Helper()
	if ok, version := TerraformAtLeast(t, terraformBin, minor); !ok {
		t.Skipf("%s is version %s: %s need 1.%d", terraformBin, version, why, minor)
	}
}

// TerraformAtLeast reports whether the CLI's version is 1.minor or newer,
// and the version it reports.
func TerraformAtLeast(t *testing.T, terraformBin string, minor int) (ok bool, version string) {
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

// DevCLIDir makes a temporary work directory with a CLI configuration whose
// dev_overrides serve the provider in pluginDir, and in it an empty
// configuration directory for terraform to run in. env is terraform's
// environment: PATH, HOME in the work directory (no ~/.terraformrc), that
// CLI configuration, no checkpoint calls.
func DevCLIDir(t *testing.T, pluginDir string) (work, configDir string, env []string) {
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

// RequiredProviders is the terraform block of the configurations the CLI
// tests write: the provider from its registry address, which dev_overrides
// serve from this checkout.
const RequiredProviders = `
terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}
`

// CLIConfigHeader starts the configurations the CLI tests write: the
// required provider and the receiver URL the subscriptions send to
// (TF_VAR_uri).
const CLIConfigHeader = RequiredProviders + `
variable "uri" {
  type = string
}
`

// ProviderEnv configures the provider for a tenant with ESIGN_* variables
// and an access token, for configurations whose provider block leaves
// those settings out.
func ProviderEnv(tenant emulator.Tenant) []string {
	return []string{
		"ESIGN_BASE_URL=" + EmulatorURL,
		"ESIGN_SUBSCRIPTION_KEY=" + tenant.SubscriptionKey,
		"ESIGN_ACCESS_TOKEN=" + tenant.AccessToken,
	}
}

// TerraformDir is a configuration directory run with the provider built
// from this checkout (through dev_overrides; no init needed).
type TerraformDir struct {
	// Dir is the configuration directory terraform runs in.
	Dir string
	// Env is terraform's environment; a test may add to it before a run.
	Env []string

	t   *testing.T
	bin string
}

// NewTerraformDir makes an empty configuration directory in which bin runs
// with the provider in pluginDir (DevCLIDir); env adds to its environment.
func NewTerraformDir(t *testing.T, bin, pluginDir string, env ...string) *TerraformDir {
	t.Helper()
	_, dir, cliEnv := DevCLIDir(t, pluginDir)
	return &TerraformDir{t: t, bin: bin, Dir: dir, Env: append(cliEnv, env...)}
}

// CopyFiles copies the named files of dir into the configuration directory.
func (tf *TerraformDir) CopyFiles(dir string, names ...string) {
	tf.t.Helper()
	for _, name := range names {
		content, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			tf.t.Fatal(err)
		}
		WriteFile(tf.t, filepath.Join(tf.Dir, name), string(content))
	}
}

// RunningTerraform is a terraform command started in the background.
type RunningTerraform struct {
	cmd    *exec.Cmd
	out    *bytes.Buffer // stdout and stderr; read only once exited
	done   chan struct{}
	err    error // the exit status, once done is closed
	cancel context.CancelFunc
}

// Start starts terraform with args in the background; the test's end stops
// it if it is still running.
func (tf *TerraformDir) Start(args ...string) *RunningTerraform {
	tf.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	cmd := exec.CommandContext(ctx, tf.bin, args...)
	r := &RunningTerraform{cmd: cmd, out: new(bytes.Buffer), done: make(chan struct{}), cancel: cancel}
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = tf.Dir, tf.Env, r.out, r.out
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

// Exited reports whether the command has ended.
func (r *RunningTerraform) Exited() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// Output is what the command printed; it waits for the command to end.
func (r *RunningTerraform) Output() string {
	<-r.done
	return r.out.String()
}

// Signal sends sig to the running command.
func (r *RunningTerraform) Signal(sig os.Signal) error { return r.cmd.Process.Signal(sig) }

// Pid is the running command's process id.
func (r *RunningTerraform) Pid() int { return r.cmd.Process.Pid }

// Stop kills the command if it is still running.
func (r *RunningTerraform) Stop() { r.cancel() }

// Err is the command's exit status; it waits for the command to end.
func (r *RunningTerraform) Err() error {
	<-r.done
	return r.err
}

// Run runs a command to its end and fails the test unless it exits with
// wantCode.
func (tf *TerraformDir) Run(wantCode int, args ...string) string {
	tf.t.Helper()
	r := tf.Start(args...)
	out := r.Output()
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

// StateIDs lists, sorted, the ids of every resource of resourceType in the
// directory's state, as `terraform show -json` reports them (none without
// a state).
func (tf *TerraformDir) StateIDs(resourceType string) []string {
	tf.t.Helper()
	out := tf.Run(0, "show", "-json", "-no-color")
	var state struct {
		Values *struct {
			RootModule struct {
				Resources []struct {
					Type   string         `json:"type"`
					Values map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(out), &state); err != nil {
		tf.t.Fatalf("terraform show -json: %v\n%s", err, out)
	}
	var ids []string
	if state.Values != nil {
		for _, r := range state.Values.RootModule.Resources {
			if id, _ := r.Values["id"].(string); r.Type == resourceType {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// ProviderCLI is the CLI the acceptance tests run and the directory of the
// provider built from this checkout; with minor > 0 it first skips the test
// below 1.minor, before the build, saying why.
func ProviderCLI(t *testing.T, minor int, why string) (bin, pluginDir string) {
	t.Helper()
	bin = TerraformCLI(t)
	if minor > 0 {
		SkipBelowTerraform(t, bin, minor, why)
	}
	return bin, BuildProvider(t)
}

// BuildProvider builds the provider binary into a temporary directory and
// returns that directory (for dev_overrides).
func BuildProvider(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var out strings.Builder
	dir, err := devprovider.Build(ctx, ".", "github.com/esign-oss/terraform-provider-esign", t.TempDir(), &out)
	if err != nil {
		t.Fatalf("building the provider: %v\n%s", err, out.String())
	}
	return dir
}

// RandomSecret is a secret no other test uses: prefix and 24 random hex digits.
func RandomSecret(t *testing.T, prefix string) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return prefix + hex.EncodeToString(b)
}

// WriteFile writes content to name, failing the test on an error.
func WriteFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}
