// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"fmt"
	"maps"
	"net/http"
	"sync"
	"testing"
	"time"
)

func TestCountersAndTenantIsolation(t *testing.T) {
	f := newFixture(t, Options{})
	a := f.tenant
	b := f.e.NewTenant()

	id := f.createSubscription("signatorysigned", "https://localhost/a", nil)
	f.do("PUT", "/metadata/Document/d1/k", map[string]string{"value": "v"}, http.StatusOK)
	f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK)
	f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK)
	f.do("DELETE", "/hooks/v1/subscription/"+id+"?eventType=signatorysigned", nil, http.StatusAccepted)
	f.do("GET", "/hooks/v1", nil, http.StatusOK, withTenant(b))

	want := map[string]int{RouteSubscriptionCreate: 1, RouteMetadataPut: 1, RouteSubscriptionList: 2, RouteSubscriptionDelete: 1}
	if got := f.e.Counters(a.SubscriptionKey); !maps.Equal(got, want) {
		t.Errorf("counters %v, want %v", got, want)
	}
	if w, p := f.e.Writes(a.SubscriptionKey), f.e.PeakConcurrentWrites(a.SubscriptionKey); w != 3 || p != 1 {
		t.Errorf("writes %d, want 3; peak of concurrent writes %d, want 1 (one at a time)", w, p)
	}
	if c := f.e.Counters(b.SubscriptionKey); len(c) != 1 || c[RouteHooksList] != 1 {
		t.Errorf("tenant b counters %v", c)
	}

	// State is per tenant.
	f.createSubscription("signatorysigned", "https://localhost/a2", nil)
	if got := string(f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK, withTenant(b))); got != `{"items":[]}` {
		t.Errorf("tenant b sees %s", got)
	}
	f.do("GET", "/metadata/Document/d1", nil, http.StatusNotFound, withTenant(b))

	// Admin view of counters, then reset.
	body := decode[struct {
		Counters map[string]int
		Writes   int
		Peak     int `json:"peak_concurrent_writes"`
	}](t, f.do("GET", "/_emulator/counters?tenant="+a.SubscriptionKey, nil, http.StatusOK, withoutAuth()))
	if body.Writes != 4 || body.Counters[RouteSubscriptionList] != 2 || body.Peak != 1 {
		t.Errorf("admin counters %+v", body)
	}
	f.do("DELETE", "/_emulator/counters?tenant="+a.SubscriptionKey, nil, http.StatusNoContent, withoutAuth())
	if c, p := f.e.Counters(a.SubscriptionKey), f.e.PeakConcurrentWrites(a.SubscriptionKey); len(c) != 0 || p != 0 {
		t.Errorf("after reset %v, peak %d", c, p)
	}
	f.do("GET", "/_emulator/counters?tenant=nobody", nil, http.StatusNotFound, withoutAuth())

	// With latency, writes sent together are in the service together.
	key := a.SubscriptionKey
	f.e.SetFaults(key, FaultConfig{Latency: time.Second})
	const writers = 4
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			path := fmt.Sprintf("/metadata/Document/d1/c%d", i)
			if resp, body, err := f.send("PUT", path, map[string]string{"value": "v"}); err != nil || resp.StatusCode != http.StatusOK {
				t.Errorf("PUT %s: %v %v %s", path, err, resp, body)
			}
		})
		wg.Go(func() {
			if resp, body, err := f.send("GET", "/hooks/v1/subscription", nil); err != nil || resp.StatusCode != http.StatusOK {
				t.Errorf("GET /hooks/v1/subscription: %v %v %s", err, resp, body)
			}
		})
	}
	wg.Wait()
	if got := f.e.PeakConcurrentWrites(key); got != writers {
		t.Errorf("peak %d, want %d", got, writers)
	}
}
