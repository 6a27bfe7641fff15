// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"sync"
	"time"
)

// Held answers: a route whose answers are held carries every request out at
// once and sends the answer only after a pause, as a slow gateway in front
// of the live service does. A client that gives up waiting (a timeout, an
// interrupted terraform) has still changed the service: the case a
// provider must survive without losing track of what it created.
//
// Holds are set per route, for one tenant or for all (global), like the
// random faults: a tenant's own hold of a route wins over the global one.
// Fault answers and dropped connections of the route are held too; the
// Latency of FaultConfig, by contrast, delays a request before it is
// carried out.

// HoldAnswers makes every request of the tenant (subscriptionKey; "" sets
// the global hold) to route be carried out at once and answered d later; d
// = 0 removes the hold. An unknown route or tenant, or a negative d, is
// ignored and logged.
func (e *Emulator) HoldAnswers(subscriptionKey, route string, d time.Duration) {
	if err := e.holdAnswers(subscriptionKey, route, d); err != nil {
		e.logf("%v", err)
	}
}

func (e *Emulator) holdAnswers(subscriptionKey, route string, d time.Duration) error {
	if !knownRoute(route) {
		return fmt.Errorf("emulator: holds: unknown route %q", route)
	}
	if d < 0 {
		return fmt.Errorf("emulator: holds: the duration must not be negative")
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	holds := &e.globalHolds
	if subscriptionKey != "" {
		t := e.tenants[subscriptionKey]
		if t == nil {
			return fmt.Errorf("emulator: unknown tenant subscription key")
		}
		holds = &t.holds
	}
	if d == 0 {
		delete(*holds, route)
		return nil
	}
	if *holds == nil {
		*holds = map[string]time.Duration{}
	}
	(*holds)[route] = d
	return nil
}

// HeldAnswers answers the holds that apply to a tenant's requests, by
// route: its own, and the global ones of the other routes ("" = the global
// holds alone).
func (e *Emulator) HeldAnswers(subscriptionKey string) map[string]time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := maps.Clone(e.globalHolds)
	if out == nil {
		out = map[string]time.Duration{}
	}
	if t := e.tenants[subscriptionKey]; subscriptionKey != "" && t != nil {
		maps.Copy(out, t.holds)
	}
	return out
}

// answerHold is how long the answer of one request to route is held.
func (e *Emulator) answerHold(t *tenantState, route string) time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t != nil {
		if d, ok := t.holds[route]; ok {
			return d
		}
	}
	return e.globalHolds[route]
}

// heldWriter lets the handler carry the request out and passes its answer
// on once the hold is over: the first WriteHeader or Write waits. wait must
// also run after the handler, for an answer left to the server (an
// implicit 200).
type heldWriter struct {
	http.ResponseWriter
	ctx  context.Context
	hold time.Duration
	once sync.Once
}

func (h *heldWriter) wait() { h.once.Do(func() { pause(h.ctx, h.hold) }) }

func (h *heldWriter) WriteHeader(code int) {
	h.wait()
	h.ResponseWriter.WriteHeader(code)
}

func (h *heldWriter) Write(b []byte) (int, error) {
	h.wait()
	return h.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach Hijack and Flush.
func (h *heldWriter) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// pause waits d, or less when ctx ends first (the client went away); it
// reports whether the whole pause passed.
func pause(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}
