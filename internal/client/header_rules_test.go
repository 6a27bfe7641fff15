// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// Headers the rules refuse never leave the client: CreateSubscription (and
// so CreateSubscriptionOnce) fails before it sends anything, with an error
// that names the header and the rule and does not show the value. The
// provider checks the same rules at plan time; this is the check for a
// value that was unknown then.
func TestCreateSubscriptionRefusesHeadersBeforeSending(t *testing.T) {
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    string
	}{
		{"CRLF in a value", map[string]string{"X-Ok": "s3cr3t\r\nInjected: yes"},
			`the value of header "X-Ok" must not contain CR, LF or NUL`},
		{"NUL in a value", map[string]string{"X-A": "fine", "X-B": "s3cr3t\x00"},
			`the value of header "X-B" must not contain CR, LF or NUL`},
		{"Host", map[string]string{"host": "s3cr3t.example.com"},
			`header name "host" is a header the gateway sets itself (Host, Content-Length,`},
		{"Content-Length", map[string]string{"Content-Length": "0"}, `header name "Content-Length" is a header the gateway sets itself`},
		{"hop-by-hop", map[string]string{"Keep-Alive": "s3cr3t"}, `header name "Keep-Alive" is a header the gateway sets itself`},
		{"not a token", map[string]string{"X Client": "v"}, `header name "X Client" must be a valid HTTP header name`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, tenant := newTestClient(t)
			req := CreateSubscriptionRequest{EventType: "signatorysigned", URI: "https://hooks.example.com/h", Headers: tc.headers}
			_, err := c.CreateSubscription(context.Background(), req)
			if !errors.Is(err, errInvalidHeader) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "nothing was sent") {
				t.Errorf("CreateSubscription: err = %v, want errInvalidHeader saying %s, and that nothing was sent", err, tc.want)
			}
			_, errOnce := c.CreateSubscriptionOnce(context.Background(), req, claimsOf(c))
			if !errors.Is(errOnce, errInvalidHeader) || !strings.Contains(errOnce.Error(), tc.want) {
				t.Errorf("CreateSubscriptionOnce: err = %v, want errInvalidHeader saying %s", errOnce, tc.want)
			}
			for _, err := range []error{err, errOnce} {
				if err != nil && strings.Contains(err.Error(), "s3cr3t") {
					t.Errorf("the error shows the value: %v", err)
				}
			}
			if n := testEmulator.Writes(tenant.SubscriptionKey); n != 0 {
				t.Errorf("%d writes reached the service, want none", n)
			}
		})
	}
}

func TestCheckHeadersAcceptsOrdinaryHeaders(t *testing.T) {
	for _, h := range []map[string]string{
		nil,
		{"Authorization": "Bearer abc", "X-Client-Id": "archive", "X-Forwarded-Host": "a.example.com", "Upgrade-Insecure-Requests": "1"},
		{"x-empty": "", "x-tab": "a\tb", "x-unicode": "überall"},
	} {
		if err := CheckHeaders(h); err != nil {
			t.Errorf("CheckHeaders(%v) = %v, want nil", h, err)
		}
	}
}

// A credential with a character a header cannot carry is named by that
// character and where it is, never by its value.
func TestCheckCredential(t *testing.T) {
	for value, want := range map[string]string{
		"key-0123":    "",
		"key\t0123":   "",
		"key-0123\n":  `ends with a line break (\n), which an HTTP header cannot carry`,
		"\r\nkey":     `starts with a carriage return (\r)`,
		"key\x000123": "contains the control character U+0000",
		"key\x7f0123": "contains the control character U+007F",
	} {
		err := CheckCredential(value)
		if want == "" && err != nil || want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("CheckCredential(%q) = %v, want %q", value, err, want)
		}
	}
}
