// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"maps"
	"net/http"
	"testing"
	"time"
)

const testHold = 300 * time.Millisecond

// A held create is carried out at once: the subscription exists while its answer is still on hold, and the
// answer comes after the hold.
func TestHeldAnswerCarriesTheRequestOutAtOnce(t *testing.T) {
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	f.e.HoldAnswers(key, RouteSubscriptionCreate, testHold)
	status := make(chan int, 1)
	start := time.Now()
	go func() {
		resp, _, err := f.send("POST", "/hooks/v1/subscription", map[string]string{"Uri": "https://localhost/held", "EventType": "signatorysigned"})
		if err != nil {
			status <- 0
			return
		}
		status <- resp.StatusCode
	}()
	for len(f.e.Subscriptions(key)) == 0 {
		if time.Since(start) > 5*time.Second {
			t.Fatal("the held create was not carried out")
		}
		time.Sleep(5 * time.Millisecond)
	}
	createdAfter := time.Since(start)
	select {
	case s := <-status:
		t.Fatalf("the answer (%d) had come by the time the subscription existed: not carried out before its hold", s)
	default:
	}
	if s := <-status; s != http.StatusOK || time.Since(start) < testHold || createdAfter >= testHold {
		t.Errorf("created after %v, answered %d after %v; want at once, and 200 after at least %v",
			createdAfter, s, time.Since(start), testHold)
	}
}

// Holds are per route and per tenant; a tenant's hold wins over the global one; fault answers are held too;
// ClearFaults removes a tenant's holds.
func TestHeldAnswersScope(t *testing.T) {
	f := newFixture(t, Options{HeldAnswers: map[string]time.Duration{RouteHooksList: testHold}})
	key := f.tenant.SubscriptionKey
	other := f.e.NewTenant()
	timed := func(path string, want int, opts ...reqOpt) time.Duration {
		t.Helper()
		start := time.Now()
		f.do("GET", path, nil, want, opts...)
		return time.Since(start)
	}

	if d := timed("/hooks/v1", http.StatusOK, withTenant(other)); d < testHold {
		t.Errorf("global hold not applied: %v", d)
	}
	if d := timed("/hooks/v1/subscription", http.StatusOK); d >= testHold {
		t.Errorf("a route without a hold was held: %v", d)
	}

	f.e.HoldAnswers(key, RouteHooksList, time.Millisecond)
	if d := timed("/hooks/v1", http.StatusOK); d >= testHold {
		t.Errorf("the tenant's own hold did not win over the global one: %v", d)
	}
	f.e.HoldAnswers(key, RouteSubscriptionList, testHold)
	f.e.ScriptFault(key, RouteSubscriptionList, FaultServiceUnavailable, 1)
	if d := timed("/hooks/v1/subscription", http.StatusServiceUnavailable); d < testHold {
		t.Errorf("a fault answer was not held: %v", d)
	}
	if d := timed("/hooks/v1/subscription", http.StatusOK, withTenant(other)); d >= testHold {
		t.Errorf("another tenant's hold applied: %v", d)
	}
	want := map[string]time.Duration{RouteHooksList: time.Millisecond, RouteSubscriptionList: testHold}
	if got := f.e.HeldAnswers(key); !maps.Equal(got, want) {
		t.Errorf("HeldAnswers = %v, want %v", got, want)
	}

	f.e.ClearFaults(key)
	if d := timed("/hooks/v1/subscription", http.StatusOK); d >= testHold {
		t.Errorf("ClearFaults left the hold: %v", d)
	}
	if got := f.e.HeldAnswers(key); len(got) != 1 || got[RouteHooksList] != testHold {
		t.Errorf("after ClearFaults the global hold should apply again: %v", got)
	}

	f.e.HoldAnswers("", RouteHooksList, 0)
	if got := f.e.HeldAnswers(""); len(got) != 0 {
		t.Errorf("a hold of 0 did not remove the global hold: %v", got)
	}
	if _, err := New(Options{HeldAnswers: map[string]time.Duration{"GET /nope": time.Second}}); err == nil {
		t.Error("New accepted a hold of an unknown route")
	}
}
