// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"strings"
	"testing"
)

func TestSubscriptionLifecycle(t *testing.T) {
	f := newFixture(t, Options{})
	if got := string(f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK)); got != `{"items":[]}` {
		t.Errorf("empty list: %s", got)
	}
	id1 := f.createSubscription("SignatureRequestCompleted", "https://localhost:8443/a", nil)
	id2 := f.createSubscription("SIGNATORYSIGNED", "https://127.0.0.1/b", nil)
	if id1 == id2 || len(id1) != 36 {
		t.Fatalf("ids %q %q", id1, id2)
	}
	list := decode[subscriptionList](t, f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK))
	want := []Subscription{
		{ID: id1, EventType: "signaturerequestcompleted", URI: "https://localhost:8443/a", Description: "test"},
		{ID: id2, EventType: "signatorysigned", URI: "https://127.0.0.1/b", Description: "test"},
	}
	if len(list.Items) != 2 || list.Items[0] != want[0] || list.Items[1] != want[1] {
		t.Errorf("list %+v", list.Items)
	}

	for _, q := range []string{"eventType=signaturerequestcompleted", "eventtype=signaturerequestcompleted", "EVENTTYPE=SignatureRequestCompleted"} {
		got := decode[Subscription](t, f.do("GET", "/hooks/v1/subscription/"+id1+"?"+q, nil, http.StatusOK))
		if got != want[0] {
			t.Errorf("get ?%s: %+v", q, got)
		}
	}
	f.do("GET", "/hooks/v1/subscription/"+id1+"?eventType=signatorysigned", nil, http.StatusNotFound)
	f.do("GET", "/hooks/v1/subscription/"+newGUID()+"?eventType=signatorysigned", nil, http.StatusNotFound)
	f.do("GET", "/hooks/v1/subscription/"+id1, nil, http.StatusBadRequest)

	f.do("DELETE", "/hooks/v1/subscription/"+id1+"?eventType=signatorysigned", nil, http.StatusNotFound)
	if body := f.do("DELETE", "/hooks/v1/subscription/"+id1+"?EventType=SignatureRequestCompleted", nil, http.StatusAccepted); len(body) != 0 {
		t.Errorf("202 has a body: %q", body)
	}
	f.do("DELETE", "/hooks/v1/subscription/"+id1+"?eventType=signaturerequestcompleted", nil, http.StatusNotFound)
	f.do("GET", "/hooks/v1/subscription/"+id1+"?eventType=signaturerequestcompleted", nil, http.StatusNotFound)
	if subs := f.e.Subscriptions(f.tenant.SubscriptionKey); len(subs) != 1 || subs[0].ID != id2 {
		t.Errorf("after delete: %+v", subs)
	}
	if !f.e.DeleteSubscription(f.tenant.SubscriptionKey, id2) || f.e.DeleteSubscription(f.tenant.SubscriptionKey, id2) {
		t.Error("out-of-band delete")
	}

	// A subscription made out of band is served like any other.
	s, err := f.e.AddSubscription(f.tenant.SubscriptionKey, "SignatorySigned", "https://localhost/oob", "made elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	list = decode[subscriptionList](t, f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK))
	oob := Subscription{ID: s.ID, EventType: "signatorysigned", URI: "https://localhost/oob", Description: "made elsewhere"}
	if len(list.Items) != 1 || list.Items[0] != oob || s != oob {
		t.Errorf("AddSubscription answered %+v; the list holds %+v", s, list.Items)
	}
	if _, err := f.e.AddSubscription(f.tenant.SubscriptionKey, "documentsigned", "https://localhost/oob", ""); err == nil {
		t.Error("an unsupported event type was accepted")
	}
	if _, err := f.e.AddSubscription("nobody", "signatorysigned", "https://localhost/oob", ""); err == nil {
		t.Error("an unknown tenant was accepted")
	}
}

func TestSubscriptionCreateValidation(t *testing.T) {
	f := newFixture(t, Options{})
	cases := []struct {
		name string
		body any
		want string
	}{
		{"unsupported type", map[string]string{"Uri": "https://localhost/", "EventType": "documentsigned"}, "signaturerequestcompleted, signatorysigned"},
		{"no type", map[string]string{"Uri": "https://localhost/"}, "not supported"},
		{"http uri", map[string]string{"Uri": "http://localhost/", "EventType": "signatorysigned"}, "https"},
		{"relative uri", map[string]string{"Uri": "/hook", "EventType": "signatorysigned"}, "https"},
		{"no uri", map[string]string{"EventType": "signatorysigned"}, "required"},
		{"bad header name", map[string]any{"Uri": "https://localhost/", "EventType": "signatorysigned", "Headers": map[string]string{"bad name": "v"}}, "header name"},
		{"header not a string", map[string]any{"Uri": "https://localhost/", "EventType": "signatorysigned", "Headers": map[string]int{"x": 1}}, "Headers"},
		{"not json", "{", "not valid JSON"},
	}
	for _, c := range cases {
		data := f.do("POST", "/hooks/v1/subscription", c.body, http.StatusBadRequest)
		if e := decode[errorBody](t, data); e.StatusCode != 400 || !strings.Contains(e.Message, c.want) {
			t.Errorf("%s: %s", c.name, data)
		}
	}
	// Field names match case-insensitively, as encoding/json does.
	data := f.do("POST", "/hooks/v1/subscription", `{"uri":"https://localhost/x","eventtype":"signatorysigned","description":"d"}`, http.StatusOK)
	id := decode[createSubscriptionResponse](t, data).ID
	if subs := f.e.Subscriptions(f.tenant.SubscriptionKey); len(subs) != 1 || subs[0].ID != id || subs[0].Description != "d" {
		t.Errorf("lower-case field names: %+v", subs)
	}
}

