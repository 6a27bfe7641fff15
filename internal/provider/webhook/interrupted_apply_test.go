// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

// Nothing lost: Ctrl-C during an apply leaves no subscription behind that no state tracks.

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestAccInterruptedApply(t *testing.T) {
	const count, parallelism = 24, 10
	m := acctest.NewSubscriptionsModule(t, acctest.TerraformCLI(t), acctest.BuildProvider(t), acctest.NewTenant(t), count, count)
	key := m.Tenant.SubscriptionKey
	// Every create terraform may run at once has been sent, and none can have
	// been answered yet (the first answer comes 3 s after it).
	apply := m.StartApplyInFlight(parallelism, 3*time.Second)
	sentBeforeInterrupt := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionCreate]
	// Every list the run reads before a create (the plan's, the baseline of
	// the lost-answer check) has been read by now.
	listsBeforeInterrupt := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionList]
	if err := apply.Signal(os.Interrupt); err != nil {
		t.Fatalf("interrupting terraform: %v", err)
	}
	if !acctest.WaitFor(time.Minute, apply.Exited, nil) {
		apply.Stop()
		t.Fatalf("terraform did not exit within a minute of the interrupt:\n%s", apply.Output())
	}
	out := apply.Output()
	t.Logf("%d creates sent when terraform was interrupted; it exited with %v", sentBeforeInterrupt, apply.Err())

	onService := acctest.SubscriptionIDs(key)
	if untracked := m.Untracked(); len(untracked) > 0 {
		t.Errorf("after the interrupt the service holds %d subscriptions: %d are tracked by no state (%v)\n%s",
			len(onService), len(untracked), untracked, out)
	}
	if len(onService) == 0 || len(onService) == count {
		t.Errorf("the service holds %d subscriptions after the interrupt: the run was not cut short in the middle", len(onService))
	}
	if !strings.Contains(out, "Run interrupted: webhook subscription created anyway") {
		t.Errorf("the interrupted apply does not warn that creates in flight were completed:\n%s", out)
	}
	// The creates in flight were waited for, not cut off.
	if lists := acctest.Emulator.Counters(key)[emulator.RouteSubscriptionList]; lists != listsBeforeInterrupt {
		t.Errorf("%d subscription list requests after the interrupt (%d before it), want none: the creates in flight were "+
			"cut off and their lost answers looked for, instead of being waited for", lists-listsBeforeInterrupt, listsBeforeInterrupt)
	}

	// The next apply creates the rest, and only the rest.
	acctest.Emulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, 0)
	m.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")
	m.ExpectConverged(count)
}
