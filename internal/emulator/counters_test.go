package emulator

import (
	"net/http"
	"testing"
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
	got := f.e.Counters(a.SubscriptionKey)
	if len(got) != len(want) {
		t.Errorf("counters %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("counter %s = %d, want %d", k, got[k], v)
		}
	}
	if w := f.e.Writes(a.SubscriptionKey); w != 3 {
		t.Errorf("writes %d, want 3", w)
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
	}](t, f.do("GET", "/_emulator/counters?tenant="+a.SubscriptionKey, nil, http.StatusOK, withoutAuth()))
	if body.Writes != 4 || body.Counters[RouteSubscriptionList] != 2 {
		t.Errorf("admin counters %+v", body)
	}
	f.do("DELETE", "/_emulator/counters?tenant="+a.SubscriptionKey, nil, http.StatusNoContent, withoutAuth())
	if c := f.e.Counters(a.SubscriptionKey); len(c) != 0 {
		t.Errorf("after reset %v", c)
	}
	f.do("GET", "/_emulator/counters?tenant=nobody", nil, http.StatusNotFound, withoutAuth())
}
