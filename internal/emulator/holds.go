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

// HoldAnswers makes every request of the tenant ("" = global) to route be
// carried out at once and answered d later, as a slow gateway does; d = 0
// removes the hold, and a tenant's own hold of a route wins over the global
// one. Fault answers are held too. An invalid call is logged and ignored.
func (e *Emulator) HoldAnswers(subscriptionKey, route string, d time.Duration) {
	e.logError(e.holdAnswers(subscriptionKey, route, d))
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
	s, err := e.settingsLocked(subscriptionKey)
	switch {
	case err != nil:
	case d == 0:
		delete(s.holds, route)
	case s.holds == nil:
		s.holds = map[string]time.Duration{route: d}
	default:
		s.holds[route] = d
	}
	return err
}

// HeldAnswers answers the holds that apply to a tenant ("" = the global ones), by route.
func (e *Emulator) HeldAnswers(subscriptionKey string) map[string]time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := map[string]time.Duration{}
	maps.Copy(out, e.global.holds)
	if s, err := e.settingsLocked(subscriptionKey); err == nil {
		maps.Copy(out, s.holds)
	}
	return out
}

func (e *Emulator) answerHold(t *tenantState, route string) time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t != nil {
		if d, ok := t.holds[route]; ok {
			return d
		}
	}
	return e.global.holds[route]
}

// heldWriter passes the handler's answer on once the hold is over. wait must
// also run after the handler, for an implicit 200.
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

// pause waits d, or less if ctx ends first; it reports whether d passed.
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
