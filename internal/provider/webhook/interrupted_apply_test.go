package webhook_test

// Nothing lost: Ctrl-C during an apply leaves no subscription behind that no
// state tracks. This test runs the real terraform (or tofu) CLI with the
// provider binary built from this repository, since terraform-plugin-testing
// cannot interrupt a run: it starts `apply` of many subscriptions against an
// emulator that carries each create out at once and answers 3 s later (a
// slow gateway), sends SIGINT to terraform while creates are in flight, and
// checks what the service and the state hold afterwards.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const (
	interruptedApplyCount       = 24
	interruptedApplyParallelism = 10
	// heldCreateAnswer is how long the emulator holds each create's answer:
	// long enough to interrupt terraform while creates are in flight.
	heldCreateAnswer = 3 * time.Second
)

var interruptedApplyConfig = acctest.CLIConfigHeader + fmt.Sprintf(`
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
	tf := acctest.NewTerraformDir(t, acctest.TerraformCLI(t), acctest.BuildProvider(t))
	acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), interruptedApplyConfig)
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	tf.Env = append(append(tf.Env, acctest.ProviderEnv(tenant)...), "TF_VAR_uri="+acctest.Receiver.URL(t.Name()))
	acctest.Emulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, heldCreateAnswer)

	apply := tf.Start("apply", "-auto-approve", "-input=false", "-no-color", fmt.Sprintf("-parallelism=%d", interruptedApplyParallelism))
	// Every create terraform may run at once has been sent, and none can have
	// been answered yet (the first answer comes heldCreateAnswer after it).
	inFlight := waitFor(t, 60*time.Second, func() bool {
		return acctest.Emulator.Counters(key)[emulator.RouteSubscriptionCreate] >= interruptedApplyParallelism
	}, apply.Exited)
	if !inFlight {
		apply.Stop()
		t.Fatalf("terraform ended before %d creates were sent:\n%s", interruptedApplyParallelism, apply.Output())
	}
	sentBeforeInterrupt := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionCreate]
	// Every list the run reads before a create (the plan's, the baseline of
	// the lost-answer check) has been read by now.
	listsBeforeInterrupt := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionList]
	if err := apply.Signal(os.Interrupt); err != nil {
		t.Fatalf("interrupting terraform: %v", err)
	}
	if !waitFor(t, 60*time.Second, apply.Exited, nil) {
		apply.Stop()
		t.Fatalf("terraform did not exit within a minute of the interrupt:\n%s", apply.Output())
	}
	out := apply.Output()
	t.Logf("%d creates sent when terraform was interrupted; it exited with %v", sentBeforeInterrupt, apply.Err())

	onService := subscriptionIDs(key)
	inState := tf.StateIDs("esign_webhook_subscription")
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
	// The creates in flight were waited for, not cut off: cut off, each
	// would have lost its answer, and the lost-answer check that then finds
	// the subscription it created lists the subscriptions once more. The
	// state would be the same; the list requests tell the two apart.
	if lists := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionList]; lists != listsBeforeInterrupt {
		t.Errorf("%d subscription list requests after the interrupt (%d before it), want none: the creates in flight were "+
			"cut off and their lost answers looked for, instead of being waited for", lists-listsBeforeInterrupt, listsBeforeInterrupt)
	}

	// The next apply creates the rest, and only the rest.
	acctest.Emulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, 0)
	tf.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")
	onService = subscriptionIDs(key)
	inState = tf.StateIDs("esign_webhook_subscription")
	if len(onService) != interruptedApplyCount || !slices.Equal(onService, inState) {
		t.Errorf("after the second apply the service holds %d subscriptions, want %d, and the state tracks %d (%d untracked)",
			len(onService), interruptedApplyCount, len(inState), len(missingFrom(inState, onService)))
	}
	tf.Run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
}

// subscriptionIDs lists, sorted, the ids of the tenant's subscriptions.
func subscriptionIDs(key string) []string {
	var ids []string
	for _, s := range acctest.Emulator.Subscriptions(key) {
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
