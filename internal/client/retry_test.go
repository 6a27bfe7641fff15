// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestRetriesTransientFailures(t *testing.T) {
	for _, kind := range []emulator.FaultKind{emulator.FaultRateLimit, emulator.FaultInternalError, emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout, emulator.FaultDrop} {
		t.Run(string(kind), func(t *testing.T) {
			c, tenant := newTestClient(t)
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionList, kind, 2)
			if _, err := c.ListSubscriptions(context.Background()); err != nil {
				t.Fatalf("two %s faults then success: err = %v", kind, err)
			}
			if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionList]; n != 3 {
				t.Errorf("requests = %d, want 3", n)
			}
		})
	}
}

func TestRetriesAreBounded(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 2 })
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultRateLimit, 10)
	_, err := c.ListHooks(context.Background())
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v, want ErrRateLimited", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 3 {
		t.Errorf("requests = %d, want 1 + 2 retries", n)
	}
}

// A 500 is retried for a call that may be repeated: repeating a GET, PUT or
// DELETE is harmless. (A POST's 500 is ErrOutcomeUnknown, below.)
func TestServerErrorRetriedWhenIdempotent(t *testing.T) {
	c, tenant := newTestClient(t)
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultInternalError, 2)
	if _, err := c.ListHooks(context.Background()); err != nil {
		t.Fatalf("two 500s then success: err = %v", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 3 {
		t.Errorf("requests = %d, want 3", n)
	}
}

// A definite answer (4xx other than 429) is never retried.
func TestClientErrorIsNotRetried(t *testing.T) {
	c, tenant := newTestClient(t)
	_, err := c.GetSubscription(context.Background(), "00000000-0000-4000-8000-00000000dead", "signatorysigned")
	if !IsNotFound(err) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionGet]; n != 1 {
		t.Errorf("a 404 was retried: %d requests", n)
	}
}

// Retries stop when the context's deadline would pass during the wait.
func TestRetriesStopAtTheDeadline(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 10 })
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	started := time.Now()
	_, err := c.ListHooks(ctx)
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v, want ErrRateLimited", err)
	}
	if d := time.Since(started); d > 900*time.Millisecond {
		t.Errorf("gave up after %s; it should not wait for a Retry-After past the deadline", d)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

// A create whose answer is lost must not be repeated blindly.
func TestCreateOutcomeUnknown(t *testing.T) {
	for _, kind := range []emulator.FaultKind{
		emulator.FaultCommitThenDrop, emulator.FaultDrop, emulator.FaultInternalError,
		emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout,
	} {
		t.Run(string(kind), func(t *testing.T) {
			c, tenant := newTestClient(t)
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, kind, 1)
			_, err := c.CreateSubscription(context.Background(), CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"})
			if !errors.Is(err, ErrOutcomeUnknown) {
				t.Fatalf("err = %v, want ErrOutcomeUnknown", err)
			}
			if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 1 {
				t.Errorf("the create was sent %d times, want once", n)
			}
		})
	}
}

// A 429 means the create was refused before processing: repeating is safe.
func TestCreateRetriedAfterRateLimit(t *testing.T) {
	c, tenant := newTestClient(t)
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultRateLimit, 1)
	if _, err := c.CreateSubscription(context.Background(), CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"}); err != nil {
		t.Fatal(err)
	}
	if n := len(testEmulator.Subscriptions(tenant.SubscriptionKey)); n != 1 {
		t.Errorf("%d subscriptions exist, want 1", n)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"3":                             3 * time.Second,
		"0":                             0,
		"Sat, 21 Nov 2026 12:00:05 GMT": 5 * time.Second,
		"9999":                          maxRetryAfter,
	} {
		got, ok := parseRetryAfter(in, now)
		if !ok || got != want {
			t.Errorf("parseRetryAfter(%q) = %s, %v; want %s", in, got, ok, want)
		}
	}
	if _, ok := parseRetryAfter("soon", now); ok {
		t.Error("parseRetryAfter accepted garbage")
	}
}

// Headers sent on every request, and secrets scrubbed from an echoed body.
// A tiny server of its own: the emulator never echoes secrets, and this test
// needs one that does.
func TestRequestHeadersAndRedaction(t *testing.T) {
	const token, key = "tok-VERY-secret-1", "key-VERY-secret-2"
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"message":"bad token ` + token + ` for key ` + key + `"}`))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL + "/api/", SubscriptionKey: key, AccessToken: token, UserAgent: "terraform-provider-esign/1.2.3"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListHooks(context.Background())
	if err == nil {
		t.Fatal("expected an error")
	}
	if got.Get("Authorization") != "Bearer "+token || got.Get("Ocp-Apim-Subscription-Key") != key {
		t.Errorf("auth headers missing: %v", got)
	}
	if got.Get("User-Agent") != "terraform-provider-esign/1.2.3" {
		t.Errorf("User-Agent = %q", got.Get("User-Agent"))
	}
	if strings.Contains(err.Error(), token) || strings.Contains(err.Error(), key) {
		t.Errorf("secret in error: %v", err)
	}
	if !strings.Contains(err.Error(), "[redacted]") || !strings.Contains(err.Error(), "400") {
		t.Errorf("error lacks status or redaction marker: %v", err)
	}
}

func TestEndpointEscapesSegments(t *testing.T) {
	c, err := New(Config{BaseURL: "https://api.example.com/base/", SubscriptionKey: "k", AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	u := c.endpoint(nil, lit("metadata"), val("Document"), val("a/b c"), val("k%?#"))
	if want := "https://api.example.com/base/metadata/Document/a%2Fb%20c/k%25%3F%23"; u.String() != want {
		t.Errorf("endpoint = %s, want %s", u, want)
	}
}
