// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"
)

// Tenant is one set of credentials and, inside the emulator, one isolated
// state. SubscriptionKey identifies it; AccessToken (optional) is a static
// bearer token that never expires; Username, Password and TenantID are the
// login credentials of POST /identity/login.
type Tenant struct {
	SubscriptionKey string `json:"subscriptionKey"`
	AccessToken     string `json:"accessToken"`
	Username        string `json:"username"`
	Password        string `json:"password"`
	TenantID        string `json:"tenantId"`
}

// DevTenant is the default tenant of a local emulator. Its values are
// published development defaults, not secrets.
func DevTenant() Tenant {
	return Tenant{
		SubscriptionKey: "dev-subscription-key",
		AccessToken:     "dev-token",
		Username:        "dev",
		Password:        "dev-password",
		TenantID:        "00000000-0000-4000-8000-000000000001",
	}
}

// UnauthenticatedBucket names the shared counters of requests whose
// subscription key is missing or unknown: pass it to Counters.
const UnauthenticatedBucket = "unauthenticated"

// maxDeliveryLog bounds the per-tenant delivery log.
const maxDeliveryLog = 1000

type tenantState struct {
	Tenant
	subs     []*subscription
	meta     []*metaEntry
	docs     map[string]*document
	tokens   map[string]time.Time // issued login tokens and their expiry
	counters map[string]int
	// writesInFlight and peakWrites gauge how many write requests the
	// service handled at the same time (reset with the counters).
	writesInFlight, peakWrites int
	faults                     *faultState // nil: the global faults apply
	plan                       []scriptEntry
	holds                      map[string]time.Duration // route: how long its answers are held
	deliveries                 []Delivery
}

func newTenantState(t Tenant) *tenantState {
	return &tenantState{
		Tenant:   t,
		docs:     map[string]*document{},
		tokens:   map[string]time.Time{},
		counters: map[string]int{},
	}
}

// registerTenant adds t, or updates the credentials of a tenant loaded from
// the state file with the same key (keeping its data). first moves it to the
// front so it becomes the default tenant. Callers must not hold e.mu.
func (e *Emulator) registerTenant(t Tenant, first bool) *tenantState {
	if t.TenantID == "" {
		t.TenantID = newGUID()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	ts := e.tenants[t.SubscriptionKey]
	if ts != nil {
		ts.Tenant = t
	} else {
		ts = newTenantState(t)
		e.tenants[t.SubscriptionKey] = ts
		e.order = append(e.order, ts)
	}
	if first {
		for i, o := range e.order {
			if o == ts {
				copy(e.order[1:i+1], e.order[:i])
				e.order[0] = ts
				break
			}
		}
	}
	return ts
}

// NewTenant registers a tenant with random credentials, so a test gets
// isolated state and counters.
func (e *Emulator) NewTenant() Tenant {
	t, _ := e.newTenant() // a save failure is printed
	return t
}

// newTenant is NewTenant answering a failure to save the state file.
func (e *Emulator) newTenant() (Tenant, error) {
	t := Tenant{
		SubscriptionKey: randomHex(16),
		AccessToken:     randomHex(24),
		Username:        "user-" + randomHex(4),
		Password:        randomHex(16),
		TenantID:        newGUID(),
	}
	e.registerTenant(t, false)
	return t, e.saveAfterWrite()
}

// Tenants lists the registered tenants, the default one first.
func (e *Emulator) Tenants() []Tenant {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]Tenant, len(e.order))
	for i, t := range e.order {
		out[i] = t.Tenant
	}
	return out
}

// tenantLocked finds a tenant; "" means the default tenant. e.mu must be held.
func (e *Emulator) tenantLocked(subscriptionKey string) (*tenantState, error) {
	if subscriptionKey == "" {
		if len(e.order) == 0 {
			return nil, fmt.Errorf("emulator: no tenant registered")
		}
		return e.order[0], nil
	}
	t := e.tenants[subscriptionKey]
	if t == nil {
		// The key is not repeated: it is a credential.
		return nil, fmt.Errorf("emulator: unknown tenant subscription key")
	}
	return t, nil
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return b
}

func randomHex(n int) string { return hex.EncodeToString(randomBytes(n)) }

// newGUID returns a random (version 4) GUID in its usual lower-case form.
func newGUID() string {
	b := randomBytes(16)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
