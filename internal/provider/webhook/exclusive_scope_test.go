// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// A scope has one id however it is configured, and its id reads back as the same scope.
func TestExclusiveScopeID(t *testing.T) {
	for _, tc := range []struct {
		eventTypes []string
		uriPrefix  string
		want       string
	}{
		{nil, "", "*"},
		{[]string{"SignatureRequestCompleted", "signatorysigned", "signaturerequestcompleted"}, "", "signatorysigned,signaturerequestcompleted"},
		{nil, "https://hooks.example.com/prod/", "*/https://hooks.example.com/prod/"},
		{[]string{"SignatorySigned"}, "https://hooks.example.com/a,b/", "signatorysigned/https://hooks.example.com/a,b/"},
	} {
		scope := newExclusiveScope(tc.eventTypes, tc.uriPrefix)
		if got := scope.id(); got != tc.want {
			t.Errorf("id of %v %q = %q, want %q", tc.eventTypes, tc.uriPrefix, got, tc.want)
		}
		back, err := parseExclusiveScopeID(tc.want)
		if err != nil || back.id() != tc.want || !slices.Equal(back.eventTypes, scope.eventTypes) || back.uriPrefix != scope.uriPrefix {
			t.Errorf("parseExclusiveScopeID(%q) = %+v, %v; want %+v", tc.want, back, err, scope)
		}
	}
}

// A malformed import ID says what is wrong and shows the expected form.
func TestParseExclusiveScopeIDErrors(t *testing.T) {
	for raw, want := range map[string]string{
		"":                               "it has no event types: write * for every event type",
		"/https://hooks.example.com/":    "it has no event types",
		"signatory signed":               `"signatory signed" is not an event type name`,
		"signatorysigned,":               `"" is not an event type name`,
		"*/http://hooks.example.com/":    `its URI prefix must be an https:// URL (a host, and optionally a port and the start of a path): "http://hooks.example.com/" does not start with https://`,
		"signatorysigned/hooks.example/": `"hooks.example/" does not start with https://`,
		"*/https://h.example/?x=1":       `"https://h.example/?x=1" must not have a query`,
	} {
		_, err := parseExclusiveScopeID(raw)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "<event_types>[/<uri_prefix>]") {
			t.Errorf("parseExclusiveScopeID(%q) = %v, want an error with %q and the form", raw, err, want)
		}
	}
}

// outside answers what is in scope and not in the set, in a fixed order;
// event types match in any case, ids in any case.
func TestExclusiveScopeOutside(t *testing.T) {
	subs := []client.Subscription{
		{ID: "C", EventType: "SignatorySigned", URI: "https://h.example/prod/2"},
		{ID: "a", EventType: "signaturerequestcompleted", URI: "https://h.example/prod/1"},
		{ID: "b", EventType: "signatorysigned", URI: "https://h.example/prod/1"},
		{ID: "d", EventType: "signatorysigned", URI: "https://h.example/dev/1"},
	}
	ids := func(s []client.Subscription) (out []string) {
		for _, x := range s {
			out = append(out, x.ID)
		}
		return out
	}
	scope := newExclusiveScope([]string{"SIGNATORYSIGNED"}, "https://h.example/prod/")
	if got := ids(scope.outside(subs, idSet{"c": true})); !slices.Equal(got, []string{"b"}) {
		t.Errorf("outside = %v, want [b]", got)
	}
	if got := ids(newExclusiveScope(nil, "").outside(subs, nil)); !slices.Equal(got, []string{"C", "d", "b", "a"}) {
		t.Errorf("whole account = %v, want [C d b a] (by event type, then uri and id as bytes)", got)
	}
}

