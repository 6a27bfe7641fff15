// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

// The client's tests run against the real emulator over HTTP on 127.0.0.1.
// Each test takes a fresh tenant: its own state, faults and counters.

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

var (
	testEmulator *emulator.Emulator
	testURL      string
)

func TestMain(m *testing.M) {
	e, err := emulator.New(emulator.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if testURL, err = e.Start("127.0.0.1:0"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testEmulator = e
	code := m.Run()
	_ = e.Close()
	os.Exit(code)
}

// newTestClient gives a client with an access token for a fresh tenant.
func newTestClient(t testing.TB, tweak ...func(*Config)) (*Client, emulator.Tenant) {
	t.Helper()
	tenant := testEmulator.NewTenant()
	return clientOf(t, tenant, tweak...), tenant
}

// clientOf is a client of tenant with its access token; a second one is as another process would be.
func clientOf(t testing.TB, tenant emulator.Tenant, tweak ...func(*Config)) *Client {
	t.Helper()
	cfg := Config{BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey, AccessToken: tenant.AccessToken,
		retryBaseDelay: time.Millisecond}
	for _, f := range tweak {
		f(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// login makes a client log in as tenant's user with password, as the login block does.
func login(tenant emulator.Tenant, password string) func(*Config) {
	return func(c *Config) {
		c.AccessToken = ""
		c.Login = &LoginCredentials{Username: tenant.Username, Password: password, TenantID: tenant.TenantID}
	}
}

// newLoginClient logs in with a new tenant's user.
func newLoginClient(t *testing.T) (*Client, emulator.Tenant) {
	t.Helper()
	tenant := testEmulator.NewTenant()
	return clientOf(t, tenant, login(tenant, tenant.Password)), tenant
}
