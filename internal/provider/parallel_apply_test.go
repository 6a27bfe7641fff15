// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
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
				PreConfig:         func() { gate.expect(10) },
				Config:            entries,
				ConfigStateChecks: []statecheck.StateCheck{gate.checkFilled()},
			},
			{
				// 6 creates, all at once once the supported hooks and the subscription list have been read.
				PreConfig:         func() { gate.expect(6) },
				Config:            subscriptions,
				ConfigStateChecks: []statecheck.StateCheck{gate.checkFilled()},
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
