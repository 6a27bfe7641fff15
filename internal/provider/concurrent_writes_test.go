// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Writes at the same time: one apply's, and two applies' against one account.

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Apply runs its writes in parallel: Terraform's -parallelism (10 by default) reaches the service, because
// the provider holds no lock across writes.
func TestAccApplyWritesInParallel(t *testing.T) {
	tenant := acctest.NewTenant(t)
	gate := newWriteGate(t)
	entries := acctest.ProviderConfigAt(gate.url, tenant) + `
resource "esign_metadata_entry" "m" {
  count       = 12
  entity_type = "Document"
  entity_id   = "parallel-${count.index % 2}"
  key         = "k${count.index}"
  value       = "v"
}
`
	subscriptions := entries + `
resource "esign_webhook_subscription" "s" {
  count      = 6
  event_type = "signatorysigned"
  uri        = "https://hooks.example.com/parallel/${count.index}"
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// 12 upserts, 10 at a time.
				PreConfig:        func() { gate.expect(10) },
				Config:           entries,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{gate.checkFilled()}},
			},
			{
				// 6 creates, all at once once the supported hooks and the subscription list have been read.
				PreConfig:        func() { gate.expect(6) },
				Config:           subscriptions,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{gate.checkFilled()}},
			},
		},
	})
}

// writeGatePatience is how long a writeGate waits to be filled.
const writeGatePatience = 20 * time.Second

// writeGate stands between the provider and the shared emulator (it serves the emulator's own handler, so
// tenants, state and counters are the emulator's) and holds every write, any request but a GET, until the
// expected number of writes is held at once, or for writeGatePatience.
type writeGate struct {
	url              string
	mu               sync.Mutex
	want, held, peak int           // writes to hold at once, held now, held at once at most since expect
	open             chan struct{} // closed when the gate opens
}

// newWriteGate starts an open gate: nothing waits until expect.
func newWriteGate(t *testing.T) *writeGate {
	t.Helper()
	g := &writeGate{open: make(chan struct{})}
	close(g.open)
	next := acctest.Emulator.Handler()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			g.hold(r)
		}
		next.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	g.url = server.URL
	return g
}

// expect closes the gate until n writes are held at once.
func (g *writeGate) expect(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.want, g.peak, g.open = n, g.held, make(chan struct{})
}

// hold keeps a write until the gate opens: when it holds want writes, or a write waited writeGatePatience.
func (g *writeGate) hold(r *http.Request) {
	g.mu.Lock()
	g.held++
	g.peak = max(g.peak, g.held)
	if g.held >= g.want {
		g.openLocked()
	}
	open := g.open
	g.mu.Unlock()

	select {
	case <-open:
	case <-r.Context().Done():
	case <-time.After(writeGatePatience):
	}
	g.mu.Lock()
	g.openLocked()
	g.held--
	g.mu.Unlock()
}

func (g *writeGate) openLocked() {
	select {
	case <-g.open:
	default:
		close(g.open)
	}
}

// checkFilled checks that the gate opened because the expected number of writes was held at once.
func (g *writeGate) checkFilled() acctest.Func {
	return func() error {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.peak < g.want {
			return fmt.Errorf("at most %d writes were in flight at once in %s, want %d", g.peak, writeGatePatience, g.want)
		}
		return nil
	}
}

const (
	// rivalCount subscriptions per module, rivalURIs distinct ones.
	rivalCount = 12
	rivalURIs  = 4
	// rivalHold is how long the emulator holds every create's answer after carrying it out.
	rivalHold = 1500 * time.Millisecond
)

// Rival root modules: two configurations (two directories, two states, two provider processes) that declare
// identical subscriptions apply them at the same time against one account, while the answers of creates are
// lost.
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
