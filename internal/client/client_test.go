// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// At a base URL with a wrong path prefix every route answers 404. No call
// may read that as "gone" or "empty": each reports ErrWrongBaseURL, which
// is not errGone, and names the base URL.
func TestWrongBaseURLIsNeverNotFound(t *testing.T) {
	ctx := context.Background()
	right, tenant := newTestClient(t)
	c := clientOf(t, tenant, func(c *Config) { c.BaseURL = testURL + "/wrong" })
	existing, err := right.CreateSubscription(ctx, onceRequest)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"listSubscriptions": func() error { _, err := c.listSubscriptions(ctx); return err },
		"Subscriptions":     func() error { _, err := c.Subscriptions(ctx); return err },
		"listHooks":         func() error { _, err := c.listHooks(ctx); return err },
		"EntityMetadata":    func() error { _, err := c.EntityMetadata(ctx, "Signatory", "s"); return err },
		"ListReferenceMetadata": func() error {
			_, err := c.ListReferenceMetadata(ctx, "r")
			return err
		},
		"GetSubscription":    func() error { _, err := c.GetSubscription(ctx, existing, "signatorysigned"); return err },
		"DeleteSubscription": func() error { return c.DeleteSubscription(ctx, existing, "signatorysigned") },
		"DownloadDocument":   func() error { _, err := c.DownloadDocument(ctx, "b", io.Discard); return err },
	}
	for name, call := range calls {
		err := call()
		if !errors.Is(err, ErrWrongBaseURL) || IsNotFound(err) {
			t.Errorf("%s: err = %v, want ErrWrongBaseURL and not errGone", name, err)
			continue
		}
		if !strings.Contains(err.Error(), `"`+testURL+`/wrong"`) || !strings.Contains(err.Error(), "404") {
			t.Errorf("%s: the error does not name the base URL and the 404: %v", name, err)
		}
	}
	if subs := testEmulator.Subscriptions(tenant.SubscriptionKey); len(subs) != 1 {
		t.Errorf("the emulator holds %+v, want the subscription untouched", subs)
	}
}

// At the right base URL a 404 on one object means what it says, and on a metadata list an empty (non-nil)
// list, after one GET /hooks/v1 per client, which a read of the supported hooks makes unnecessary.
func TestNotFoundTrustedAtConfirmedBaseURL(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)
	for range 3 {
		if _, err := c.GetSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned"); !IsNotFound(err) {
			t.Fatalf("err = %v, want errGone", err)
		}
		if list, err := c.ListReferenceMetadata(ctx, "none"); err != nil || list.Items == nil || len(list.Items) != 0 {
			t.Fatalf("got %+v, %v; want an empty list", list, err)
		}
		if set, err := c.EntityMetadata(ctx, "Document", "none"); err != nil || set.Items == nil || len(set.Items) != 0 {
			t.Fatalf("got %+v, %v; want an empty list", set, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d GET /hooks/v1 requests, want 1 for the client", n)
	}

	c, tenant = newTestClient(t)
	if _, err := c.SupportedHooks(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListReferenceMetadata(ctx, "none"); err != nil {
		t.Fatal(err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d GET /hooks/v1 requests, want only the SupportedHooks one", n)
	}
}

// When GET /hooks/v1 cannot tell, the 404 is reported as an error, neither
// "gone" nor "empty".
func TestNotFoundUnconfirmedIsAnError(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = -1 })
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultServiceUnavailable, 2)
	if _, err := c.EntityMetadata(ctx, "Signatory", "nobody"); err == nil || IsNotFound(err) || errors.Is(err, ErrWrongBaseURL) ||
		!strings.Contains(err.Error(), "503") {
		t.Errorf("metadata list: err = %v, want the 503 of the check and no errGone", err)
	}
	if err := c.DeleteSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned"); err == nil || IsNotFound(err) {
		t.Errorf("delete: err = %v, want an error that is not errGone", err)
	}
	// The check is made again once the service answers.
	if _, err := c.EntityMetadata(ctx, "Signatory", "nobody"); err != nil {
		t.Errorf("after the outage: err = %v", err)
	}
}