// A uri_prefix is a destination: scheme and host in any case, the default
// port or none, the path with case; a prefix without a path is that host only.
func TestExclusiveScopeURIPrefix(t *testing.T) {
	for _, tc := range []struct {
		prefix, uri string
		in          bool
	}{
		{"https://hooks.example.com/prod/", "https://hooks.example.com/prod/a", true},
		{"https://hooks.example.com/prod/", "https://HOOKS.Example.com/prod/a", true},
		{"https://hooks.example.com/prod/", "HTTPS://hooks.example.com:443/prod/a", true},
		{"https://hooks.example.com/prod/", "https://hooks.example.com./prod/a", true},
		{"HTTPS://Hooks.Example.com:443/prod/", "https://hooks.example.com/prod/a?tenant=1", true},
		{"https://hooks.example.com/prod/", "https://hooks.example.com/Prod/a", false},
		{"https://hooks.example.com/prod/", "https://hooks.example.com:8443/prod/a", false},
		{"https://hooks.example.com/prod/", "https://hooks.example.com/dev/prod/a", false},
		{"https://hooks.example.com/prod/", "http://hooks.example.com/prod/a", false},
		{"https://hooks.example.com", "https://hooks.example.com", true},
		{"https://hooks.example.com", "https://hooks.example.com/any/path", true},
		{"https://hooks.example.com/", "https://HOOKS.example.com:443", true},
		{"https://hooks.example.com", "https://hooks.example.com.partner.test/x", false},
		{"https://hooks.example.com", "https://hooks.example.community/x", false},
		{"https://hooks.example.com", "https://evil.test/https://hooks.example.com/x", false},
		{"https://hooks.example.com:8443", "https://hooks.example.com:8443/x", true},
		{"https://hooks.example.com:8443", "https://hooks.example.com/x", false},
	} {
		sub := client.Subscription{ID: "x", EventType: "signatorysigned", URI: tc.uri}
		if got := newExclusiveScope(nil, tc.prefix).contains(sub); got != tc.in {
			t.Errorf("uri_prefix %q contains %q = %v, want %v", tc.prefix, tc.uri, got, tc.in)
		}
	}
}

// Two scopes overlap when a subscription could be in both.
func TestExclusiveScopeOverlaps(t *testing.T) {
	all, signed := []string(nil), []string{"signatorysigned"}
	for _, tc := range []struct {
		aTypes  []string
		aPrefix string
		bTypes  []string
		bPrefix string
		overlap bool
	}{
		{all, "", signed, "", true},
		{all, "https://h.example/prod/", signed, "", true},
		{all, "https://h.example/", all, "https://H.example:443/prod/", true},
		{signed, "https://h.example/prod/", []string{"signaturerequestcompleted", "signatorysigned"}, "https://h.example/prod/x/", true},
		{signed, "", []string{"signaturerequestcompleted"}, "", false},
		{all, "https://h.example/prod/", all, "https://h.example/dev/", false},
		{all, "https://h.example/prod/", all, "https://h.example/Prod/", false},
		{all, "https://h.example", all, "https://h.example.other/", false},
	} {
		a, b := newExclusiveScope(tc.aTypes, tc.aPrefix), newExclusiveScope(tc.bTypes, tc.bPrefix)
		if a.overlaps(b) != tc.overlap || b.overlaps(a) != tc.overlap {
			t.Errorf("%q overlaps %q = %v, want %v", a.id(), b.id(), a.overlaps(b), tc.overlap)
		}
	}
}

// A uri is in a scope by where it leads: for every folder and every way of spelling a path to it (climbing out
// of the other folder, in plain or encoded dots, an encoded letter), it is in that folder's scope and no other's.
func TestExclusiveScopeFollowsThePath(t *testing.T) {
	folders := []string{"prod", "staging"}
	routes := map[string]func(target, other string) string{
		"direct":           func(target, _ string) string { return "/" + target + "/x" },
		"climbing":         func(target, other string) string { return "/" + other + "/../" + target + "/x" },
		"encoded dots":     func(target, other string) string { return "/" + other + "/%2e%2E/" + target + "/x" },
		"a dot":            func(target, _ string) string { return "/./" + target + "/x" },
		"encoded letter":   func(target, _ string) string { return "/%" + fmt.Sprintf("%02X", target[0]) + target[1:] + "/x" },
		"climbing too far": func(target, _ string) string { return "/../../" + target + "/x" },
	}
	for _, target := range folders {
		other := folders[0]
		if other == target {
			other = folders[1]
		}
		for name, route := range routes {
			uri := "https://hooks.example.com" + route(target, other)
			sub := client.Subscription{ID: "x", EventType: "signatorysigned", URI: uri}
			for _, folder := range folders {
				in := newExclusiveScope(nil, "https://hooks.example.com/"+folder+"/").contains(sub)
				if in != (folder == target) {
					t.Errorf("%s: uri_prefix .../%s/ contains %q = %v, want %v", name, folder, uri, in, folder == target)
				}
			}
		}
	}
}