// TestHeadersNeverReturned scans every answer that could carry a subscription's header values. The event goes
// to a receiver the default delivery client does not trust: the delivery fails, is not skipped, and is logged.
func TestHeadersNeverReturned(t *testing.T) {
	recv, got := newReceiver(t)
	f := newFixture(t, Options{})
	const secret = "s3cr3t-header-value"
	id := f.createSubscription("signatorysigned", recv.URL+"/hook", map[string]string{"client-secret": secret})
	key := "?tenant=" + f.tenant.SubscriptionKey
	bodies := [][]byte{
		f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK),
		f.do("GET", "/hooks/v1/subscription/"+id+"?eventType=signatorysigned", nil, http.StatusOK),
		f.do("GET", "/_emulator/subscriptions"+key, nil, http.StatusOK),
		f.do("POST", "/_emulator/events/signatory-signed"+key, nil, http.StatusOK),
		f.do("GET", "/_emulator/deliveries"+key, nil, http.StatusOK),
	}
	for _, b := range bodies {
		if strings.Contains(string(b), secret) || strings.Contains(string(b), "client-secret") {
			t.Errorf("answer carries the headers: %s", b)
		}
	}
	if d := f.e.Deliveries(f.tenant.SubscriptionKey); len(d) != 1 || d[0].Error == "" || d[0].Skipped || len(got()) != 0 {
		t.Errorf("a delivery to an untrusted receiver: %+v, received %d", d, len(got()))
	}
}

// A request body over the emulator's limit is answered 413 with a message that says it is a size limit.
func TestRequestBodySizeLimit(t *testing.T) {
	f := newFixture(t, Options{})
	huge := `{"Uri":"https://localhost/x","EventType":"signatorysigned","Description":"` + strings.Repeat("x", maxRequestBody) + `"}`
	for _, path := range []string{"/hooks/v1/subscription", "/_emulator/events/signatory-signed"} {
		data := f.do("POST", path, huge, http.StatusRequestEntityTooLarge)
		if m := decode[errorBody](t, data).Message; !strings.Contains(m, "size limit") || !strings.Contains(m, "1024 KiB") {
			t.Errorf("%s: %q does not say it is a size limit", path, m)
		}
	}
}

func TestHooks(t *testing.T) {
	f := newFixture(t, Options{})
	data := f.do("GET", "/hooks/v1", nil, http.StatusOK)
	want := `[{"eventType":"signaturerequestcompleted","description":"The signature request has been completed: all documents are signed.",` +
		`"payloadSchema":{"EventType":"string","Timestamp":"date","EventData":{"SignatureRequestId":"guid","TenantId":"guid","DepartmentId":"guid","CreatorId":"guid"}}},` +
		`{"eventType":"signatorysigned","description":"A signatory signed the signature request.",` +
		`"payloadSchema":{"EventType":"string","Timestamp":"date","EventData":{"SignatureRequestId":"guid","TenantId":"guid","DepartmentId":"guid","CreatorId":"guid","SignatoryId":"guid"}}}]`
	if string(data) != want {
		t.Errorf("GET /hooks/v1:\n got %s\nwant %s", data, want)
	}

	// Configurable, in any case.
	f = newFixture(t, Options{Hooks: []string{"SignatureRequestCompleted", "signaturerequeststatusupdated"}})
	hooks := decode[[]hookDefinition](t, f.do("GET", "/hooks/v1", nil, http.StatusOK))
	if len(hooks) != 2 || hooks[0].EventType != "signaturerequestcompleted" || hooks[1].EventType != "signaturerequeststatusupdated" {
		t.Errorf("hooks %+v", hooks)
	}
	data = f.do("POST", "/hooks/v1/subscription", map[string]string{"Uri": "https://localhost/x", "EventType": "SignatorySigned"}, http.StatusBadRequest)
	if !strings.Contains(string(data), "signaturerequestcompleted, signaturerequeststatusupdated") {
		t.Errorf("400 does not list the supported types: %s", data)
	}
	if _, err := New(Options{Hooks: []string{"nosuchevent"}}); err == nil {
		t.Error("New accepted an unknown hook")
	}
}