// New refuses what CheckBaseURL refuses, with the same reason; the opt-in that allows insecure http accepts
// http:// for any host, and nothing else.
func TestCheckBaseURL(t *testing.T) {
	//nolint:gosec // G101: URLs with user info are cases under test; "me:secret" is no credential
	for raw, want := range map[string]string{
		"https://api.example.com/esign/":    "",
		"http://127.0.0.1:8787":             "",
		"":                                  "is empty",
		"api.example.com":                   `must start with https://`,
		"ftp://api.example.com":             `must start with https:// (or http:// for a loopback host such as the emulator), got "ftp://api.example.com"`,
		"https:///esign":                    "has no host",
		"https://me:secret@api.example.com": "must not contain user information",
		"ftp://me:secret@api.example.com":   "must not contain user information",
		"https://api.example.com/?subscription-key=secret": `must not have a query or fragment: "https://api.example.com/?subscription-key=…"`,
		"https://api.example.com/#secret":                  `must not have a query or fragment: "https://api.example.com/#…"`,
		"ftp://api.example.com/?k=secret":                  `got "ftp://api.example.com/?k=…"`,
		"https:///esign?k=secret":                          "has no host",
		"api.example.com/?k=secret":                        "must start with https://",
		"https://api.example.com/%zz":                      "is not a valid URL",
		"127.0.0.1:8787":                                   `must start with https:// (or http:// for a loopback host such as the emulator), got "127.0.0.1:8787"`,
		"me:secret@127.0.0.1:8787":                         `got "127.0.0.1:8787"`,
		"https://me:secret/1@api.example.com":              `is not a valid URL: "https://api.example.com"`,
		"https://me:se#cret@api.example.com":               `is not a valid URL: "https://api.example.com"`,
		"http://localhost:8787/api":                        "",
		"http://[::1]:8787":                                "",
		"http://127.3.2.1":                                 "",
		"http://api.esign.example.com":                     `must start with https:// for the host "api.esign.example.com", got "http://api.esign.example.com": plain http:// is accepted only for a loopback host`,
		"http://10.0.0.1:8787":                             "in clear text",
		"http://localhost.example.com":                     "in clear text",
	} {
		for _, insecure := range []bool{false, true} {
			if insecure && strings.HasPrefix(raw, "http://") {
				want = ""
			}
			err := CheckBaseURLWith(raw, insecure)
			_, newErr := New(Config{BaseURL: raw, SubscriptionKey: "k", AccessToken: "t", AllowInsecureHTTP: insecure})
			switch {
			case want == "" && (err != nil || newErr != nil):
				t.Errorf("%q (insecure %v) refused: %v; New: %v", raw, insecure, err, newErr)
			case want == "":
			case err == nil || !strings.Contains(err.Error(), want):
				t.Errorf("CheckBaseURLWith(%q, %v) = %v, want an error with %q", raw, insecure, err, want)
			case newErr == nil || newErr.Error() != "the base URL "+err.Error():
				t.Errorf("New with %q: %v, want the base URL %v", raw, newErr, err)
			case strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), "me:"):
				t.Errorf("CheckBaseURLWith(%q) quotes the userinfo, query or fragment: %v", raw, err)
			}
		}
	}
}

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

