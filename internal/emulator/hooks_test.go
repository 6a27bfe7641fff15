// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"strings"
	"testing"
)

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
