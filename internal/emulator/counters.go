// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import "maps"

// Counters answers the tenant's requests by route name (Route*), faulted
// ones included; "" is the default tenant, UnauthenticatedBucket the requests
// without a known key.
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

// Writes answers how many of the tenant's requests went to routes that
// change state (POST, PUT and DELETE, the login excluded).
func (e *Emulator) Writes(subscriptionKey string) int {
	n := 0
	for route, c := range e.Counters(subscriptionKey) {
		if isWriteRoute(route) {
			n += c
		}
	}
	return n
}

// PeakConcurrentWrites answers the most writes the tenant had in the service
// at once since the counters were reset: 1 for a client that writes in turn.
func (e *Emulator) PeakConcurrentWrites(subscriptionKey string) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if t := e.counterTenantLocked(subscriptionKey); t != nil {
		return t.peakWrites
	}
	return 0
}

// writing moves the gauge of PeakConcurrentWrites.
func (e *Emulator) writing(t *tenantState, delta int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	t.writesInFlight += delta
	t.peakWrites = max(t.peakWrites, t.writesInFlight)
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

// counterTenantLocked finds the tenant of a counter call; a tenant whose key
// is UnauthenticatedBucket wins over the bucket.
func (e *Emulator) counterTenantLocked(subscriptionKey string) *tenantState {
	if subscriptionKey == UnauthenticatedBucket {
		return e.tenants[subscriptionKey]
	}
	t, _ := e.tenantLocked(subscriptionKey)
	return t
}
