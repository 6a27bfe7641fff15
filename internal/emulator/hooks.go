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

type eventDataSchema struct {
	SignatureRequestID string `json:"SignatureRequestId"`
	TenantID           string `json:"TenantId"`
	DepartmentID       string `json:"DepartmentId"`
	CreatorID          string `json:"CreatorId"`
	SignatoryID        string `json:"SignatoryId,omitempty"`
}

type payloadSchema struct {
	EventType string          `json:"EventType"`
	Timestamp string          `json:"Timestamp"`
	EventData eventDataSchema `json:"EventData"`
}

type hookDefinition struct {
	EventType     string        `json:"eventType"`
	Description   string        `json:"description"`
	PayloadSchema payloadSchema `json:"payloadSchema"`
}

func definitionOf(eventType string) (hookDefinition, bool) {
	data := eventDataSchema{SignatureRequestID: "guid", TenantID: "guid", DepartmentID: "guid", CreatorID: "guid"}
	var desc string
	switch eventType {
	case EventSignatureRequestCompleted:
		desc = "The signature request has been completed: all documents are signed."
	case EventSignatorySigned:
		desc = "A signatory signed the signature request."
		data.SignatoryID = "guid"
	case EventSignatureRequestStatusUpdated:
		desc = "The status of the signature request changed; also raised when the request completes."
	default:
		return hookDefinition{}, false
	}
	return hookDefinition{
		EventType:     eventType,
		Description:   desc,
		PayloadSchema: payloadSchema{EventType: "string", Timestamp: "date", EventData: data},
	}, true
}

func resolveHooks(names []string) ([]hookDefinition, error) {
	if len(names) == 0 {
		names = DefaultHooks
	}
	var defs []hookDefinition
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if n == "" {
			continue
		}
		d, ok := definitionOf(n)
		if !ok {
			return nil, fmt.Errorf("emulator: unknown hook %q (known: %s)", n, strings.Join(KnownHooks, ", "))
		}
		if !slices.ContainsFunc(defs, func(x hookDefinition) bool { return x.EventType == n }) {
			defs = append(defs, d)
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
func (e *Emulator) handleHooksList(w http.ResponseWriter, r *http.Request, t *tenantState) {
	writeJSON(w, http.StatusOK, e.hooks)
}
