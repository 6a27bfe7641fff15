package client

import (
	"fmt"
	"net"
	"net/url"
	"time"
)

// TransportError: no usable answer came from the service: the connection
// could not be made or broke, or the answer did not arrive within the
// request timeout. Its text names the method, the host and the path, and
// says what to check; it never contains a secret (the cause's text is
// redacted, and the URL holds none).
type TransportError struct {
	Method   string
	Host     string // host:port of the base URL
	Path     string // the path requested, without the query
	Attempts int    // requests made before giving up
	// Hint says what to check, e.g. whether the service runs at Host.
	Hint string
	// notRetried: the host could not be reached moments before either,
	// so the call made one attempt only (unreachable.go).
	notRetried bool
	cause      error // redacted
}

func (e *TransportError) Error() string {
	attempts := "1 attempt"
	if e.Attempts > 1 {
		attempts = fmt.Sprintf("%d attempts", e.Attempts)
	}
	if e.notRetried {
		attempts += ", not retried: calls to this host failed the same way moments ago"
	}
	return fmt.Sprintf("%s %s at %s: %v (%s). %s", e.Method, e.Path, e.Host, e.cause, attempts, e.Hint)
}

// Unwrap gives the cause, so that errors.As finds a *net.OpError or a
// *net.DNSError. Print the TransportError, never what it unwraps to: only
// its text is redacted.
func (e *TransportError) Unwrap() error { return e.cause }

// transportError describes the failure err of cl after attempts requests.
func (c *Client) transportError(cl call, err error, attempts int) *TransportError {
	host := hostPort(c.base)
	return &TransportError{
		Method: cl.method, Host: host, Path: cl.url.EscapedPath(), Attempts: attempts,
		Hint: transportHint(err, host), cause: c.secrets.redactError(err),
	}
}

// timeoutError is an attempt that outlasted the request timeout, whether
// the status line or the body was late (during says which, if the body).
type timeoutError struct {
	timeout time.Duration
	during  string
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("no answer within the request timeout of %s%s", e.timeout, e.during)
}

// Timeout lets net.Error-style checks see it as a timeout.
func (e *timeoutError) Timeout() bool { return true }

// hostPort is the host:port u connects to, the scheme's port filled in.
func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	port := "443"
	if u.Scheme == "http" {
		port = "80"
	}
	return net.JoinHostPort(u.Hostname(), port)
}
