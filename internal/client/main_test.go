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
func newTestClient(t *testing.T, tweak ...func(*Config)) (*Client, emulator.Tenant) {
	t.Helper()
	tenant := testEmulator.NewTenant()
	cfg := Config{
		BaseURL:         testURL,
		SubscriptionKey: tenant.SubscriptionKey,
		AccessToken:     tenant.AccessToken,
		retryBaseDelay:  time.Millisecond,
	}
	for _, f := range tweak {
		f(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, tenant
}

// newLoginClient logs in with a new tenant's user, as the login block does.
func newLoginClient(t *testing.T) (*Client, emulator.Tenant) {
	t.Helper()
	tenant := testEmulator.NewTenant()
	c, err := New(Config{BaseURL: testURL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &LoginCredentials{Username: tenant.Username, Password: tenant.Password, TenantID: tenant.TenantID}})
	if err != nil {
		t.Fatal(err)
	}
	return c, tenant
}
