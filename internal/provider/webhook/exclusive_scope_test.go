package webhook

import (
	"slices"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// A scope has one id however it is configured, and its id reads back as
// the same scope.
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
		"*/http://hooks.example.com/":    "its URI prefix must start with https:// and a host",
		"signatorysigned/hooks.example/": "its URI prefix must start with https:// and a host",
	} {
		_, err := parseExclusiveScopeID(raw)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "<event_types>[/<uri_prefix>]") {
			t.Errorf("parseExclusiveScopeID(%q) = %v, want an error with %q and the form", raw, err, want)
		}
	}
}

// outside answers what is in scope and not in the set, in a fixed order;
// event types match in any case, ids in any case, the prefix as written.
func TestExclusiveScopeOutside(t *testing.T) {
	subs := client.NewSubscriptionSet([]client.Subscription{
		{ID: "C", EventType: "SignatorySigned", URI: "https://h.example/prod/2"},
		{ID: "a", EventType: "signaturerequestcompleted", URI: "https://h.example/prod/1"},
		{ID: "b", EventType: "signatorysigned", URI: "https://h.example/prod/1"},
		{ID: "d", EventType: "signatorysigned", URI: "https://h.example/dev/1"},
		{ID: "e", EventType: "signatorysigned", URI: "https://H.example/prod/3"},
	})
	ids := func(s []client.Subscription) (out []string) {
		for _, x := range s {
			out = append(out, x.ID)
		}
		return out
	}
	scope := newExclusiveScope([]string{"SIGNATORYSIGNED"}, "https://h.example/prod/")
	if got := ids(scope.outside(subs, newIDSet([]string{"c"}))); !slices.Equal(got, []string{"b"}) {
		t.Errorf("outside = %v, want [b]", got)
	}
	if got := ids(newExclusiveScope(nil, "").outside(subs, nil)); !slices.Equal(got, []string{"e", "d", "b", "C", "a"}) {
		t.Errorf("whole account = %v, want [e d b C a] (by event type, then uri and id as bytes)", got)
	}
}
