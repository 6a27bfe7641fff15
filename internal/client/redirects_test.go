// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// otherHost stands for the host a redirect points at: a second listener on
// 127.0.0.1 (another port is another origin). It exists to record whatever
// reaches it; the tests want it to receive nothing at all.
type otherHost struct {
	*httptest.Server
	mu       sync.Mutex
	received []string // method, path, headers and body of each request
}

func newOtherHost(t *testing.T) *otherHost {
	t.Helper()
	o := &otherHost{}
	o.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		o.mu.Lock()
		o.received = append(o.received, r.Method+" "+r.URL.Path+" "+strings.Join(headerLines(r.Header), "; ")+" "+string(body))
		o.mu.Unlock()
		_, _ = w.Write([]byte(`{"items":[],"token":"stolen","id":"stolen"}`))
	}))
	t.Cleanup(o.Close)
	return o
}

func headerLines(h http.Header) []string {
	var out []string
	for name, values := range h {
		out = append(out, name+": "+strings.Join(values, ","))
	}
	return out
}

// checkReceivedNothing fails if any request reached the other host.
func (o *otherHost) checkReceivedNothing(t *testing.T) {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.received) > 0 {
		t.Errorf("the other host received %d requests, credentials included: %q", len(o.received), o.received)
	}
}

// redirectingGateway answers every request with status and a Location on
// target plus the request's path: a misconfigured or compromised gateway.
// It exists because the emulator never redirects.
func redirectingGateway(status int, target string, newServer func(http.Handler) *httptest.Server) *httptest.Server {
	return newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		http.Redirect(w, r, target+r.URL.RequestURI(), status) //nolint:gosec // G710: redirecting anywhere is what this misbehaving gateway is for
	}))
}

const (
	redirectTestKey      = "key-REDIRECT-secret-1"
	redirectTestToken    = "tok-REDIRECT-secret-2"
	redirectTestPassword = "pw-REDIRECT-secret-3" //nolint:gosec // G101: a made-up password that must not reach the other host
)

// A redirect to another host, from https to http, or of the login call is
// an error, and not one request reaches its Location: no key, no token, no
// password.
func TestRedirectsAreNeverFollowed(t *testing.T) {
	cases := []struct {
		name      string
		status    int
		tls       bool
		login     bool
		wantInErr string
	}{
		{"another host, 300", http.StatusMultipleChoices, false, false, "another origin"},
		{"another host, 301", http.StatusMovedPermanently, false, false, "another origin"},
		{"another host, 307", http.StatusTemporaryRedirect, false, false, "another origin"},
		{"https to http, 301", http.StatusMovedPermanently, true, false, "from https:// to http://"},
		{"https to http, 308", http.StatusPermanentRedirect, true, false, "from https:// to http://"},
		{"307 on login", http.StatusTemporaryRedirect, false, true, "another origin"},
		{"307 on login over https", http.StatusTemporaryRedirect, true, true, "from https:// to http://"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			other := newOtherHost(t)
			newServer := httptest.NewServer
			if tc.tls {
				newServer = httptest.NewTLSServer
			}
			gateway := redirectingGateway(tc.status, other.URL, newServer)
			defer gateway.Close()
			cfg := Config{BaseURL: gateway.URL, SubscriptionKey: redirectTestKey, AccessToken: redirectTestToken, httpClient: gateway.Client()}
			if tc.login {
				cfg.AccessToken = ""
				cfg.Login = &LoginCredentials{Username: "user", Password: redirectTestPassword, TenantID: "00000000-0000-4000-8000-000000000001"}
			}
			c, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			_, listErr := c.listSubscriptions(ctx)
			_, createErr := c.CreateSubscription(ctx, onceRequest)
			deleteErr := c.DeleteSubscription(ctx, "00000000-0000-4000-8000-000000000002", "signatorysigned")
			for name, err := range map[string]error{"list": listErr, "create": createErr, "delete": deleteErr} {
				checkRedirectError(t, name, err, tc.status, other.URL, tc.wantInErr)
			}
			if tc.login {
				if _, err := c.Login(ctx); err == nil || !strings.Contains(err.Error(), "POST /identity/login") {
					t.Errorf("login: err = %v, want the redirect of POST /identity/login", err)
				}
			}
			other.checkReceivedNothing(t)
			if gateway.Client().CheckRedirect != nil {
				t.Error("New changed the caller's http.Client")
			}
		})
	}
}

// checkRedirectError fails unless err reports the redirect: status,
// Location, what to fix, no secret.
func checkRedirectError(t *testing.T, name string, err error, status int, location, why string) {
	t.Helper()
	var redirect *RedirectError
	if !errors.As(err, &redirect) || redirect.StatusCode != status || !strings.HasPrefix(redirect.Location, location) {
		t.Errorf("%s: err = %v, want a *RedirectError with %d and a Location on %s", name, err, status, location)
		return
	}
	text := err.Error()
	for _, want := range []string{http.StatusText(status), location, why, "fix base_url"} {
		if !strings.Contains(text, want) {
			t.Errorf("%s: %q does not say %q", name, text, want)
		}
	}
	for _, secret := range []string{redirectTestKey, redirectTestToken, redirectTestPassword} {
		if strings.Contains(text, secret) {
			t.Errorf("%s: a secret in %q", name, text)
		}
	}
	if errors.Is(err, ErrOutcomeUnknown) || IsNotFound(err) {
		t.Errorf("%s: a redirect is a definite answer, not %v", name, err)
	}
}

// A redirect within the origin is not followed either: the gateway gets
// one request per call, and the error suggests the base URL the Location
// implies.
func TestSameOriginRedirectIsNotFollowed(t *testing.T) {
	var mu sync.Mutex
	requests := 0
	// A gateway that moved the API under /v2: it exists because the
	// emulator never redirects.
	gateway := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		mu.Unlock()
		http.Redirect(w, r, "/v2"+r.URL.RequestURI(), http.StatusPermanentRedirect) //nolint:gosec // G710: the redirect under test
	}))
	defer gateway.Close()
	c, err := New(Config{BaseURL: gateway.URL, SubscriptionKey: "k", AccessToken: "t", httpClient: gateway.Client()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.listHooks(context.Background())
	checkRedirectError(t, "hooks", err, http.StatusPermanentRedirect, gateway.URL+"/v2/hooks/v1", "same origin")
	if want := "(to " + gateway.URL + "/v2, if that is the service)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want the suggestion %q", err, want)
	}
	if requests != 1 {
		t.Errorf("the gateway got %d requests, want 1: the redirect was followed", requests)
	}
}
