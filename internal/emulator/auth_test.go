// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestAuthFailures(t *testing.T) {
	const wrongKey, wrongToken = "wrong-key-4711", "wrong-token-4711"
	f := newFixture(t, Options{})
	cases := []struct {
		name string
		opts []reqOpt
		echo string
	}{
		{"no headers", []reqOpt{withoutAuth()}, ""},
		{"missing key", []reqOpt{func(r *http.Request) { r.Header.Del(headerSubscriptionKey) }}, ""},
		{"wrong key", []reqOpt{withHeader(headerSubscriptionKey, wrongKey)}, wrongKey},
		{"missing token", []reqOpt{func(r *http.Request) { r.Header.Del(headerAuthorization) }}, ""},
		{"wrong token", []reqOpt{withHeader(headerAuthorization, "Bearer "+wrongToken)}, wrongToken},
		{"not bearer", []reqOpt{withHeader(headerAuthorization, "Basic "+f.tenant.AccessToken)}, f.tenant.AccessToken},
		{"another tenant's token", []reqOpt{withHeader(headerAuthorization, "Bearer "+DevTenant().AccessToken)}, DevTenant().AccessToken},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, path := range []string{"/hooks/v1", "/hooks/v1/subscription", "/metadata/x", "/storage/document/x"} {
				data := f.do("GET", path, nil, http.StatusUnauthorized, c.opts...)
				body := decode[errorBody](t, data)
				if body.StatusCode != 401 || body.Message == "" || c.echo != "" && strings.Contains(string(data), c.echo) {
					t.Errorf("%s: body %s (401 in the gateway's shape, the credential not echoed)", path, data)
				}
			}
		})
	}
	if n := f.e.Counters(UnauthenticatedBucket)[RouteHooksList]; n != 3 {
		t.Errorf("unauthenticated bucket counted %d GET /hooks/v1, want 3", n)
	}
	if n := f.e.Counters(f.tenant.SubscriptionKey)[RouteHooksList]; n != 4 {
		t.Errorf("tenant counted %d GET /hooks/v1, want 4 (401s included)", n)
	}
}

// Login, on the emulator's clock, which the test sets, so a slow machine cannot expire a token early.
func TestLogin(t *testing.T) {
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	var elapsed atomic.Int64
	e.now = func() time.Time {
		return time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC).Add(time.Duration(elapsed.Load()))
	}
	f := startFixture(t, e)
	login := func(body map[string]string, status int, opts ...reqOpt) string {
		t.Helper()
		data := f.do("POST", "/identity/login", body, status, append([]reqOpt{func(r *http.Request) { r.Header.Del(headerAuthorization) }}, opts...)...)
		if status != http.StatusOK {
			if strings.Contains(string(data), body["password"]) {
				t.Errorf("login error echoes the password: %s", data)
			}
			return ""
		}
		return decode[loginResponse](t, data).Token
	}
	good := map[string]string{"login": f.tenant.Username, "password": f.tenant.Password, "tenantid": strings.ToUpper(f.tenant.TenantID)}
	token := login(good, http.StatusOK)

	var claims struct {
		Nbf, Exp int64
		Sub, Tid string
	}
	parts := strings.Split(token, ".")
	raw, err := base64.RawURLEncoding.DecodeString(parts[min(1, len(parts)-1)])
	if err != nil || len(parts) != 3 || json.Unmarshal(raw, &claims) != nil ||
		claims.Exp-claims.Nbf != 1800 || claims.Sub != f.tenant.Username || claims.Tid != f.tenant.TenantID {
		t.Errorf("token %q: claims %+v, %v", token, claims, err)
	}

	bearer := withHeader(headerAuthorization, "Bearer "+token)
	f.do("GET", "/hooks/v1", nil, http.StatusOK, bearer)

	login(map[string]string{"login": f.tenant.Username, "password": "nope-secret", "tenantid": f.tenant.TenantID}, http.StatusUnauthorized)
	login(map[string]string{"login": f.tenant.Username, "password": f.tenant.Password, "tenantid": newGUID()}, http.StatusUnauthorized)
	login(good, http.StatusUnauthorized, func(r *http.Request) { r.Header.Del(headerSubscriptionKey) })
	// Another tenant's key with these credentials is another tenant: refused.
	login(good, http.StatusUnauthorized, withHeader(headerSubscriptionKey, DevTenant().SubscriptionKey))

	f.e.ExpireTokens(f.tenant.SubscriptionKey)
	f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, bearer)
	f.do("GET", "/hooks/v1", nil, http.StatusOK) // the static token still works

	// A token works until its lifetime, 30 minutes by default, has passed.
	bearer = withHeader(headerAuthorization, "Bearer "+login(good, http.StatusOK))
	elapsed.Store(int64(30*time.Minute - time.Nanosecond))
	f.do("GET", "/hooks/v1", nil, http.StatusOK, bearer)
	elapsed.Store(int64(30 * time.Minute))
	f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, bearer)
}