// NewNoRedirectClient (the test-event action's) answers a redirect as it came and sends nothing to its Location;
// its error is the cause alone, without the *url.Error that repeats the whole URL, query values included.
func TestNoRedirectClient(t *testing.T) {
	other := newOtherHost(t)
	gateway, requests := redirectingGateway(t, http.StatusTemporaryRedirect, other.URL, false)
	post := func() (*http.Response, error) {
		req, err := http.NewRequest(http.MethodPost, gateway.URL+"/hook?code=code-secret", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		return NewNoRedirectClient(time.Second).Do(req)
	}

	resp, err := post()
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusTemporaryRedirect || requests.Load() != 1 {
		t.Errorf("answered %d after %d requests, want the 307 of one", resp.StatusCode, requests.Load())
	}
	other.checkReceivedNothing(t)

	gateway.Close()
	resp, err = post()
	if err == nil {
		_ = resp.Body.Close()
	}
	var urlErr *url.Error
	if err == nil || errors.As(err, &urlErr) || strings.Contains(err.Error(), "code-secret") {
		t.Errorf("err = %v, want the cause alone, without the URL", err)
	}
}

// A call answered 401 logs in again once and is repeated (the service expires a token after 30 minutes);
// a 401 that persists after the new login ends the call: one re-login per call, never a loop.
func TestReloginAfter401(t *testing.T) {
	ctx := context.Background()
	c, tenant := newLoginClient(t)
	if _, err := c.listHooks(ctx); err != nil {
		t.Fatalf("first call with login: %v", err)
	}
	testEmulator.ExpireTokens(tenant.SubscriptionKey)
	if _, err := c.listSubscriptions(ctx); err != nil {
		t.Fatalf("call after expiry: %v", err)
	}
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteLogin] != 2 || counters[emulator.RouteSubscriptionList] != 2 {
		t.Errorf("counters %v, want 2 logins (at start, after the 401) and 2 lists (the 401 and its repeat)", counters)
	}
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionList, emulator.FaultUnauthorized, 5)
	if _, err := c.listSubscriptions(ctx); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want the 401", err)
	}
	if logins := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; logins != 3 {
		t.Errorf("logins = %d, want 3 (one after the lasting 401)", logins)
	}
}

// Concurrent calls refused with one expired token log in once between them: the first to find the token stale
// logs in, the others take its token (token's stale argument).
func TestConcurrentCallsReloginOnce(t *testing.T) {
	ctx := context.Background()
	c, tenant := newLoginClient(t)
	_, err := c.SupportedHooks(ctx)
	if err != nil {
		t.Fatalf("first call with login: %v", err)
	}
	testEmulator.ExpireTokens(tenant.SubscriptionKey)
	// Held, so that every call is sent with the expired token before any 401 comes back.
	testEmulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteMetadataReferenceList, 50*time.Millisecond)
	const calls = 8
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			_, err := c.ListReferenceMetadata(ctx, fmt.Sprintf("reference-%d", i))
			if err != nil {
				t.Errorf("call %d after the expiry: %v", i, err)
			}
		})
	}
	wg.Wait()
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteLogin] != 2 || counters[emulator.RouteMetadataReferenceList] != 2*calls {
		t.Errorf("counters %v, want 2 logins (at start, after the 401s) and %d lists (each 401 and its repeat)", counters, 2*calls)
	}
}

// A refused login is tried once: concurrent and later calls fail with the
// same error without logging in again (a wrong password, repeated, may lock
// the account).
func TestRejectedLoginIsRemembered(t *testing.T) {
	tenant := testEmulator.NewTenant()
	c := clientOf(t, tenant, login(tenant, "wrong-password"))
	errs := make([]error, 8)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() { _, errs[i] = c.listSubscriptions(context.Background()) })
	}
	wg.Wait()
	_, later := c.listHooks(context.Background())
	for _, err := range append(errs, later) {
		if !errors.Is(err, ErrLoginRejected) || err.Error() != errs[0].Error() {
			t.Errorf("err = %v, want the one rejected login %v", err, errs[0])
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; n != 1 {
		t.Errorf("%d logins, want 1", n)
	}
}

// New refuses what CheckBaseURL refuses: TestCheckBaseURL.
func TestNewValidatesConfig(t *testing.T) {
	for name, cfg := range map[string]Config{
		"no base url":    {SubscriptionKey: "k", AccessToken: "t"},
		"no key":         {BaseURL: "https://x", AccessToken: "t"},
		"no credentials": {BaseURL: "https://x", SubscriptionKey: "k"},
		"both":           {BaseURL: "https://x", SubscriptionKey: "k", AccessToken: "t", Login: &LoginCredentials{Username: "u", Password: "p", TenantID: "t"}},
		"partial login":  {BaseURL: "https://x", SubscriptionKey: "k", Login: &LoginCredentials{Username: "u"}},
	} {
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: New accepted %+v", name, cfg)
		}
	}
}

