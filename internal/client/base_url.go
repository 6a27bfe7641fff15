// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// CheckBaseURL says what is wrong with raw as base_url, in words that read after the setting's name
// ("base_url must start with ...").
func CheckBaseURL(raw string) error { return CheckBaseURLWith(raw, false) }

// CheckBaseURLWith accepts http:// for any host when allowInsecureHTTP.
func CheckBaseURLWith(raw string, allowInsecureHTTP bool) error {
	if raw == "" {
		return errors.New("is empty")
	}
	u, err := url.Parse(raw)
	// Neither the parser's error nor the userinfo, query or fragment is quoted: each may hold a secret.
	switch {
	case !strings.Contains(raw, "://"):
		return fmt.Errorf("must start with https:// (or http:// for a loopback host such as the emulator), got %s", shown(raw))
	case err != nil:
		return fmt.Errorf("is not a valid URL: %s (it must look like https://api.example.com or https://api.example.com/prefix)", shown(raw))
	case u.User != nil:
		return errors.New("must not contain user information; credentials have settings of their own")
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("must start with https:// (or http:// for a loopback host such as the emulator), got %s", shown(raw))
	case u.Host == "" || u.Hostname() == "":
		return fmt.Errorf("has no host: %s", shown(raw))
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return fmt.Errorf("must not have a query or fragment: %s", shown(raw))
	case u.Scheme == "http" && !allowInsecureHTTP && !isLoopbackHost(u.Hostname()):
		return fmt.Errorf("must start with https:// for the host %q, got %q: plain http:// is accepted only for a loopback "+
			"host (127.0.0.1, ::1, localhost), since the subscription key and the token would cross the network in clear text "+
			"(a test gateway without TLS needs the explicit opt-in that allows insecure http)", u.Hostname(), raw)
	}
	return nil
}

func isLoopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") || ip != nil && ip.IsLoopback()
}

// shown quotes a base URL up to its query or fragment, and not at all with an "@" (it may be userinfo).
func shown(raw string) string {
	if strings.Contains(raw, "@") {
		return "a value with \"@\" (not shown: it may hold a password)"
	}
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		return fmt.Sprintf("%q (what follows %q not shown: it may hold a key)", raw[:i+1]+"…", raw[i])
	}
	return fmt.Sprintf("%q", raw)
}

// routeHooksList confirms a base URL (DESIGN.md, "Errors: where, what next, once"). Neither function below
// wraps the 404 it quotes: the caller would take it for "gone".
const routeHooksList = "GET /hooks/v1"

// notFoundOnFixedRoute turns the 404 of a route that exists at every correct base URL into ErrWrongBaseURL.
func (c *Client) notFoundOnFixedRoute(err error) error {
	if IsNotFound(err) {
		return &shownError{fmt.Sprintf("%v. The service answers this route at any correct base URL, so the base URL %q "+
			"does not point at its API", err, c.base), []error{ErrWrongBaseURL}}
	}
	return err
}

// confirmNotFound answers err, unless it is a 404 at a base URL that GET /hooks/v1 has not confirmed: there
// it may mean a wrong path prefix rather than gone or empty.
func (c *Client) confirmNotFound(ctx context.Context, err error) error {
	if !IsNotFound(err) || c.baseURLConfirmed.Load() {
		return err
	}
	_, hooksErr := c.SupportedHooks(ctx)
	switch {
	case hooksErr == nil:
		return err
	case errors.Is(hooksErr, ErrWrongBaseURL):
		return &shownError{fmt.Sprintf("%v, and %s, which the service answers at any correct base URL, answered 404 too: "+
			"the base URL %q does not point at its API", err, routeHooksList, c.base), []error{ErrWrongBaseURL}}
	}
	return fmt.Errorf("%s; a 404 means that it does not exist only if the base URL is right, and %s, which tells, failed: %w",
		err.Error(), routeHooksList, hooksErr)
}
