// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// A call answered 401 logs in again once and is repeated (the service expires a token after 30 minutes);
// a 401 that persists after the new login ends the call: one re-login per call, never a loop.
func TestReloginAfter401(t *testing.T) {
	ctx := context.Background()
	c, tenant := newLoginClient(t)
	if _, err := c.listHooks(ctx); err != nil {
		t.Fatalf("first call with login: %v", err)
	}
	testEmulator.ExpireTokens(tenant.SubscriptionKey)
	if _, err := c.listSubscriptions(ctx); err != nil {
		t.Fatalf("call after expiry: %v", err)
	}
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteLogin] != 2 || counters[emulator.RouteSubscriptionList] != 2 {
		t.Errorf("counters %v, want 2 logins (at start, after the 401) and 2 lists (the 401 and its repeat)", counters)
	}
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionList, emulator.FaultUnauthorized, 5)
	if _, err := c.listSubscriptions(ctx); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want the 401", err)
	}
	if logins := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; logins != 3 {
		t.Errorf("logins = %d, want 3 (one after the lasting 401)", logins)
	}
}

// A refused login is tried once: concurrent and later calls fail with the
// same error without logging in again (a wrong password, repeated, may lock
// the account).
func TestRejectedLoginIsRemembered(t *testing.T) {
	tenant := testEmulator.NewTenant()
	c := clientOf(t, tenant, login(tenant, "wrong-password"))
	errs := make([]error, 8)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { _, errs[i] = c.listSubscriptions(context.Background()) })
	}
	wg.Wait()
	_, later := c.listHooks(context.Background())
	for _, err := range append(errs, later) {
		if !errors.Is(err, ErrLoginRejected) || err.Error() != errs[0].Error() {
			t.Errorf("err = %v, want the one rejected login %v", err, errs[0])
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; n != 1 {
		t.Errorf("%d logins, want 1", n)
	}
}

// New refuses what CheckBaseURL refuses: TestCheckBaseURL.
func TestNewValidatesConfig(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no base url":    {SubscriptionKey: "k", AccessToken: "t"},
		"no key":         {BaseURL: "https://x", AccessToken: "t"},
		"no credentials": {BaseURL: "https://x", SubscriptionKey: "k"},
		"both":           {BaseURL: "https://x", SubscriptionKey: "k", AccessToken: "t", Login: &LoginCredentials{Username: "u", Password: "p", TenantID: "t"}},
		"partial login":  {BaseURL: "https://x", SubscriptionKey: "k", Login: &LoginCredentials{Username: "u"}},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
}
