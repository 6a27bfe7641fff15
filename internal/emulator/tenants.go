// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"time"
)

// Tenant is one set of credentials and one isolated state. AccessToken, if
// any, never expires; Username, Password and TenantID are for the login.
type Tenant struct {
	SubscriptionKey string `json:"subscriptionKey"`
	AccessToken     string `json:"accessToken"`
	Username        string `json:"username"`
	Password        string `json:"password"`
	TenantID        string `json:"tenantId"`
}

// DevTenant is the default tenant: published development values, no secrets.
func DevTenant() Tenant {
	return Tenant{
		SubscriptionKey: "dev-subscription-key",
		AccessToken:     "dev-token",
		Username:        "dev",
		Password:        "dev-password",
		TenantID:        "00000000-0000-4000-8000-000000000001",
	}
}

// UnauthenticatedBucket names, for Counters, the requests without a known key.
const UnauthenticatedBucket = "unauthenticated"

// maxDeliveryLog bounds the per-tenant delivery log.
const maxDeliveryLog = 1000

type tenantState struct {
	Tenant
	subs                       []*subscription
	meta                       []*StoredMetadataEntry
	docs                       map[string]*document
	tokens                     map[string]time.Time // issued login tokens and their expiry
	counters                   map[string]int
	writesInFlight, peakWrites int // see PeakConcurrentWrites
	faultSettings
	answers    answerState
	deliveries []Delivery
}

// registerTenant adds t, or updates the credentials of the tenant of its key
// (from the state file); first makes it the default tenant.
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
		ts = &tenantState{Tenant: t, docs: map[string]*document{}, tokens: map[string]time.Time{}, counters: map[string]int{}}
		e.tenants[t.SubscriptionKey] = ts
		e.order = append(e.order, ts)
	}
	if first {
		e.order = slices.Insert(slices.DeleteFunc(e.order, func(o *tenantState) bool { return o == ts }), 0, ts)
	}
	return ts
}

// NewTenant registers a tenant with random credentials: a test's own state.
func (e *Emulator) NewTenant() Tenant {
	t, _ := e.newTenant() // a save failure is printed
	return t
}

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

// onTenant runs f on the tenant ("" = the default one) under e.mu.
func (e *Emulator) onTenant(subscriptionKey string, f func(t *tenantState)) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	t, err := e.tenantLocked(subscriptionKey)
	if err == nil {
		f(t)
	}
	return err
}

// changeTenant is onTenant for a change f reports, which is then saved.
func (e *Emulator) changeTenant(subscriptionKey string, f func(t *tenantState) bool) (changed bool, err error) {
	if err := e.onTenant(subscriptionKey, func(t *tenantState) { changed = f(t) }); err != nil || !changed {
		return false, err
	}
	return true, e.saveAfterWrite()
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
