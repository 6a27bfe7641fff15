// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// validate runs validators on value as the framework does for an attribute
// named attr, and returns the diagnostics as text ("" when valid).
func validate(t *testing.T, attr, value string, vs ...validator.String) string {
	t.Helper()
	req := validator.StringRequest{Path: path.Root(attr), ConfigValue: types.StringValue(value)}
	var text string
	for _, v := range vs {
		resp := &validator.StringResponse{}
		v.ValidateString(t.Context(), req, resp)
		for _, d := range resp.Diagnostics {
			text += d.Summary() + ": " + d.Detail() + "\n"
		}
	}
	return text
}

// Each rule accepts what it should and refuses the rest with a message
// that names the attribute and says what is wrong.
func TestValidators(t *testing.T) {
	for _, tc := range []struct {
		name  string
		attr  string
		rule  []validator.String
		value string
		want  string // a regular expression the diagnostics match; "" for a valid value
	}{
		{"base URL https", "base_url", []validator.String{BaseURL()}, "https://api.example.com/v2", ""},
		{"base URL http", "base_url", []validator.String{BaseURL()}, "http://127.0.0.1:8787", ""},
		{"base URL scheme", "base_url", []validator.String{BaseURL()}, "ftp://api.example.com",
			`^Invalid base URL: base_url must start with https:// \(or http:// for a loopback host such as the emulator\), got "ftp://api.example.com"\.`},
		{"base URL without scheme shows the value", "base_url", []validator.String{BaseURL()}, "127.0.0.1:8787",
			`^Invalid base URL: base_url must start with https://.*got "127.0.0.1:8787"\.`},
		// Plain http to another host is the provider's rule: it depends on
		// allow_insecure_http, which an attribute validator cannot see.
		{"base URL http gateway left to the provider", "base_url", []validator.String{BaseURL()}, "http://gateway.example.com:8080", ""},
		{"base URL no host", "base_url", []validator.String{BaseURL()}, "https:///v2", `base_url has no host`},
		{"base URL user info unquoted", "base_url", []validator.String{BaseURL()}, "ftp://me:pw@api.example.com",
			`^Invalid base URL: base_url must not contain user information[^"]*$`},
		{"base URL query", "base_url", []validator.String{BaseURL()}, "https://api.example.com/?k=v", `base_url must not have a query or fragment`},
		{"base URL empty", "base_url", []validator.String{BaseURL()}, "", `base_url is empty`},

		{"webhook URI", "uri", []validator.String{WebhookURI()}, "https://hooks.example.com/x?tenant=1", ""},
		{"webhook URI http", "uri", []validator.String{WebhookURI()}, "http://hooks.example.com/x",
			`^Invalid webhook URI: uri must be an absolute https:// URL: "http://hooks.example.com/x" does not start with https://\.`},
		{"webhook URI no host", "uri", []validator.String{WebhookURI()}, "https:///x", `uri must be an absolute https:// URL: "https:///x" has no host`},
		{"webhook URI user info", "uri", []validator.String{WebhookURI()}, "https://me:pw@hooks.example.com", `must not contain user information; send credentials in headers`},
		{"webhook URI fragment", "uri", []validator.String{WebhookURI()}, "https://hooks.example.com/#x", `must not have a fragment`},
		{"webhook URI port too high", "uri", []validator.String{WebhookURI()}, "https://hooks.example.com:65536/x", `has a port outside 1 to 65535`},
		{"webhook URI port zero", "uri", []validator.String{WebhookURI()}, "https://hooks.example.com:0/x", `has a port outside 1 to 65535`},
		{"webhook URI highest port", "uri", []validator.String{WebhookURI()}, "https://hooks.example.com:65535/x", ""},
		{"webhook URI prefix port too high", "uri_prefix", []validator.String{WebhookURIPrefix()}, "https://hooks.example.com:99999/", `has a port outside 1 to 65535`},
		{"webhook URI empty", "uri", []validator.String{WebhookURI()}, "", `uri must be an absolute https:// URL: it is empty`},

		{"webhook URI prefix", "uri_prefix", []validator.String{WebhookURIPrefix()}, "https://hooks.example.com/prod/", ""},
		{"webhook URI prefix host part", "uri_prefix", []validator.String{WebhookURIPrefix()}, "HTTPS://h", ""},
		{"webhook URI prefix http", "uri_prefix", []validator.String{WebhookURIPrefix()}, "http://hooks.example.com/",
			`^Invalid webhook URI prefix: uri_prefix must be an https:// URL \(a host, and optionally a port and the start of a path\): "http://hooks.example.com/" does not start with https://\.`},
		{"webhook URI prefix scheme only", "uri_prefix", []validator.String{WebhookURIPrefix()}, "https://", `uri_prefix must be an https:// URL .*: "https://" has no host`},
		{"webhook URI prefix query", "uri_prefix", []validator.String{WebhookURIPrefix()}, "https://h.example/p?x", `"https://h.example/p\?x" must not have a query`},
		{"webhook URI prefix bad port", "uri_prefix", []validator.String{WebhookURIPrefix()}, "https://h.example:x/", `is not a valid URL`},

		{"duration", "request_timeout", []validator.String{Duration()}, "2m30s", ""},
		{"duration text", "request_timeout", []validator.String{Duration()}, "soon",
			`^Invalid duration: request_timeout must be a positive duration such as "30s" or "2m", got "soon"\.`},
		{"duration zero", "request_timeout", []validator.String{Duration()}, "0s", `request_timeout must be a positive duration`},

		{"GUID", "tenant_id", []validator.String{GUID()}, "3F2504E0-4f89-11d3-9a0c-0305e82c3301", ""},
		{"GUID short", "tenant_id", []validator.String{GUID()}, "3f2504e0-4f89-11d3-9a0c", `tenant_id must be a GUID`},

		{"header name", "headers", []validator.String{HeaderName()}, "X-Client_Id.2", ""},
		{"header name CRLF", "headers", []validator.String{HeaderName()}, "X-A\r\nHost", `must be a valid HTTP header name`},
		{"header name Host", "headers", []validator.String{HeaderName()}, "Host",
			`^Invalid header name: headers is a header the gateway sets itself \(Host, Content-Length, Transfer-Encoding, Connection, .*Proxy-Authorization, in any case\), which a subscription must not send\.`},
		{"header name like a gateway one", "headers", []validator.String{HeaderName()}, "X-Forwarded-Host", ""},
		{"header value", "headers", []validator.String{HeaderValue()}, "Bearer abc=; q=\"1\"\t", ""},
		{"header value CRLF", "headers", []validator.String{HeaderValue()}, "line1\r\nInjected: yes",
			`^Invalid header value: headers must not contain CR, LF or NUL \(a line break would end the header and start another\)\.\n$`},
		{"header value LF", "headers", []validator.String{HeaderValue()}, "a\nb", `headers must not contain CR, LF or NUL`},
		{"header value CR", "headers", []validator.String{HeaderValue()}, "a\rb", `headers must not contain CR, LF or NUL`},
		{"header value NUL", "headers", []validator.String{HeaderValue()}, "a\x00b", `headers must not contain CR, LF or NUL`},

		{"event type", "event_type", []validator.String{EventTypeName()}, "SignatureRequestCompleted", ""},
		{"event type lower", "event_type", []validator.String{EventTypeName()}, "signatorysigned", ""},
		{"event type words", "event_type", []validator.String{EventTypeName()}, "signatory signed", `event_type must be an event type name`},

		{"entity type", "entity_type", []validator.String{EntityType()}, "Signatory", ""},
		{"entity type any case", "entity_type", []validator.String{EntityType()}, "sIGNATUREREQUEST", ""},
		{"entity type unknown", "entity_type", []validator.String{EntityType()}, "Invoice",
			`^Invalid entity type: entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Invoice"\.`},

		{"entity id", "entity_id", PathSegment(true), "sig/1", ""},
		{"entity id empty", "entity_id", PathSegment(true), "", `entity_id string length must be at least 1`},
		{"entity id dot-dot", "entity_id", PathSegment(true), "..", `entity_id value must be none of`},
		{"key", "key", PathSegment(false), "invoice number", ""},
		{"key slash", "key", PathSegment(false), "a/b", `key must not contain /`},
		{"key dot", "key", PathSegment(false), ".", `key value must be none of`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := validate(t, tc.attr, tc.value, tc.rule...)
			switch {
			case tc.want == "" && got != "":
				t.Errorf("%q refused:\n%s", tc.value, got)
			case tc.want != "" && !regexp.MustCompile(tc.want).MatchString(got):
				t.Errorf("%q: got\n%s\nwant a match of %s", tc.value, got, tc.want)
			}
		})
	}
}

