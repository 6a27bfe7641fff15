// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Which failures are retried and how often: a call after count faults of a
// kind on its route, the error it ends with (nil: it succeeds) and the
// requests the route got, each logged with its attempt. Any GET, PUT or DELETE
// may be repeated, and a create refused with 429; a definite answer (4xx other
// than 429) never is.
func TestRetries(t *testing.T) {
	type retryCase struct {
		route        string
		kind         emulator.FaultKind
		count        int
		maxRetries   int
		call         func(*Client) error
		want         error
		wantRequests int
	}
	ctx := context.Background()
	listSubscriptions := func(c *Client) error { _, err := c.listSubscriptions(ctx); return err }
	cases := map[string]retryCase{
		"bounded": {emulator.RouteHooksList, emulator.FaultRateLimit, 10, 2,
			func(c *Client) error { _, err := c.listHooks(ctx); return err }, ErrRateLimited, 3},
		"404 not retried": {emulator.RouteSubscriptionGet, "", 0, 0, func(c *Client) error {
			_, err := c.GetSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned")
			return err
		}, errNotFound, 1},
	}
	for _, kind := range []emulator.FaultKind{emulator.FaultRateLimit, emulator.FaultInternalError, emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout, emulator.FaultDrop} {
		cases["two "+string(kind)+" then success"] = retryCase{emulator.RouteSubscriptionList, kind, 2, 0, listSubscriptions, nil, 3}
	}
	createSubscription := func(c *Client) error {
		_, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"})
		return err
	}
	create := emulator.RouteSubscriptionCreate
	cases["create after 429"] = retryCase{create, emulator.FaultRateLimit, 1, 0, createSubscription, nil, 2}
	// A create whose answer is lost must not be repeated blindly.
	for _, kind := range []emulator.FaultKind{
		emulator.FaultCommitThenDrop, emulator.FaultDrop, emulator.FaultInternalError,
		emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout,
	} {
		cases["create after "+string(kind)] = retryCase{create, kind, 1, 0, createSubscription, ErrOutcomeUnknown, 1}
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			log := &recordedLog{}
			c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries, c.Logger = tc.maxRetries, log })
			if tc.count > 0 {
				testEmulator.ScriptFault(tenant.SubscriptionKey, tc.route, tc.kind, tc.count)
			}
			if err := tc.call(c); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if n := testEmulator.Counters(tenant.SubscriptionKey)[tc.route]; n != tc.wantRequests {
				t.Errorf("requests = %d, want %d", n, tc.wantRequests)
			}
			var attempts []map[string]any
			for _, f := range log.events() {
				if f["route"] == tc.route {
					attempts = append(attempts, f)
				}
			}
			for i, f := range attempts {
				if f["attempt"] != i+1 || f["method"] != strings.Fields(tc.route)[0] || f["duration_ms"] == nil ||
					tc.want == nil && i == len(attempts)-1 && f["status"] == nil {
					t.Errorf("logged %v as attempt %d of %d", f, i+1, len(attempts))
				}
			}
			if len(attempts) != tc.wantRequests {
				t.Errorf("%d attempts logged, want %d", len(attempts), tc.wantRequests)
			}
		})
	}
}

// Retries stop when the context's deadline would pass during the wait.
func TestRetriesStopAtTheDeadline(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 10 })
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	started := time.Now()
	_, err := c.listHooks(ctx)
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

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"3":                             3 * time.Second,
		"0":                             0,
		"Sat, 21 Nov 2026 12:00:05 GMT": 5 * time.Second,
		"9999":                          9999 * time.Second,
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

// A Retry-After longer than the provider waits fails the call at once, naming the wait and its end; no
// advice to retry more, which would not help.
func TestRetryAfterTooLongFailsAtOnce(t *testing.T) {
	c, tenant := newTestClient(t)
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: time.Hour})
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // without the check: a wait that cannot fit
	defer cancel()
	_, err := c.listHooks(ctx)
	if !errors.Is(err, ErrWaitTooLong) || errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v, want ErrWaitTooLong", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the call took %s", took)
	}
	until := time.Now().Add(time.Hour).UTC().Format("2006-01-02T15:")
	for _, want := range []string{"429 Too Many Requests", "wait 1h0m0s", "until " + until} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q: %v", want, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}
