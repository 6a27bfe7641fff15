// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// Event types the emulator knows.
const (
	EventSignatureRequestCompleted     = "signaturerequestcompleted"
	EventSignatorySigned               = "signatorysigned"
	EventSignatureRequestStatusUpdated = "signaturerequeststatusupdated"
)

// DefaultHooks is the supported set of the current live pages.
var DefaultHooks = []string{EventSignatureRequestCompleted, EventSignatorySigned}

// KnownHooks lists every event type Options.Hooks may name.
var KnownHooks = []string{EventSignatureRequestCompleted, EventSignatorySigned, EventSignatureRequestStatusUpdated}

type hookDefinition struct {
	EventType     string       `json:"eventType"`
	Description   string       `json:"description"`
	PayloadSchema eventPayload `json:"payloadSchema"`
}

// hookDescriptions describe the known event types in GET /hooks/v1.
var hookDescriptions = map[string]string{
	EventSignatureRequestCompleted:     "The signature request has been completed: all documents are signed.",
	EventSignatorySigned:               "A signatory signed the signature request.",
	EventSignatureRequestStatusUpdated: "The status of the signature request changed; also raised when the request completes.",
}

func resolveHooks(names []string) ([]hookDefinition, error) {
	if len(names) == 0 {
		names = DefaultHooks
	}
	var defs []hookDefinition
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		desc, known := hookDescriptions[n]
		switch {
		case n == "" || slices.ContainsFunc(defs, func(d hookDefinition) bool { return d.EventType == n }):
		case !known:
			return nil, fmt.Errorf("emulator: unknown hook %q (known: %s)", n, strings.Join(KnownHooks, ", "))
		default:
			data := eventData{SignatureRequestID: "guid", TenantID: "guid", DepartmentID: "guid", CreatorID: "guid"}
			if n == EventSignatorySigned {
				data.SignatoryID = "guid"
			}
			defs = append(defs, hookDefinition{n, desc, eventPayload{"string", "date", data}})
		}
	}
	if len(defs) == 0 {
		return nil, fmt.Errorf("emulator: no hook configured")
	}
	return defs, nil
}

// supportedEventType matches name case-insensitively against the supported
// set and answers the lower-case form.
func (e *Emulator) supportedEventType(name string) (string, bool) {
	for _, d := range e.hooks {
		if strings.EqualFold(d.EventType, strings.TrimSpace(name)) {
			return d.EventType, true
		}
	}
	return "", false
}

func (e *Emulator) supportedList() string {
	names := make([]string, len(e.hooks))
	for i, d := range e.hooks {
		names[i] = d.EventType
	}
	return strings.Join(names, ", ")
}

// handleHooksList is GET /hooks/v1.
func (e *Emulator) handleHooksList(w http.ResponseWriter, _ *http.Request, _ *tenantState) {
	writeJSON(w, http.StatusOK, e.hooks)
}
