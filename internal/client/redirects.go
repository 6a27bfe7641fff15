package client

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Redirects are never followed.
//
// Every request carries the subscription key and a bearer token, and the
// login call a password. A redirect to another scheme, host or port would
// hand them to whoever the Location names: a compromised or misconfigured
// gateway, or, from https to http, anyone on the network. And a redirect
// within the origin is not followed either: the API never answers one at a
// right base URL, so it means that the base URL is wrong (a missing path
// prefix, http where the service wants https). Following it for reads only
// would make plans pass and applies fail at the same base URL, and
// following a POST would re-send a create (307, 308) or turn it into a GET
// (301, 302, 303). So the redirect is the answer: an error that names the
// status and the Location and says to fix the base URL, before any byte
// goes to the Location.

// refuseRedirects is the http.Client's CheckRedirect: the redirect answer
// itself is returned, and nothing is sent to its Location.
func refuseRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// withRefusedRedirects returns a copy of hc (nil: a client of its own, see
// newTransport) that follows no redirect. The caller's client is left as it is.
func withRefusedRedirects(hc *http.Client) *http.Client {
	var out http.Client
	if hc != nil {
		out = *hc
	} else {
		out.Transport = newTransport()
	}
	out.CheckRedirect = refuseRedirects
	return &out
}

// isRedirect tells the answers a browser would follow.
func isRedirect(status int) bool { return status >= 300 && status < 400 }

// RedirectError: the service answered a redirect, which the client does
// not follow (see the top of this file). Location is the answer's, with
// any user information and secret removed.
type RedirectError struct {
	Method     string
	Route      string // path template, e.g. "GET /hooks/v1"
	Host       string // host:port of the base URL
	StatusCode int
	Location   string
	text       string
}

func (e *RedirectError) Error() string { return e.text }

// maxLocationShown bounds the Location quoted in an error.
const maxLocationShown = 300

// redirectError describes the redirect answer resp to cl.
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
	e.text = fmt.Sprintf("%s at %s: service answered %d %s with Location %q: %s. The client never follows a redirect, so "+
		"that the credentials go only to the base URL's origin: fix base_url%s", cl.route, e.Host, resp.StatusCode,
		http.StatusText(resp.StatusCode), e.Location, why, fix)
	return e
}

// redirectMeaning says what a redirect from requested to loc is, and which
// base URL it suggests, if any (never a plain http one).
func (c *Client) redirectMeaning(requested, loc *url.URL) (why, fix string) {
	switch {
	case requested.Scheme == "https" && loc.Scheme == "http":
		why = "a redirect from https:// to http://, which would send the credentials in clear text"
	case loc.Scheme != requested.Scheme || loc.Host != requested.Host:
		why = "a redirect to another origin (scheme, host or port)"
	default:
		why = "a redirect within the same origin, which the API never answers at a right base URL"
	}
	// The part of the path below the base URL, if the Location ends with it,
	// leaves the base URL the Location implies.
	below := strings.TrimPrefix(requested.EscapedPath(), c.base.EscapedPath())
	if loc.Scheme == "https" && below != "" && strings.HasSuffix(loc.EscapedPath(), below) {
		base := loc.Scheme + "://" + loc.Host + strings.TrimSuffix(loc.EscapedPath(), below)
		fix = fmt.Sprintf(" (to %s, if that is the service)", c.secrets.redact(base))
	}
	return why, fix
}
