// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Rival root modules: two configurations (two directories, two states, two provider processes) that declare
// identical subscriptions apply them at the same time against one account, while the answers of creates are
// lost.

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const (
	// rivalCount subscriptions per module, rivalURIs distinct ones.
	rivalCount = 12
	rivalURIs  = 4
	// rivalHold is how long the emulator holds every create's answer after carrying it out.
	rivalHold = 1500 * time.Millisecond
)

func TestAccRivalRootModules(t *testing.T) {
	terraformBin, pluginDir := acctest.ProviderCLI(t, 0, "")
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	// About 30% of the creates are carried out and their answer lost.
	acctest.Emulator.SetFaults(key, emulator.FaultConfig{
		CommitThenDropRate: 0.3,
		Routes:             []string{emulator.RouteSubscriptionCreate},
		Seed:               16_3,
	})
	acctest.Emulator.HoldAnswers(key, emulator.RouteSubscriptionCreate, rivalHold)

	var modules [2]*acctest.SubscriptionsModule
	var applies [2]*acctest.RunningTerraform
	for i := range modules {
		modules[i] = acctest.NewSubscriptionsModule(t, terraformBin, pluginDir, tenant, rivalCount, rivalURIs)
	}
	for i, m := range modules {
		applies[i] = m.Start("apply", "-auto-approve", "-input=false", "-no-color")
	}

	var outputs [2]string
	var states [2][]string
	for i, apply := range applies {
		outputs[i] = apply.Output()
		var exit *exec.ExitError
		if err := apply.Err(); err != nil && !errors.As(err, &exit) {
			t.Fatalf("module %d: terraform apply: %v\n%s", i, err, outputs[i])
		}
		states[i] = modules[i].StateIDs("esign_webhook_subscription")
		t.Logf("module %d: apply exited with %v; its state tracks %d subscriptions", i, apply.Err(), len(states[i]))
	}
	counters := acctest.Emulator.Counters(key)
	t.Logf("requests: %v", counters)

	// No subscription is claimed by both runs.
	for _, id := range states[0] {
		if slices.Contains(states[1], id) {
			t.Errorf("subscription %s is in both states: destroying one module would delete what the other manages", id)
		}
	}
	// Every subscription on the service is in one state, or named in an apply's error (an ambiguous create
	// lists its candidates, with the import block that adopts the right one).
	onService := map[string]bool{}
	for _, s := range acctest.Emulator.Subscriptions(key) {
		onService[s.ID] = true
		if !slices.Contains(states[0], s.ID) && !slices.Contains(states[1], s.ID) &&
			!strings.Contains(outputs[0], s.ID) && !strings.Contains(outputs[1], s.ID) {
			t.Errorf("subscription %s is on the service, in no state and named in no error", s.ID)
		}
	}
	for i, ids := range states {
		for _, id := range ids {
			if !onService[id] {
				t.Errorf("module %d tracks subscription %s, which the service does not hold", i, id)
			}
		}
	}
	// An apply that did not create all it declares says why: an ambiguous create that names its candidates.
	for i, ids := range states {
		if len(ids) < rivalCount && !strings.Contains(outputs[i], "identical subscriptions") {
			t.Errorf("module %d tracks %d of %d subscriptions and its output names no ambiguous create:\n%s", i, len(ids), rivalCount, outputs[i])
		}
	}
	// The test proves nothing unless the two runs created at the same time and an answer was lost while the
	// other run's identical subscriptions were listed.
	if peak := acctest.Emulator.PeakConcurrentWrites(key); peak <= rivalURIs {
		t.Errorf("at most %d creates were in flight at once: the two runs did not create at the same time", peak)
	}
	if !strings.Contains(outputs[0]+outputs[1], "identical subscriptions") {
		t.Errorf("no create of either run lost its answer while the other run's identical subscriptions were listed")
	}
	if t.Failed() {
		t.Logf("module 0:\n%s\nmodule 1:\n%s", outputs[0], outputs[1])
	}
}
