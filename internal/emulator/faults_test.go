// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

func TestScriptedFaults(t *testing.T) {
	f := newFixture(t, Options{Faults: FaultConfig{RetryAfter: 1500 * time.Millisecond}})
	key := f.tenant.SubscriptionKey

	f.e.ScriptFault(key, RouteHooksList, FaultRateLimit, 1)
	resp, body, err := f.send("GET", "/hooks/v1", nil)
	if err != nil || resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "2" {
		t.Fatalf("scripted 429: %v %v %s", err, resp, body)
	}
	if e := decode[errorBody](t, body); e.StatusCode != 429 {
		t.Errorf("429 body %s", body)
	}
	f.do("GET", "/hooks/v1", nil, http.StatusOK) // the script is used up

	f.e.ScriptFault(key, "", FaultServiceUnavailable, 2)
	f.do("GET", "/hooks/v1/subscription", nil, http.StatusServiceUnavailable)
	f.do("GET", "/metadata/x", nil, http.StatusServiceUnavailable)
	f.do("GET", "/metadata/x", nil, http.StatusNotFound)

	f.e.ScriptFault(key, RouteSubscriptionList, FaultDrop, 1)
	if _, _, err := f.send("GET", "/hooks/v1/subscription", nil); err == nil {
		t.Error("dropped connection gave no client error")
	}

	// Commit then drop: the client sees an error, the subscription exists.
	f.e.ScriptFault(key, RouteSubscriptionCreate, FaultCommitThenDrop, 1)
	_, _, err = f.send("POST", "/hooks/v1/subscription", map[string]string{"Uri": "https://localhost/x", "EventType": "signatorysigned"})
	if err == nil {
		t.Error("commit-then-drop gave no client error")
	}
	if subs := f.e.Subscriptions(key); len(subs) != 1 || subs[0].URI != "https://localhost/x" {
		t.Errorf("commit-then-drop did not commit: %+v", subs)
	}

	// Another tenant is not affected by this tenant's script.
	other := f.e.NewTenant()
	f.e.ScriptFault(key, RouteHooksList, FaultInternalError, 1)
	f.do("GET", "/hooks/v1", nil, http.StatusOK, withTenant(other))
	f.do("GET", "/hooks/v1", nil, http.StatusInternalServerError)

	// Faulted requests are counted; admin routes are never faulted.
	if c := f.e.Counters(key); c[RouteSubscriptionList] != 2 || c[RouteSubscriptionCreate] != 1 || c[RouteHooksList] != 3 {
		t.Errorf("counters %v", c)
	}
	f.e.ScriptFault("", "", FaultDrop, 1)
	f.do("GET", "/_emulator/healthz", nil, http.StatusOK)
	f.e.ClearFaults("")

	// A scripted fault may let the next matching requests through first.
	create := func(uri string) error {
		_, _, err := f.send("POST", "/hooks/v1/subscription", map[string]string{"Uri": uri, "EventType": "signatorysigned"})
		return err
	}

	f.e.ScriptFaultAfter(key, RouteSubscriptionCreate, FaultCommitThenDrop, 2, 1)
	f.e.ScriptFault(key, "", FaultServiceUnavailable, 1)
	// The first request of any route goes to the second entry; the first entry lets the create through (its
	// first skip).
	f.do("POST", "/hooks/v1/subscription", map[string]string{"Uri": "https://localhost/1", "EventType": "signatorysigned"}, http.StatusServiceUnavailable)
	f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK) // not a create: not skipped
	// The second create is the second skipped, the third is dropped, the fourth comes after the script.
	e2, e3, e4 := create("https://localhost/2"), create("https://localhost/3"), create("https://localhost/4")
	if e2 != nil || e3 == nil || e4 != nil {
		t.Fatalf("creates 2 to 4: %v, %v, %v; want only the third dropped", e2, e3, e4)
	}
	var uris []string
	for _, s := range f.e.Subscriptions(key) {
		uris = append(uris, s.URI)
	}
	want := []string{"https://localhost/2", "https://localhost/3", "https://localhost/4", "https://localhost/x"}
	if !slices.Equal(slices.Sorted(slices.Values(uris)), want) {
		t.Errorf("subscriptions %v, want %v (the dropped one committed)", uris, want)
	}

	// Over HTTP: {"skip": n}; a negative skip is refused.
	q, noAuth := "?tenant="+key, withoutAuth()
	f.do("POST", "/_emulator/faults/script"+q, `{"route":"GET /hooks/v1","kind":"500","skip":1}`, http.StatusNoContent, noAuth)
	f.do("GET", "/hooks/v1", nil, http.StatusOK)
	f.do("GET", "/hooks/v1", nil, http.StatusInternalServerError)
	f.do("GET", "/hooks/v1", nil, http.StatusOK)
	f.do("POST", "/_emulator/faults/script"+q, `{"route":"GET /hooks/v1","kind":"500","skip":-1}`, http.StatusBadRequest, noAuth)
}

func TestRandomFaults(t *testing.T) {
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	f.e.SetFaults(key, FaultConfig{ErrorRate: 1, Routes: []string{RouteSubscriptionList}, Seed: 7})
	for range 5 {
		resp, _, err := f.send("GET", "/hooks/v1/subscription", nil)
		if err != nil || resp.StatusCode < 500 || resp.StatusCode > 504 || resp.StatusCode == 501 {
			t.Fatalf("want an injected 5xx, got %v %v", resp, err)
		}
	}
	f.do("GET", "/hooks/v1", nil, http.StatusOK) // outside the route filter

	// The same seed gives the same sequence.
	seq := func() (s []int) {
		f.e.SetFaults(key, FaultConfig{ErrorRate: 0.5, RateLimitRate: 0.2, Seed: 42})
		for range 20 {
			resp, _, err := f.send("GET", "/hooks/v1", nil)
			if err != nil {
				t.Fatal(err)
			}
			s = append(s, resp.StatusCode)
		}
		return s
	}
	if a, b := seq(), seq(); !slices.Equal(a, b) {
		t.Fatalf("seeded faults differ: %v vs %v", a, b)
	}

	// A latency long against a loopback request even on a loaded machine: the other tenant's request, which
	// must not wait for it, is told apart with a wide margin.
	const latency = 400 * time.Millisecond
	f.e.SetFaults(key, FaultConfig{Latency: latency})
	start := time.Now()
	f.do("GET", "/hooks/v1", nil, http.StatusOK)
	if d := time.Since(start); d < latency {
		t.Errorf("latency not applied: %v", d)
	}
	// Other tenants follow the global setting (none).
	start = time.Now()
	f.do("GET", "/hooks/v1", nil, http.StatusOK, withTenant(f.e.NewTenant()))
	if d := time.Since(start); d >= latency/2 {
		t.Errorf("tenant latency leaked: %v", d)
	}
	f.e.ClearFaults(key)
	if got := f.e.Faults(key); got.Latency != 0 {
		t.Errorf("ClearFaults left %+v", got)
	}
}
