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
	"sync/atomic"
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
// target plus the request's path (target "/v2": the same origin, under /v2),
// and counts them: a misconfigured or compromised gateway. It exists because
// the emulator never redirects.
func redirectingGateway(t *testing.T, status int, target string, tls bool) (*httptest.Server, *atomic.Int32) {
	var requests atomic.Int32
	newServer := httptest.NewServer
	if tls {
		newServer = httptest.NewTLSServer
	}
	gateway := newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		http.Redirect(w, r, target+r.URL.RequestURI(), status) //nolint:gosec // G710: redirecting anywhere is what this misbehaving gateway is for
	}))
	t.Cleanup(gateway.Close)
	return gateway, &requests
}

const (
	redirectTestKey      = "key-REDIRECT-secret-1"
	redirectTestToken    = "tok-REDIRECT-secret-2"
	redirectTestPassword = "pw-REDIRECT-secret-3" //nolint:gosec // G101: a made-up password that must not reach the other host
)

// A redirect to another host, from https to http, within the origin, or of the login call is an error, not
// followed: not one request reaches its Location (no key, no token, no password), the gateway gets one
// request per call, and the error suggests the base URL a Location implies.
func TestRedirectsAreNeverFollowed(t *testing.T) {
	cases := []struct {
		name       string
		status     int
		tls, login bool
		sameOrigin bool
		wantInErr  string
	}{
		{"another host, 300", http.StatusMultipleChoices, false, false, false, "another origin"},
		{"another host, 301", http.StatusMovedPermanently, false, false, false, "another origin"},
		{"another host, 307", http.StatusTemporaryRedirect, false, false, false, "another origin"},
		{"https to http, 301", http.StatusMovedPermanently, true, false, false, "from https:// to http://"},
		{"https to http, 308", http.StatusPermanentRedirect, true, false, false, "from https:// to http://"},
		{"307 on login", http.StatusTemporaryRedirect, false, true, false, "another origin"},
		{"307 on login over https", http.StatusTemporaryRedirect, true, true, false, "from https:// to http://"},
		{"same origin, 308 under /v2", http.StatusPermanentRedirect, true, false, true, "same origin"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			other := newOtherHost(t)
			target := other.URL
			if tc.sameOrigin {
				target = "/v2"
			}
			gateway, requests := redirectingGateway(t, tc.status, target, tc.tls)
			location := target
			if tc.sameOrigin {
				location = gateway.URL + "/v2"
			}
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
				checkRedirectError(t, name, err, tc.status, location, tc.wantInErr)
			}
			if tc.sameOrigin && !strings.Contains(listErr.Error(), "(to "+gateway.URL+"/v2, if that is the service)") {
				t.Errorf("err = %v, want the suggestion of %s/v2", listErr, gateway.URL)
			}
			if tc.login {
				if _, err := c.Login(ctx); err == nil || !strings.Contains(err.Error(), "POST /identity/login") {
					t.Errorf("login: err = %v, want the redirect of POST /identity/login", err)
				}
			}
			other.checkReceivedNothing(t)
			if n, want := requests.Load(), map[bool]int32{false: 3, true: 4}[tc.login]; n != want {
				t.Errorf("the gateway got %d requests, want %d: a redirect was followed", n, want)
			}
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
