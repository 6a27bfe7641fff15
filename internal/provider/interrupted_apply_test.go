package provider

// Nothing lost: Ctrl-C during an apply leaves no subscription behind that no
// state tracks. This test runs the real terraform (or tofu) CLI with the
// provider binary built from this repository, since terraform-plugin-testing
// cannot interrupt a run: it starts `apply` of many subscriptions against an
// emulator that carries each create out at once and answers 3 s later (a
// slow gateway), sends SIGINT to terraform while creates are in flight, and
// checks what the service and the state hold afterwards.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const (
	interruptedApplyCount       = 24
	interruptedApplyParallelism = 10
	// heldCreateAnswer is how long the emulator holds each create's answer:
	// long enough to interrupt terraform while creates are in flight.
	heldCreateAnswer = 3 * time.Second
)

// The provider's source is filled in by newTerraformDir.
var interruptedApplyConfig = fmt.Sprintf(`
terraform {
  required_providers {
    esign = {
      source = "%%s"
    }
  }
}

variable "uri" {
  type = string
}

# Everything else comes from ESIGN_* variables.
provider "esign" {}

resource "esign_webhook_subscription" "hook" {
  count       = %d
  event_type  = "SignatorySigned"
  uri         = "${var.uri}/${count.index}"
  description = "interrupted apply"
}
`, interruptedApplyCount)

func TestAccInterruptedApply(t *testing.T) {
	terraformBin := acceptanceTerraformBinary(t)
	tf := newTerraformDir(t, terraformBin, buildProvider(t), interruptedApplyConfig)
	tenant := newTestTenant(t)
	key := tenant.SubscriptionKey
	tf.env = append(tf.env,
		"ESIGN_BASE_URL="+testEmulatorURL,
		"ESIGN_SUBSCRIPTION_KEY="+key,
		"ESIGN_ACCESS_TOKEN="+tenant.AccessToken,
		"TF_VAR_uri="+testReceiver.URL(t.Name()),
	)
	testEmulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, heldCreateAnswer)

	apply := tf.start("apply", "-auto-approve", "-input=false", "-no-color", fmt.Sprintf("-parallelism=%d", interruptedApplyParallelism))
	// Every create terraform may run at once has been sent, and none can have
	// been answered yet (the first answer comes heldCreateAnswer after it).
	inFlight := waitFor(t, 60*time.Second, func() bool {
		return testEmulator.Counters(key)[emulator.RouteSubscriptionCreate] >= interruptedApplyParallelism
	}, apply.exited)
	if !inFlight {
		apply.cancel()
		t.Fatalf("terraform ended before %d creates were sent:\n%s", interruptedApplyParallelism, apply.output())
	}
	sentBeforeInterrupt := testEmulator.Counters(key)[emulator.RouteSubscriptionCreate]
	if err := apply.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatalf("interrupting terraform: %v", err)
	}
	if !waitFor(t, 60*time.Second, apply.exited, nil) {
		apply.cancel()
		t.Fatalf("terraform did not exit within a minute of the interrupt:\n%s", apply.output())
	}
	out := apply.output()
	t.Logf("%d creates sent when terraform was interrupted; it exited with %v", sentBeforeInterrupt, apply.err)

	onService := subscriptionIDs(key)
	inState := tf.stateSubscriptionIDs()
	if untracked := missingFrom(inState, onService); len(untracked) > 0 {
		t.Errorf("after the interrupt the service holds %d subscriptions and the state tracks %d: %d are tracked by no state (%v)\n%s",
			len(onService), len(inState), len(untracked), untracked, out)
	}
	if len(onService) == 0 || len(onService) == interruptedApplyCount {
		t.Errorf("the service holds %d subscriptions after the interrupt: the run was not cut short in the middle", len(onService))
	}
	if !strings.Contains(out, "Run interrupted: webhook subscription created anyway") {
		t.Errorf("the interrupted apply does not warn that creates in flight were completed:\n%s", out)
	}

	// The next apply creates the rest, and only the rest.
	testEmulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, 0)
	tf.run(0, "apply", "-auto-approve", "-input=false", "-no-color")
	onService = subscriptionIDs(key)
	inState = tf.stateSubscriptionIDs()
	if len(onService) != interruptedApplyCount || !slices.Equal(onService, inState) {
		t.Errorf("after the second apply the service holds %d subscriptions, want %d, and the state tracks %d (%d untracked)",
			len(onService), interruptedApplyCount, len(inState), len(missingFrom(inState, onService)))
	}
	tf.run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
}

// acceptanceTerraformBinary skips the test without TF_ACC and answers the
// CLI to run: TF_ACC_TERRAFORM_PATH (terraform or tofu), else terraform.
func acceptanceTerraformBinary(t *testing.T) string {
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

// terraformDir is a configuration directory run with the provider built
// from this checkout (through dev_overrides; no init needed).
//
// The provider is served at the address of the registry that
// TF_ACC_PROVIDER_HOST names (registry.opentofu.org for OpenTofu, see
// GNUmakefile test-tofu), else at registry.terraform.io: OpenTofu records a
// provider of registry.terraform.io under its own registry in the state.
type terraformDir struct {
	t   *testing.T
	bin string
	dir string
	env []string
}

// newTerraformDir writes config, with the provider's source address in
// place of its %s, into a new directory.
func newTerraformDir(t *testing.T, bin, pluginDir, config string) *terraformDir {
	t.Helper()
	address := devprovider.Address
	if host := os.Getenv("TF_ACC_PROVIDER_HOST"); host != "" {
		address = host + "/esign-oss/esign"
	}
	work := t.TempDir()
	cliConfig := filepath.Join(work, "terraform.rc")
	if err := devprovider.WriteCLIConfigFor(cliConfig, pluginDir, address); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(work, "config")
	if err := os.Mkdir(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "main.tf"), fmt.Sprintf(config, address))
	return &terraformDir{t: t, bin: bin, dir: dir, env: []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + work,
		"TF_CLI_CONFIG_FILE=" + cliConfig,
		"TF_IN_AUTOMATION=1",
		"CHECKPOINT_DISABLE=1",
	}}
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

// stateSubscriptionIDs lists, sorted, the ids of every subscription in the
// state, as `terraform show -json` reports them.
func (tf *terraformDir) stateSubscriptionIDs() []string {
	tf.t.Helper()
	out := tf.run(0, "show", "-json", "-no-color")
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
			if id, _ := r.Values["id"].(string); r.Type == "esign_webhook_subscription" {
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// subscriptionIDs lists, sorted, the ids of the tenant's subscriptions.
func subscriptionIDs(key string) []string {
	var ids []string
	for _, s := range testEmulator.Subscriptions(key) {
		ids = append(ids, s.ID)
	}
	sort.Strings(ids)
	return ids
}

// missingFrom answers the elements of want that have is missing.
func missingFrom(have, want []string) []string {
	var missing []string
	for _, w := range want {
		if !slices.Contains(have, w) {
			missing = append(missing, w)
		}
	}
	return missing
}

// waitFor polls cond every 20 ms until it holds (true), the timeout passes
// or giveUp holds (false).
func waitFor(t *testing.T, timeout time.Duration, cond, giveUp func() bool) bool {
	t.Helper()
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
		if giveUp != nil && giveUp() {
			return cond()
		}
	}
	return false
}
