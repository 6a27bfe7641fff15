// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"testing"
	"time"
)

func TestAdminRoutes(t *testing.T) {
	f := newFixture(t, Options{})
	noAuth := withoutAuth()
	if got := string(f.do("GET", "/_emulator/healthz", nil, http.StatusOK, noAuth)); got != `{"status":"ok"}` {
		t.Errorf("healthz %s", got)
	}

	// A new tenant's credentials work, including login.
	tn := decode[Tenant](t, f.do("POST", "/_emulator/tenants", nil, http.StatusOK, noAuth))
	f.do("GET", "/hooks/v1", nil, http.StatusOK, withTenant(tn))
	tok := decode[loginResponse](t, f.do("POST", "/identity/login",
		map[string]string{"login": tn.Username, "password": tn.Password, "tenantid": tn.TenantID}, http.StatusOK, withTenant(tn))).Token
	bearer := []reqOpt{withTenant(tn), withHeader(headerAuthorization, "Bearer "+tok)}
	f.do("GET", "/hooks/v1", nil, http.StatusOK, bearer...)
	f.do("POST", "/_emulator/tokens/expire?tenant="+tn.SubscriptionKey, nil, http.StatusNoContent, noAuth)
	f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, bearer...)

	// Faults over HTTP: per tenant, then scripted.
	q := "?tenant=" + tn.SubscriptionKey
	got := decode[FaultConfig](t, f.do("PUT", "/_emulator/faults"+q, `{"errorRate":1,"retryAfter":"3s","routes":["GET /hooks/v1"]}`, http.StatusOK, noAuth))
	if got.ErrorRate != 1 || got.RetryAfter.String() != "3s" {
		t.Errorf("faults answer %+v", got)
	}
	f.do("GET", "/hooks/v1", nil, http.StatusOK) // the fixture tenant is not affected
	if resp, _, _ := f.send("GET", "/hooks/v1", nil, withTenant(tn)); resp.StatusCode < 500 {
		t.Errorf("tenant faults not applied: %d", resp.StatusCode)
	}
	f.do("PUT", "/_emulator/faults"+q, `{"errorRate":2}`, http.StatusBadRequest, noAuth)
	f.do("DELETE", "/_emulator/faults"+q, nil, http.StatusNoContent, noAuth)
	f.do("POST", "/_emulator/faults/script"+q, `{"route":"GET /hooks/v1","kind":"429","count":1}`, http.StatusNoContent, noAuth)
	f.do("GET", "/hooks/v1", nil, http.StatusTooManyRequests, withTenant(tn))
	f.do("POST", "/_emulator/faults/script"+q, `{"route":"GET /nope","kind":"429"}`, http.StatusBadRequest, noAuth)
	f.do("POST", "/_emulator/faults/script"+q, `{"kind":"418"}`, http.StatusBadRequest, noAuth)

	// Out-of-band helpers.
	id := f.createSubscription("signatorysigned", "https://localhost/x", nil)
	fq := "?tenant=" + f.tenant.SubscriptionKey
	if list := decode[subscriptionList](t, f.do("GET", "/_emulator/subscriptions"+fq, nil, http.StatusOK, noAuth)); len(list.Items) != 1 {
		t.Errorf("admin subscriptions %+v", list)
	}
	f.do("DELETE", "/_emulator/subscriptions/"+id+fq, nil, http.StatusNoContent, noAuth)
	f.do("DELETE", "/_emulator/subscriptions/"+id+fq, nil, http.StatusNotFound, noAuth)
	f.do("PUT", "/_emulator/metadata/signatory/s%2F1/k"+fq, `{"value":"v","referenceId":"r"}`, http.StatusNoContent, noAuth)
	f.do("GET", "/metadata/r", nil, http.StatusOK)
	f.do("DELETE", "/_emulator/metadata/Signatory/s%2F1/k"+fq, nil, http.StatusNoContent, noAuth)
	f.do("GET", "/metadata/r", nil, http.StatusNotFound)

	// Holds over HTTP: set, then removed with "0s"; the route, the duration and the tenant are checked.
	holds := decode[map[string]string](t, f.do("PUT", "/_emulator/faults/holds"+fq, `{"route":"POST /hooks/v1/subscription","duration":"3s"}`,
		http.StatusOK, noAuth))
	if held := f.e.HeldAnswers(f.tenant.SubscriptionKey); len(holds) != 1 || holds[RouteSubscriptionCreate] != "3s" ||
		held[RouteSubscriptionCreate] != 3*time.Second || len(f.e.HeldAnswers("")) != 0 {
		t.Errorf("PUT answered %v; the tenant's holds %v, the global ones %v", holds, held, f.e.HeldAnswers(""))
	}
	if got := decode[map[string]string](t, f.do("PUT", "/_emulator/faults/holds"+fq, `{"route":"POST /hooks/v1/subscription","duration":"0s"}`,
		http.StatusOK, noAuth)); len(got) != 0 {
		t.Errorf("0s did not remove the hold: %v", got)
	}
	for _, body := range []string{`{"route":"GET /nope","duration":"1s"}`, `{"route":"GET /hooks/v1","duration":"soon"}`,
		`{"route":"GET /hooks/v1","duration":"-1s"}`} {
		f.do("PUT", "/_emulator/faults/holds"+fq, body, http.StatusBadRequest, noAuth)
	}

	f.do("GET", "/_emulator/nope", nil, http.StatusNotFound, noAuth)
	f.do("GET", "/_emulator/deliveries?tenant=nobody", nil, http.StatusNotFound, noAuth)
	f.do("PUT", "/_emulator/faults/holds?tenant=nobody", `{"route":"GET /hooks/v1","duration":"1s"}`, http.StatusNotFound, noAuth)
	// Unknown service routes answer 404 in the gateway's shape.
	for _, c := range []struct{ method, path string }{
		{"GET", "/"}, {"GET", "/hooks"}, {"GET", "/hooks/v2"}, {"POST", "/metadata/x"}, {"GET", "/storage/document"},
	} {
		if e := decode[errorBody](t, f.do(c.method, c.path, nil, http.StatusNotFound)); e.StatusCode != 404 {
			t.Errorf("%s %s: %+v", c.method, c.path, e)
		}
	}
}
