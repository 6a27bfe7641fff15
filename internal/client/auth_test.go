package client

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Wrong credentials are ErrUnauthorized and the error never repeats them.
func TestUnauthorizedErrorsHideSecrets(t *testing.T) {
	tenant := testEmulator.NewTenant()
	cases := map[string]Config{
		"wrong token": {SubscriptionKey: tenant.SubscriptionKey, AccessToken: "wrong-token-value-123"},
		"wrong key":   {SubscriptionKey: "wrong-key-value-456", AccessToken: tenant.AccessToken},
	}
	for name, cfg := range cases {
		t.Run(name, func(t *testing.T) {
			cfg.BaseURL = testURL
			c, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.ListHooks(context.Background())
			if !errors.Is(err, ErrUnauthorized) {
				t.Fatalf("err = %v, want ErrUnauthorized", err)
			}
			for _, secret := range []string{cfg.AccessToken, cfg.SubscriptionKey} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("the error %q contains a secret", err)
				}
			}
		})
	}
}

func TestLoginAndReloginAfter401(t *testing.T) {
	ctx := context.Background()
	tenant := testEmulator.NewTenant()
	c, err := New(Config{
		BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &LoginCredentials{Username: tenant.Username, Password: tenant.Password, TenantID: tenant.TenantID},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListHooks(ctx); err != nil {
		t.Fatalf("first call with login: %v", err)
	}
	// The service expires the token (as it does after 30 minutes): the next
	// call gets 401, logs in once more and succeeds.
	testEmulator.ExpireTokens(tenant.SubscriptionKey)
	if _, err := c.ListSubscriptions(ctx); err != nil {
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

func TestLoginWithWrongPassword(t *testing.T) {
	tenant := testEmulator.NewTenant()
	const password = "definitely-wrong-password"
	c, err := New(Config{
		BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &LoginCredentials{Username: tenant.Username, Password: password, TenantID: tenant.TenantID},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListHooks(context.Background())
	if !errors.Is(err, ErrUnauthorized) || !strings.Contains(err.Error(), "login failed") {
		t.Fatalf("err = %v, want a login failure", err)
	}
	if strings.Contains(err.Error(), password) {
		t.Errorf("the error contains the password")
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
