// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

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
