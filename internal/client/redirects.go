// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
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
	Method     string
	Route      string // path template, e.g. "GET /hooks/v1"
	Host       string // host:port of the base URL
	StatusCode int
	Location   string // without userinfo, redacted
	text       string
}

func (e *RedirectError) Error() string { return e.text }

const maxLocationShown = 300

func (c *Client) redirectError(cl call, resp *http.Response) *RedirectError {
	e := &RedirectError{Method: cl.method, Route: cl.route, Host: hostPort(c.base), StatusCode: resp.StatusCode}
	loc, err := resp.Location()
	var why, fix string
	switch {
	case err != nil:
		e.Location = c.secrets.redact(resp.Header.Get("Location"))
		why = "a redirect without a usable Location"
	default:
		loc.User = nil
		e.Location = c.secrets.redact(loc.String())
		why, fix = c.redirectMeaning(cl.url, loc)
	}
	if len(e.Location) > maxLocationShown {
		e.Location = e.Location[:maxLocationShown] + "..."
	}
	// Redacted once more after quoting: an escape such as \x7f can spell a secret with the text that follows it.
	e.text = c.secrets.redact(fmt.Sprintf("%s at %s: service answered %d %s with Location %q: %s. The client never follows "+
		"a redirect, so that the credentials go only to the base URL's origin: fix base_url%s", cl.route, e.Host, resp.StatusCode,
		http.StatusText(resp.StatusCode), e.Location, why, fix))
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
		fix = fmt.Sprintf(" (to %s, if that is the service)", c.secrets.redact(base))
	}
	return why, fix
}
