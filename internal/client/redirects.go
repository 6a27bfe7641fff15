// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/http/httpproxy"
)

// Redirects are never followed: see DESIGN.md, "Credentials go to the configured origin only". The
// API never answers one at a right base URL, so one means base_url is wrong.

// withRefusedRedirects copies hc (nil: a client of its own), leaving the caller's as it is.
func withRefusedRedirects(hc *http.Client) *http.Client {
	var out http.Client
	if hc != nil {
		out = *hc
	} else {
		out.Transport = newTransport()
	}
	out.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &out
}

type RedirectError struct {
	Route      string // path template, e.g. "GET /hooks/v1"
	Host       string // host:port of the base URL
	StatusCode int
	Location   string // without userinfo, query values or fragment, shown through the gate
	text       string
}

func (e *RedirectError) Error() string { return e.text }

func (c *Client) redirectError(cl call, resp *http.Response) *RedirectError {
	e := &RedirectError{Route: cl.route, Host: hostPort(c.base), StatusCode: resp.StatusCode}
	loc, err := resp.Location()
	var why, fix string
	switch {
	case err != nil:
		e.Location = c.gate.Show(resp.Header.Get("Location"))
		why = "a redirect without a usable Location"
	default:
		e.Location = c.ShowURI(loc.String())
		why, fix = c.redirectMeaning(cl.url, loc)
	}
	e.text = fmt.Sprintf("%s at %s: service answered %s with Location %s: %s. The client never follows "+
		"a redirect, so that the credentials go only to the base URL's origin: fix base_url%s", cl.route, e.Host,
		StatusText(resp.StatusCode), e.Location, why, fix)
	return e
}

// redirectMeaning says what the redirect is, and which base URL it suggests (never a plain http one).
func (c *Client) redirectMeaning(requested, loc *url.URL) (why, fix string) {
	switch {
	case requested.Scheme == "https" && loc.Scheme == "http":
		why = "a redirect from https:// to http://, which would send the credentials in clear text"
	case loc.Scheme != requested.Scheme || loc.Host != requested.Host:
		why = "a redirect to another origin (scheme, host or port)"
	default:
		why = "a redirect within the same origin, which the API never answers at a right base URL"
	}
	// A Location that ends with the path below the base URL implies a base URL.
	below := strings.TrimPrefix(requested.EscapedPath(), c.base.EscapedPath())
	if loc.Scheme == "https" && below != "" && strings.HasSuffix(loc.EscapedPath(), below) {
		base := loc.Scheme + "://" + loc.Host + strings.TrimSuffix(loc.EscapedPath(), below)
		fix = fmt.Sprintf(" (to %s, if that is the service)", c.ShowURI(base))
	}
	return why, fix
}

// newTransport reads the proxy settings per client (http.ProxyFromEnvironment reads them once per process)
// and makes a proxy's refusal an error of its own.
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	fromEnv := httpproxy.FromEnvironment().ProxyFunc()
	t.Proxy = func(req *http.Request) (*url.URL, error) { return fromEnv(req.URL) }
	t.OnProxyConnectResponse = func(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		return &proxyRefusedError{proxy: proxy.Host, status: resp.Status, code: resp.StatusCode}
	}
	return t
}
