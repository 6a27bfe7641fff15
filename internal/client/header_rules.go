// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// A subscription's headers become header lines of every delivery: see DESIGN.md, "Webhook headers".

// gatewayOwnedHeaders are the gateway's own and RFC 9110's hop-by-hop headers (7.6.1), in any case.
var gatewayOwnedHeaders = []string{
	"Host", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "Proxy-Connection",
	"TE", "Trailer", "Upgrade", "Proxy-Authenticate", "Proxy-Authorization",
}

var errInvalidHeader = errors.New("invalid webhook header")

// CheckHeaderName's error does not repeat the name: the caller names the header.
func CheckHeaderName(name string) error {
	const tchars = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return !strings.ContainsRune(tchars, r) }) {
		return errors.New("must be a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~)")
	}
	if slices.ContainsFunc(gatewayOwnedHeaders, func(h string) bool { return strings.EqualFold(h, name) }) {
		return fmt.Errorf("is a header the gateway sets itself (%s, in any case), which a subscription must not send",
			strings.Join(gatewayOwnedHeaders, ", "))
	}
	return nil
}

// CheckHeaderValue never quotes the value, which is often a secret.
func CheckHeaderValue(value string) error {
	if strings.ContainsAny(value, "\r\n\x00") {
		return errors.New("must not contain CR, LF or NUL (a line break would end the header and start another)")
	}
	return nil
}

// CheckHeaders answers the first problem, in the order of the names, wrapping errInvalidHeader.
func CheckHeaders(headers map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(headers)) {
		if err := CheckHeaderName(name); err != nil {
			return fmt.Errorf("%w: header name %q %w", errInvalidHeader, name, err)
		}
		if err := CheckHeaderValue(headers[name]); err != nil {
			return fmt.Errorf("%w: the value of header %q %w", errInvalidHeader, name, err)
		}
	}
	return nil
}

// CheckCredential refuses a control character, such as the line break a secret store often leaves at the
// end, naming the character but never the value.
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
