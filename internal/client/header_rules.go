package client

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The custom headers of a subscription: the service sends them with every
// event request to the subscriber, so they become HTTP header lines written
// by the service's gateway. A value with a line break would end its line
// and start another (header injection: "X-Ok: a\r\nInjected: yes"), and
// the names below belong to the gateway, which sets them from the request
// it sends (its length, its framing, its connection) or from the hop it
// sends it over: a subscription that set them would make the delivery
// fail, be cut or be smuggled into another request. So they are refused,
// with the same words, by the provider's validators at plan time and by
// CreateSubscription before anything is sent (a value only known at apply).

// GatewayOwnedHeaders are the header names a subscription may not set: the
// gateway's own, and the hop-by-hop headers of RFC 9110 (section 7.6.1).
// Names compare without regard to case.
var GatewayOwnedHeaders = []string{
	"Host", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "Proxy-Connection",
	"TE", "Trailer", "Upgrade", "Proxy-Authenticate", "Proxy-Authorization",
}

// ErrInvalidHeader is the cause of a create that CheckHeaders refused.
var ErrInvalidHeader = errors.New("invalid webhook header")

// CheckHeaderName says what keeps name from being a subscription's header
// name (nil when nothing does): an RFC 9110 token (letters, digits and
// !#$%&'*+-.^_`|~) that is not one of GatewayOwnedHeaders. The error does
// not repeat the name: the caller names the header.
func CheckHeaderName(name string) error {
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return !isTokenChar(r) }) {
		return errors.New("must be a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~)")
	}
	if i := slices.IndexFunc(GatewayOwnedHeaders, func(h string) bool { return strings.EqualFold(h, name) }); i >= 0 {
		return fmt.Errorf("is a header the gateway sets itself (%s, in any case), which a subscription must not send",
			strings.Join(GatewayOwnedHeaders, ", "))
	}
	return nil
}

// CheckHeaderValue says what keeps value from being a header value (nil
// when nothing does): it must not contain CR, LF or NUL. The error never
// quotes the value, which is often a secret.
func CheckHeaderValue(value string) error {
	if strings.ContainsAny(value, "\r\n\x00") {
		return errors.New("must not contain CR, LF or NUL (a line break would end the header and start another)")
	}
	return nil
}

// CheckHeaders checks every header of a subscription with CheckHeaderName
// and CheckHeaderValue, in the order of their names, and answers the first
// problem as an error that wraps ErrInvalidHeader and names the header (the
// value is never shown).
func CheckHeaders(headers map[string]string) error {
	names := make([]string, 0, len(headers))
	for name := range headers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := CheckHeaderName(name); err != nil {
			return fmt.Errorf("%w: header name %q %w", ErrInvalidHeader, name, err)
		}
		if err := CheckHeaderValue(headers[name]); err != nil {
			return fmt.Errorf("%w: the value of header %q %w", ErrInvalidHeader, name, err)
		}
	}
	return nil
}

// isTokenChar tells the characters of an RFC 9110 token.
func isTokenChar(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("!#$%&'*+-.^_`|~", r))
}

// CheckCredential says what keeps a credential sent in a header (the
// subscription key, an access token) from being sent, naming the character
// but never the value: a control character other than tab, such as the line
// break a secret store often leaves at the end.
func CheckCredential(value string) error {
	i := strings.IndexFunc(value, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f })
	if i < 0 {
		return nil
	}
	where := "contains"
	switch {
	case i == len(value)-1:
		where = "ends with"
	case i == 0:
		where = "starts with"
	}
	what := map[byte]string{'\n': `a line break (\n)`, '\r': `a carriage return (\r)`}[value[i]]
	if what == "" {
		what = fmt.Sprintf("the control character %U", value[i])
	}
	return fmt.Errorf("%s %s, which an HTTP header cannot carry", where, what)
}
