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
)

// What a failure to talk to the service says about the configuration: the
// hints that TransportError and APIError carry, and which failures no retry
// can mend.

// transportHint says what to check after err, a failure to talk to host.
func transportHint(err error, host string) string {
	var dnsErr *net.DNSError
	var unknownAuthority x509.UnknownAuthorityError
	var wrongName x509.HostnameError
	var invalidCert x509.CertificateInvalidError
	var notTLS tls.RecordHeaderError
	var timeout interface{ Timeout() bool }
	var late *timeoutError
	if hint := proxyHint(err, host); hint != "" {
		return hint
	}
	switch {
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

// answerHint says what an error answer means when its status alone does
// not: a TLS server spoken plain http to answers 400 with a text of its own
// (Go's servers and nginx's are recognised).
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

// handshakeFailed tells a TLS handshake that failed: no byte of the request
// was sent, and the next attempt would fail the same way.
func handshakeFailed(err error) bool {
	var certErr *tls.CertificateVerificationError
	var notTLS tls.RecordHeaderError
	var alert tls.AlertError
	return errors.As(err, &certErr) || errors.As(err, &notTLS) || errors.As(err, &alert) ||
		strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// misconfigured tells the transport errors that retrying cannot mend (a
// host name that does not resolve, http against https, an untrusted
// certificate, a proxy's 4xx to CONNECT), so none is retried.
func misconfigured(err error) bool {
	var dnsErr *net.DNSError
	var proxy *proxyRefusedError
	return handshakeFailed(err) || errors.As(err, &dnsErr) && dnsErr.IsNotFound ||
		errors.As(err, &proxy) && proxy.code < 500
}
