// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import "maps"

// Counters answers a copy of the tenant's per-route request counters, keyed
// by route name (Route*); "" is the default tenant. Pass UnauthenticatedBucket for the requests that
// had no known subscription key. Routes never called are absent.
func (e *Emulator) Counters(subscriptionKey string) map[string]int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.counterTenantLocked(subscriptionKey); t != nil {
		return maps.Clone(t.counters)
	}
	if subscriptionKey == UnauthenticatedBucket {
		return maps.Clone(e.unauth)
	}
	return map[string]int{}
}

// Writes answers how many requests the tenant sent to routes that change
// state (POST, PUT and DELETE routes, login excluded), faulted ones included.
func (e *Emulator) Writes(subscriptionKey string) int {
	n := 0
	for route, c := range e.Counters(subscriptionKey) {
		if isWriteRoute(route) {
			n += c
		}
	}
	return n
}

// PeakConcurrentWrites answers the most write requests (as Writes counts
// them) the tenant had in the service at the same time since the counters
// were last reset: 1 for a client that writes one request after another.
func (e *Emulator) PeakConcurrentWrites(subscriptionKey string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.counterTenantLocked(subscriptionKey); t != nil {
		return t.peakWrites
	}
	return 0
}

// writeStarted and writeEnded keep the gauge of PeakConcurrentWrites.
func (e *Emulator) writeStarted(t *tenantState) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t.writesInFlight++
	t.peakWrites = max(t.peakWrites, t.writesInFlight)
}

func (e *Emulator) writeEnded(t *tenantState) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t.writesInFlight--
}

// ResetCounters zeroes the tenant's counters (or the unauthenticated bucket).
func (e *Emulator) ResetCounters(subscriptionKey string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.counterTenantLocked(subscriptionKey); t != nil {
		clear(t.counters)
		t.peakWrites = t.writesInFlight
	} else if subscriptionKey == UnauthenticatedBucket {
		clear(e.unauth)
	}
}

// counterTenantLocked finds the tenant of a counter call; "" is the default
// tenant. A tenant whose key happens to be UnauthenticatedBucket wins.
func (e *Emulator) counterTenantLocked(subscriptionKey string) *tenantState {
	if subscriptionKey == UnauthenticatedBucket {
		return e.tenants[subscriptionKey]
	}
	t, _ := e.tenantLocked(subscriptionKey)
	return t
}