// proxyRecorder is a forward proxy on loopback (a hostile-world server of
// its own) that records what it is asked, headers included, and answers
// 407 Proxy Authentication Required, or 403 to a host named "forbidden.test".
type proxyRecorder struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string
}

func newProxyRecorder(t *testing.T) *proxyRecorder {
	p := &proxyRecorder{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.requests = append(p.requests, r.Method+" "+r.Host+" "+strings.Join(headerLines(r.Header), "; "))
		p.mu.Unlock()
		if strings.HasPrefix(r.Host, "forbidden.test") {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		w.WriteHeader(http.StatusProxyAuthRequired)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *proxyRecorder) asked() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// setProxy points HTTP_PROXY and HTTPS_PROXY at proxy, read by the clients
// made afterwards.
func setProxy(t *testing.T, proxy string) {
	t.Setenv("HTTP_PROXY", proxy)
	t.Setenv("HTTPS_PROXY", proxy)
	t.Setenv("NO_PROXY", "")
}

// Every spelling of a loopback host that the base URL rule accepts is
// connected to directly: the proxy never sees a request, let alone a
// credential.
func TestLoopbackIsNeverProxied(t *testing.T) {
	proxy := newProxyRecorder(t)
	setProxy(t, proxy.URL)
	port := strings.TrimPrefix(testURL, "http://127.0.0.1:")
	for _, host := range []string{"LOCALHOST", "localhost.", "LocalHost.", "127.0.0.1"} {
		c, _ := newTestClient(t, func(c *Config) { c.BaseURL = "http://" + host + ":" + port })
		if _, err := c.listHooks(context.Background()); err != nil {
			t.Errorf("%s: %v", host, err)
		}
	}
	if asked := proxy.asked(); len(asked) != 0 {
		t.Errorf("the proxy was asked: %q", asked)
	}
}

// A proxy that wants credentials (407) or cannot be reached is named in the
// error, as the proxy; a 407 is not retried.
func TestProxyFailuresNameTheProxy(t *testing.T) {
	proxy := newProxyRecorder(t)
	proxyHost := strings.TrimPrefix(proxy.URL, "http://")
	closed := newRefusingDialer(t, func(int) bool { return true }).closed
	cases := []struct {
		name, proxy, baseURL, want string
		wantAsked                  int
	}{
		{"407 to CONNECT", proxy.URL, "https://esign.test", "the proxy at " + proxyHost + " answered 407 Proxy Authentication Required (1 attempt). " +
			"The proxy at " + proxyHost + " asks for credentials: check the user and password in HTTPS_PROXY or HTTP_PROXY", 1},
		{"407 to plain http", proxy.URL, "http://esign.test", "service answered 407 Proxy Authentication Required. " +
			"A proxy between here and esign.test:80 asks for credentials: check the user and password in HTTP_PROXY.", 1},
		{"403 to CONNECT", proxy.URL, "https://forbidden.test", "The proxy at " + proxyHost + " would not connect to forbidden.test:443", 1},
		{"proxy down", "http://" + closed, "https://esign.test", "The connection to esign.test:443 goes through the proxy at " + closed + ", which could not be reached: is it running?", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			setProxy(t, tc.proxy)
			before := len(proxy.asked())
			c, _ := newTestClient(t, func(c *Config) { c.BaseURL, c.AllowInsecureHTTP = tc.baseURL, true })
			_, err := c.listHooks(context.Background())
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Nothing accepts connections at esign.test") {
				t.Errorf("err = %v, want it to say %q", err, tc.want)
			}
			if asked := len(proxy.asked()) - before; asked != tc.wantAsked {
				t.Errorf("the proxy was asked %d times, want %d", asked, tc.wantAsked)
			}
		})
	}

	// A create that could not reach the proxy was never sent.
	setProxy(t, "http://"+closed)
	c, _ := newTestClient(t, func(c *Config) { c.BaseURL = "https://esign.test" })
	if _, err := c.CreateSubscription(context.Background(), onceRequest); err == nil || errors.Is(err, ErrOutcomeUnknown) {
		t.Errorf("create through a proxy that is down: err = %v, want an error that is not ErrOutcomeUnknown", err)
	}
}
