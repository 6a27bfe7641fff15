// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Wrong credentials are ErrUnauthorized, the error names the host that
// answered, and it never repeats a secret, although a hostile gateway makes
// the 401 answer quote the token and the key.
func TestUnauthorizedErrorsHideSecrets(t *testing.T) {
	tenant := testEmulator.NewTenant()
	cases := map[string]Config{
		"wrong token": {SubscriptionKey: tenant.SubscriptionKey, AccessToken: "wrong-token-value-123"},
		"wrong key":   {SubscriptionKey: "wrong-key-value-456", AccessToken: tenant.AccessToken},
	}
	h := hostile.New(t, testURL)
	h.Echo(hostile.GoJSON)
	for name, cfg := range cases {
		t.Run(name, func(t *testing.T) {
			cfg.BaseURL = h.URL
			c, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.listHooks(context.Background())
			var apiErr *APIError
			if !errors.As(err, &apiErr) || !errors.Is(err, ErrUnauthorized) || apiErr.Login {
				t.Fatalf("err = %v, want a 401 *APIError of a client without login", err)
			}
			checkNoSecrets(t, err, cfg.AccessToken, cfg.SubscriptionKey)
			if host := strings.TrimPrefix(h.URL, "http://"); apiErr.Host != host || !strings.Contains(err.Error(), " at "+host+": ") {
				t.Errorf("the error does not say that %s answered: %v", host, err)
			}
		})
	}
}

// checkNoSecrets fails if err shows a secret, or shows no redaction (then
// the answer did not quote them, and the test proved nothing).
func checkNoSecrets(t *testing.T, err error, secrets ...string) {
	t.Helper()
	for _, secret := range secrets {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("the error contains the secret %q: %v", secret, err)
		}
	}
	if !strings.Contains(err.Error(), Withheld) {
		t.Errorf("the error shows no redaction, so the answer quoted no secret: %v", err)
	}
}

func TestLoginAndReloginAfter401(t *testing.T) {
	ctx := context.Background()
	c, tenant := newLoginClient(t)
	if _, err := c.listHooks(ctx); err != nil {
		t.Fatalf("first call with login: %v", err)
	}
	// The service expires the token (as it does after 30 minutes): the next
	// call gets 401, logs in once more and succeeds.
	testEmulator.ExpireTokens(tenant.SubscriptionKey)
	if _, err := c.listSubscriptions(ctx); err != nil {
		t.Fatalf("call after expiry: %v", err)
	}
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteLogin] != 2 {
		t.Errorf("logins = %d, want 2 (one at start, one after the 401)", counters[emulator.RouteLogin])
	}
	if counters[emulator.RouteSubscriptionList] != 2 {
		t.Errorf("list requests = %d, want 2 (the 401 and its repeat)", counters[emulator.RouteSubscriptionList])
	}
}

// A 401 that persists after the re-login ends the call: one re-login per call, never a loop.
func TestReloginOncePerCall(t *testing.T) {
	c, tenant := newLoginClient(t)
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionList, emulator.FaultUnauthorized, 5)
	if _, err := c.listSubscriptions(context.Background()); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want the 401", err)
	}
	if logins := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; logins != 2 {
		t.Errorf("logins = %d, want 2 (the first, and one after the 401)", logins)
	}
}

// A refused login says so, and the password it sent, which a hostile
// gateway makes the 401 answer quote, is not in the error.
func TestLoginWithWrongPassword(t *testing.T) {
	tenant := testEmulator.NewTenant()
	h := hostile.New(t, testURL)
	h.Echo(hostile.GoJSON)
	const password = "definitely-wrong-password"
	c, err := New(Config{
		BaseURL: h.URL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &LoginCredentials{Username: tenant.Username, Password: password, TenantID: tenant.TenantID},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.listHooks(context.Background())
	var apiErr *APIError
	if !errors.Is(err, ErrUnauthorized) || !errors.Is(err, ErrLoginRejected) || !strings.Contains(err.Error(), "login failed") ||
		!errors.As(err, &apiErr) || !apiErr.Login {
		t.Fatalf("err = %v, want a rejected login", err)
	}
	checkNoSecrets(t, err, password, tenant.SubscriptionKey)
}

// A refused login is tried once: concurrent and later calls fail with the
// same error without logging in again (a wrong password, repeated, may lock
// the account).
func TestRejectedLoginIsRemembered(t *testing.T) {
	tenant := testEmulator.NewTenant()
	c, err := New(Config{
		BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &LoginCredentials{Username: tenant.Username, Password: "wrong-password", TenantID: tenant.TenantID},
	})
	if err != nil {
		t.Fatal(err)
	}
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

func TestNewValidatesConfig(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no base url":       {SubscriptionKey: "k", AccessToken: "t"},
		"ftp base url":      {BaseURL: "ftp://x", SubscriptionKey: "k", AccessToken: "t"},
		"no key":            {BaseURL: "https://x", AccessToken: "t"},
		"no credentials":    {BaseURL: "https://x", SubscriptionKey: "k"},
		"both":              {BaseURL: "https://x", SubscriptionKey: "k", AccessToken: "t", Login: &LoginCredentials{Username: "u", Password: "p", TenantID: "t"}},
		"partial login":     {BaseURL: "https://x", SubscriptionKey: "k", Login: &LoginCredentials{Username: "u"}},
		"query in base":     {BaseURL: "https://x/?a=1", SubscriptionKey: "k", AccessToken: "t"},
		"user info in base": {BaseURL: "https://u:p@x/", SubscriptionKey: "k", AccessToken: "t"}, //nolint:gosec // G101: the point of the case is a URL with user info; "u:p" is no credential
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
}
