package client

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// CheckBaseURL says what is wrong with raw as the base URL of the service,
// or nil: it must be an absolute https:// URL with a host, and no user
// information, query or fragment. Plain http:// is accepted for a loopback
// host only (127.0.0.0/8, ::1, localhost: the emulator), because every
// request carries the subscription key and a bearer token, and over http
// they would cross the network in clear text. New refuses what it refuses;
// the provider calls it too, to report a bad base_url as an error of that
// attribute before anything is sent. The error reads after the setting's
// name: "base_url must start with ...".
func CheckBaseURL(raw string) error { return CheckBaseURLWith(raw, false) }

// CheckBaseURLWith is CheckBaseURL for a Config whose AllowInsecureHTTP is
// allowInsecureHTTP: with true, http:// is accepted for any host.
func CheckBaseURLWith(raw string, allowInsecureHTTP bool) error {
	if raw == "" {
		return errors.New("is empty")
	}
	u, err := url.Parse(raw)
	// The parser's error is never quoted, nor the value's user information,
	// query or fragment: each may hold a password or a key (shown).
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

// isLoopbackHost tells the hosts whose traffic never leaves this machine: a
// loopback IP address or the name localhost.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// shown quotes a base URL for an error without what may hold a secret: up
// to its query or fragment, and not at all with an "@" (user information,
// or a URL that does not parse and cannot be told apart).
func shown(raw string) string {
	if strings.Contains(raw, "@") {
		return "a value with \"@\" (not shown: it may hold a password)"
	}
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		return fmt.Sprintf("%q (what follows %q not shown: it may hold a key)", raw[:i+1]+"…", raw[i])
	}
	return fmt.Sprintf("%q", raw)
}
