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

// withRefusedRedirects copies hc so that it follows no redirect (DESIGN.md, "Credentials go to the configured
// origin only"). Without hc, the transport reads the proxy settings per client (http.ProxyFromEnvironment
// reads them once per process) and makes a proxy's refusal an error of its own.
func withRefusedRedirects(hc *http.Client) *http.Client {
	var out http.Client
	if hc != nil {
		out = *hc
	} else {
		t := http.DefaultTransport.(*http.Transport).Clone()
		fromEnv := httpproxy.FromEnvironment().ProxyFunc()
		t.Proxy = func(req *http.Request) (*url.URL, error) { return fromEnv(req.URL) }
		t.OnProxyConnectResponse = func(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			return &proxyRefusedError{proxy: proxy.Host, code: resp.StatusCode}
		}
		out.Transport = t
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

// redirectError says what the redirect is, and which base URL it suggests (never a plain http one), and
// closes the answer. A 303 See Other to a create says it was carried out, so its outcome is unknown.
func (c *Client) redirectError(cl call, resp *http.Response) error {
	_ = resp.Body.Close()
	e := &RedirectError{Route: cl.route, Host: c.host, StatusCode: resp.StatusCode}
	why, fix := "a redirect without a usable Location", ""
	if loc, err := resp.Location(); err != nil {
		e.Location = c.gate.Show(resp.Header.Get("Location"))
	} else {
		e.Location = c.ShowURI(loc.String())
		switch {
		case cl.url.Scheme == "https" && loc.Scheme == "http":
			why = "a redirect from https:// to http://, which would send the credentials in clear text"
		case loc.Scheme != cl.url.Scheme || loc.Host != cl.url.Host:
			why = "a redirect to another origin (scheme, host or port)"
		default:
			why = "a redirect within the same origin, which the API never answers at a right base URL"
		}
		// A Location that ends with the path below the base URL implies a base URL.
		below := strings.TrimPrefix(cl.url.EscapedPath(), c.base.EscapedPath())
		if loc.Scheme == "https" && below != "" && strings.HasSuffix(loc.EscapedPath(), below) {
			fix = fmt.Sprintf(" (to %s, if that is the service)", c.ShowURI(loc.Scheme+"://"+loc.Host+strings.TrimSuffix(loc.EscapedPath(), below)))
		}
	}
	e.text = fmt.Sprintf("%s at %s: service answered %s with Location %s: %s. The client never follows "+
		"a redirect, so that the credentials go only to the base URL's origin: fix base_url%s", cl.route, e.Host,
		StatusText(resp.StatusCode), e.Location, why, fix)
	if !cl.idempotent && resp.StatusCode == http.StatusSeeOther {
		return fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, e)
	}
	return e
}
