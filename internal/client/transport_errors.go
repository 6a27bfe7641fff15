// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
)

// TransportError: no usable answer came (no connection, a broken one, or a timeout). Its text passed the gate.
type TransportError struct {
	Method     string
	Host       string // host:port of the base URL
	Path       string // without the query
	attempts   int
	Hint       string // what to check
	notRetried bool   // the host was unreachable moments before
	cause      error  // shown through the gate
}

func (e *TransportError) Error() string {
	attempts := "1 attempt"
	if e.attempts > 1 {
		attempts = fmt.Sprintf("%d attempts", e.attempts)
	}
	if e.notRetried {
		attempts += ", not retried: calls to this host failed the same way moments ago"
	}
	return fmt.Sprintf("%s %s at %s: %v (%s). %s", e.Method, e.Path, e.Host, e.cause, attempts, e.Hint)
}

// Unwrap lets errors.As find a *net.OpError; print the TransportError, never what it unwraps to.
func (e *TransportError) Unwrap() error { return e.cause }

func (c *Client) transportError(cl call, err error, attempts int) *TransportError {
	return &TransportError{
		Method: cl.method, Host: c.host, Path: cl.url.EscapedPath(), attempts: attempts,
		Hint: transportHint(err, c.host), cause: &shownError{c.gate.Show(err.Error()), []error{err}},
	}
}

type timeoutError struct {
	timeout time.Duration
	during  string // set when the body was late
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("no answer within the request timeout of %s%s", e.timeout, e.during)
}

func (e *timeoutError) Timeout() bool { return true }

func transportHint(err error, host string) string {
	var dnsErr *net.DNSError
	var unknownAuthority x509.UnknownAuthorityError
	var wrongName x509.HostnameError
	var invalidCert x509.CertificateInvalidError
	var notTLS tls.RecordHeaderError
	var timeout interface{ Timeout() bool }
	var late *timeoutError
	var refused *proxyRefusedError
	var opErr *net.OpError
	const proxySettings = "HTTPS_PROXY or HTTP_PROXY (NO_PROXY lists the hosts reached without one)"
	switch {
	case errors.As(err, &refused) && refused.code == http.StatusProxyAuthRequired:
		return fmt.Sprintf("The proxy at %s asks for credentials: check the user and password in %s.", refused.proxy, proxySettings)
	case errors.As(err, &refused):
		return fmt.Sprintf("The proxy at %s would not connect to %s: check %s, and the proxy's rules.", refused.proxy, host, proxySettings)
	case errors.As(err, &opErr) && opErr.Op == "proxyconnect":
		proxy := "the proxy"
		if errors.As(opErr.Err, &opErr) && opErr.Addr != nil {
			proxy += " at " + opErr.Addr.String()
		}
		return fmt.Sprintf("The connection to %s goes through %s, which could not be reached: is it running? Check %s.",
			host, proxy, proxySettings)
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return fmt.Sprintf("The host name %q does not resolve: check the host in base_url.", dnsErr.Name)
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("The host name %q could not be looked up: check the host in base_url and this machine's DNS settings.", dnsErr.Name)
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("Nothing accepts connections at %s: is the service (or the emulator) running there? Is the port in base_url right?", host)
	case strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return fmt.Sprintf("base_url says https://, but the server at %s speaks plain http: check the scheme and the port of base_url.", host)
	case errors.As(err, &notTLS):
		return fmt.Sprintf("base_url says https://, but the server at %s does not speak TLS: check the scheme and the port of base_url.", host)
	case errors.As(err, &unknownAuthority):
		return fmt.Sprintf("The certificate of %s is signed by an authority this machine does not trust (a self-signed certificate, "+
			"or a proxy that inspects TLS): add that authority to the system's trust store, or check the host in base_url.", host)
	case errors.As(err, &wrongName):
		return fmt.Sprintf("The certificate of %s is not valid for that name: check the host in base_url.", host)
	case errors.As(err, &invalidCert):
		return fmt.Sprintf("The certificate of %s is not valid (expired or not yet valid?): tell the service's operators.", host)
	case errors.As(err, &late) && late.during != "":
		return fmt.Sprintf("%s answered, but its answer did not arrive in full: if the service or the network is only slow, raise the request timeout.", host)
	case errors.As(err, &timeout) && timeout.Timeout():
		return fmt.Sprintf("Is %s reachable from here (a firewall that drops packets looks like this)? If the service is only slow, raise the request timeout.", host)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET):
		return fmt.Sprintf("The connection to %s closed before the answer was complete: the service or a proxy on the way cut it.", host)
	}
	return fmt.Sprintf("Check that base_url points at the service and that %s is reachable from here.", host)
}

// answerHint knows the 400 texts of Go's and nginx's TLS servers spoken plain http to.
func answerHint(status int, body, host string) string {
	if status == http.StatusProxyAuthRequired {
		return fmt.Sprintf("A proxy between here and %s asks for credentials: check the user and password in HTTP_PROXY.", host)
	}
	if status == http.StatusBadRequest &&
		(strings.Contains(body, "HTTP request to an HTTPS server") || strings.Contains(body, "plain HTTP request was sent to HTTPS port")) {
		return fmt.Sprintf("base_url says http://, but the server at %s speaks https: use https://", host)
	}
	return ""
}

type proxyRefusedError struct {
	proxy string
	code  int
}

func (e *proxyRefusedError) Error() string {
	return fmt.Sprintf("the proxy at %s answered %s", e.proxy, StatusText(e.code))
}
