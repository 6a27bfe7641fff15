// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// At a base URL with a wrong path prefix every route answers 404. No call
// may read that as "gone" or "empty": each reports ErrWrongBaseURL, which
// is not errNotFound, and names the base URL.
func TestWrongBaseURLIsNeverNotFound(t *testing.T) {
	ctx := context.Background()
	right, tenant := newTestClient(t)
	c := clientOf(t, tenant, func(c *Config) { c.BaseURL = testURL + "/wrong" })
	existing, err := right.CreateSubscription(ctx, onceRequest)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"listSubscriptions": func() error { _, err := c.listSubscriptions(ctx); return err },
		"Subscriptions":     func() error { _, err := c.Subscriptions(ctx); return err },
		"listHooks":         func() error { _, err := c.listHooks(ctx); return err },
		"EntityMetadata":    func() error { _, err := c.EntityMetadata(ctx, "Signatory", "s"); return err },
		"ListReferenceMetadata": func() error {
			_, err := c.ListReferenceMetadata(ctx, "r")
			return err
		},
		"GetSubscription":    func() error { _, err := c.GetSubscription(ctx, existing, "signatorysigned"); return err },
		"DeleteSubscription": func() error { return c.DeleteSubscription(ctx, existing, "signatorysigned") },
		"DownloadDocument":   func() error { _, err := c.DownloadDocument(ctx, "b", io.Discard); return err },
	}
	for name, call := range calls {
		err := call()
		if !errors.Is(err, ErrWrongBaseURL) || IsNotFound(err) {
			t.Errorf("%s: err = %v, want ErrWrongBaseURL and not errNotFound", name, err)
			continue
		}
		if !strings.Contains(err.Error(), `"`+testURL+`/wrong"`) || !strings.Contains(err.Error(), "404") {
			t.Errorf("%s: the error does not name the base URL and the 404: %v", name, err)
		}
	}
	if subs := testEmulator.Subscriptions(tenant.SubscriptionKey); len(subs) != 1 {
		t.Errorf("the emulator holds %+v, want the subscription untouched", subs)
	}
}

// At the right base URL a 404 on one object means what it says, and on a metadata list an empty (non-nil)
// list, after one GET /hooks/v1 per client, which a read of the supported hooks makes unnecessary.
func TestNotFoundTrustedAtConfirmedBaseURL(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)
	for range 3 {
		if _, err := c.GetSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned"); !IsNotFound(err) {
			t.Fatalf("err = %v, want errNotFound", err)
		}
		if list, err := c.ListReferenceMetadata(ctx, "none"); err != nil || list.Items == nil || len(list.Items) != 0 {
			t.Fatalf("got %+v, %v; want an empty list", list, err)
		}
		if set, err := c.EntityMetadata(ctx, "Document", "none"); err != nil || set.Items == nil || len(set.Items) != 0 {
			t.Fatalf("got %+v, %v; want an empty list", set, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d GET /hooks/v1 requests, want 1 for the client", n)
	}

	c, tenant = newTestClient(t)
	if _, err := c.SupportedHooks(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListReferenceMetadata(ctx, "none"); err != nil {
		t.Fatal(err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d GET /hooks/v1 requests, want only the SupportedHooks one", n)
	}
}

// When GET /hooks/v1 cannot tell, the 404 is reported as an error, neither
// "gone" nor "empty".
func TestNotFoundUnconfirmedIsAnError(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = -1 })
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultServiceUnavailable, 2)
	if _, err := c.EntityMetadata(ctx, "Signatory", "nobody"); err == nil || IsNotFound(err) || errors.Is(err, ErrWrongBaseURL) ||
		!strings.Contains(err.Error(), "503") {
		t.Errorf("metadata list: err = %v, want the 503 of the check and no errNotFound", err)
	}
	if err := c.DeleteSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned"); err == nil || IsNotFound(err) {
		t.Errorf("delete: err = %v, want an error that is not errNotFound", err)
	}
	// The check is made again once the service answers.
	if _, err := c.EntityMetadata(ctx, "Signatory", "nobody"); err != nil {
		t.Errorf("after the outage: err = %v", err)
	}
}

// New refuses what CheckBaseURL refuses, with the same reason; the opt-in that allows insecure http accepts
// http:// for any host, and nothing else.
func TestCheckBaseURL(t *testing.T) {
	//nolint:gosec // G101: URLs with user info are cases under test; "me:secret" is no credential
	for raw, want := range map[string]string{
		"https://api.example.com/esign/":    "",
		"http://127.0.0.1:8787":             "",
		"":                                  "is empty",
		"api.example.com":                   `must start with https://`,
		"ftp://api.example.com":             `must start with https:// (or http:// for a loopback host such as the emulator), got "ftp://api.example.com"`,
		"https:///esign":                    "has no host",
		"https://me:secret@api.example.com": "must not contain user information",
		"ftp://me:secret@api.example.com":   "must not contain user information",
		"https://api.example.com/?subscription-key=secret": `must not have a query or fragment: "https://api.example.com/?…" (what follows '?' not shown`,
		"https://api.example.com/#secret":                  `must not have a query or fragment: "https://api.example.com/#…"`,
		"ftp://api.example.com/?k=secret":                  `got "ftp://api.example.com/?…"`,
		"https:///esign?k=secret":                          "has no host",
		"api.example.com/?k=secret":                        "must start with https://",
		"https://api.example.com/%zz":                      "is not a valid URL",
		"127.0.0.1:8787":                                   `must start with https:// (or http:// for a loopback host such as the emulator), got "127.0.0.1:8787"`,
		"me:secret@127.0.0.1:8787":                         `not shown: it may hold a password`,
		"http://localhost:8787/api":                        "",
		"http://[::1]:8787":                                "",
		"http://127.3.2.1":                                 "",
		"http://api.esign.example.com":                     `must start with https:// for the host "api.esign.example.com", got "http://api.esign.example.com": plain http:// is accepted only for a loopback host`,
		"http://10.0.0.1:8787":                             "in clear text",
		"http://localhost.example.com":                     "in clear text",
	} {
		for _, insecure := range []bool{false, true} {
			if insecure && strings.HasPrefix(raw, "http://") {
				want = ""
			}
			err := CheckBaseURLWith(raw, insecure)
			_, newErr := New(Config{BaseURL: raw, SubscriptionKey: "k", AccessToken: "t", AllowInsecureHTTP: insecure})
			switch {
			case want == "" && (err != nil || newErr != nil):
				t.Errorf("%q (insecure %v) refused: %v; New: %v", raw, insecure, err, newErr)
			case want == "":
			case err == nil || !strings.Contains(err.Error(), want):
				t.Errorf("CheckBaseURLWith(%q, %v) = %v, want an error with %q", raw, insecure, err, want)
			case newErr == nil || newErr.Error() != "the base URL "+err.Error():
				t.Errorf("New with %q: %v, want the base URL %v", raw, newErr, err)
			case strings.Contains(err.Error(), "secret"):
				t.Errorf("CheckBaseURLWith(%q) quotes the password: %v", raw, err)
			}
		}
	}
}
