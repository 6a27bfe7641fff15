// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// Under the echo fault, error answers quote the request's credentials and
// body, within the first 256 bytes of the message (what a client keeps of
// an error answer); success answers and other tenants are unchanged.
func TestEchoRequestQuotesSecrets(t *testing.T) {
	message := func(data []byte) string { return decode[errorBody](t, data).Message }
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	const wrongToken, wrongPassword = "wrong-token-echo-1", "wrong-password-echo-2"
	f.e.SetFaults(key, FaultConfig{EchoRequest: true})

	data := f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, withHeader(headerAuthorization, "Bearer "+wrongToken))
	if m := message(data); !strings.Contains(m[:min(len(m), 256)], wrongToken) || !strings.Contains(m, key) {
		t.Errorf("a 401 does not quote the token and key early: %s", data)
	}
	login := map[string]string{"login": f.tenant.Username, "password": wrongPassword, "tenantid": f.tenant.TenantID}
	noToken := func(r *http.Request) { r.Header.Del(headerAuthorization) } // login takes none
	data = f.do("POST", "/identity/login", login, http.StatusUnauthorized, noToken)
	if m := message(data); !strings.Contains(m[:min(len(m), 256)], wrongPassword) {
		t.Errorf("a failed login does not quote the password early: %s", data)
	}
	// The login route still reads the whole body it was sent.
	login["password"] = f.tenant.Password
	f.do("POST", "/identity/login", login, http.StatusOK, noToken)

	// Faults and held answers quote the request too.
	f.e.ScriptFault(key, RouteHooksList, FaultServiceUnavailable, 1)
	if m := message(f.do("GET", "/hooks/v1", nil, http.StatusServiceUnavailable)); !strings.Contains(m, f.tenant.AccessToken) {
		t.Errorf("an injected 503 does not quote the token: %s", m)
	}
	f.e.HoldAnswers(key, RouteSubscriptionGet, 10*time.Millisecond)
	if m := message(f.do("GET", "/hooks/v1/subscription/x?eventType=signatorysigned", nil, http.StatusNotFound)); !strings.Contains(m, f.tenant.AccessToken) {
		t.Errorf("a held 404 does not quote the token: %s", m)
	}

	if data := f.do("GET", "/hooks/v1", nil, http.StatusOK); strings.Contains(string(data), f.tenant.AccessToken) {
		t.Errorf("a success answer quotes the request: %s", data)
	}
	other := f.e.NewTenant()
	data = f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, withHeader(headerSubscriptionKey, other.SubscriptionKey), withHeader(headerAuthorization, "Bearer "+wrongToken))
	if strings.Contains(string(data), wrongToken) {
		t.Errorf("another tenant's error answer quotes the request: %s", data)
	}
}

// Each echo encoding writes the quoted token as its encoder does, and a
// dropped connection quotes the request where a header line belongs.
func TestEchoEncodings(t *testing.T) {
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	const odd = `t&<>+"\x`
	for encoding, want := range map[string]string{
		EchoGo:     `t\u0026\u003c\u003e+\"\\x`,
		EchoDotNet: `t\u0026\u003C\u003E\u002B\u0022\\x`,
		EchoForm:   `t%26%3C%3E%2B%22%5Cx`,
	} {
		f.e.SetFaults(key, FaultConfig{EchoRequest: true, EchoEncoding: encoding})
		data := f.do("GET", "/hooks/v1", nil, http.StatusUnauthorized, withHeader(headerAuthorization, "Bearer "+odd))
		if !strings.Contains(string(data), want) {
			t.Errorf("%q: the answer does not quote the value as %s: %s", encoding, want, data)
		}
	}
	f.e.SetFaults(key, FaultConfig{EchoRequest: true, EchoEncoding: EchoForm})
	f.e.ScriptFault(key, RouteHooksList, FaultDrop, 1)
	_, _, err := f.send("GET", "/hooks/v1", nil, withHeader(headerAuthorization, "Bearer "+odd))
	if err == nil || !strings.Contains(err.Error(), `Authorization=Bearer+t%26%3C%3E%2B%22%5Cx`) {
		t.Errorf("a dropped connection does not quote the request: %v", err)
	}
	if err := f.e.setFaults(key, FaultConfig{EchoEncoding: "xml"}); err == nil {
		t.Error("an unknown echo encoding is accepted")
	}
}

// The echo fault is set over HTTP like the other faults.
func TestEchoRequestAdminRoute(t *testing.T) {
	f := newFixture(t, Options{})
	q := "?tenant=" + f.tenant.SubscriptionKey
	got := decode[FaultConfig](t, f.do("PUT", "/_emulator/faults"+q, `{"echoRequest":true}`, http.StatusOK, withoutAuth()))
	if !got.EchoRequest {
		t.Fatalf("faults answer %+v", got)
	}
	data := f.do("GET", "/metadata/Document/none", nil, http.StatusNotFound)
	if !strings.Contains(string(data), f.tenant.AccessToken) {
		t.Errorf("the 404 does not quote the request: %s", data)
	}
}

// A request body over the emulator's limit is answered 413 with a message
// that says it is a size limit.
func TestRequestBodySizeLimit(t *testing.T) {
	f := newFixture(t, Options{})
	huge := `{"Uri":"https://localhost/x","EventType":"signatorysigned","Description":"` + strings.Repeat("x", maxRequestBody) + `"}`
	for _, path := range []string{"/hooks/v1/subscription", "/_emulator/events/signatory-signed"} {
		data := f.do("POST", path, huge, http.StatusRequestEntityTooLarge)
		if m := decode[errorBody](t, data).Message; !strings.Contains(m, "size limit") || !strings.Contains(m, "1024 KiB") {
			t.Errorf("%s: %q does not say it is a size limit", path, m)
		}
	}
}