// Null and unknown values are not checked: a required attribute is the
// framework's business, an unknown one is checked once known.
func TestValidatorsPassNullAndUnknown(t *testing.T) {
	for _, v := range []validator.String{BaseURL(), WebhookURI(), Duration(), EntityType(), HeaderName(), HeaderValue()} {
		for _, value := range []types.String{types.StringNull(), types.StringUnknown()} {
			resp := &validator.StringResponse{}
			v.ValidateString(t.Context(), validator.StringRequest{Path: path.Root("a"), ConfigValue: value}, resp)
			if resp.Diagnostics.HasError() {
				t.Errorf("%s refused %s: %v", v.Description(t.Context()), value, resp.Diagnostics)
			}
		}
	}
}

func TestCanonicalEntityType(t *testing.T) {
	for in, want := range map[string]string{
		"SignatureRequest": "SignatureRequest", "signaturerequest": "SignatureRequest",
		"SIGNATORY": "Signatory", "document": "Document",
	} {
		if got, err := CanonicalEntityType(in); err != nil || got != want {
			t.Errorf("CanonicalEntityType(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "Envelope", "Signatories", " Document"} {
		if got, err := CanonicalEntityType(in); err == nil || got != "" {
			t.Errorf("CanonicalEntityType(%q) = %q, %v; want an error", in, got, err)
		}
	}
}

func TestIsGUIDAndIsEventTypeName(t *testing.T) {
	if !IsGUID("3f2504e0-4f89-11d3-9a0c-0305e82c3301") || IsGUID("3f2504e0") || IsGUID("") {
		t.Error("IsGUID answers wrong")
	}
	if !IsEventTypeName("signaturerequestcompleted") || IsEventTypeName("a/b") || IsEventTypeName("") {
		t.Error("IsEventTypeName answers wrong")
	}
}

// The header rules as the schema applies them to a map.
func TestHeaderRulesOnMaps(t *testing.T) {
	check := func(headers map[string]attr.Value) string {
		t.Helper()
		req := validator.MapRequest{Path: path.Root("headers_wo"), ConfigValue: types.MapValueMust(types.StringType, headers)}
		var text string
		for _, v := range []validator.Map{mapvalidator.KeysAre(HeaderName()), mapvalidator.ValueStringsAre(HeaderValue())} {
			resp := &validator.MapResponse{}
			v.ValidateMap(t.Context(), req, resp)
			for _, d := range resp.Diagnostics {
				text += d.Summary() + ": " + d.Detail() + "\n"
			}
		}
		return text
	}
	// The list is written out: a name dropped from the client's list must fail here.
	for _, name := range []string{"Host", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive",
		"Proxy-Connection", "TE", "Trailer", "Upgrade", "Proxy-Authenticate", "Proxy-Authorization"} {
		for _, spelling := range []string{name, strings.ToLower(name), strings.ToUpper(name)} {
			got := check(map[string]attr.Value{spelling: types.StringValue("v"), "X-Fine": types.StringValue("v")})
			want := fmt.Sprintf(`headers_wo[%q] is a header the gateway sets itself`, spelling)
			if !strings.Contains(got, want) || strings.Count(got, "Invalid header name") != 1 {
				t.Errorf("%s: got\n%s\nwant one error containing %s", spelling, got, want)
			}
		}
	}

	secret := "s3cr3t\r\nInjected: yes"
	got := check(map[string]attr.Value{"X-Ok": types.StringValue(secret), "X-Later": types.StringUnknown()})
	if want := `headers_wo["X-Ok"] must not contain CR, LF or NUL`; !strings.Contains(got, want) || strings.Count(got, "Invalid header value") != 1 {
		t.Errorf("got\n%s\nwant one error containing %s", got, want)
	}
	if strings.Contains(got, "s3cr3t") {
		t.Errorf("the error shows the value:\n%s", got)
	}
	if got := check(map[string]attr.Value{"X-Client-Id": types.StringValue("a"), "Authorization": types.StringValue("Bearer b")}); got != "" {
		t.Errorf("valid headers refused:\n%s", got)
	}
}
