// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// The service may keep a value in another form than the one sent (trimmed, re-cased, re-encoded), and the
// interface document does not say which. Read would store that form, and every plan would then replace or rewrite
// an unchanged configuration. So a write records what it sent and the form the service keeps, and Reads keep the
// configured value while the service shows that form. The forms are learned, never listed: whatever the service
// does to a value is read off its answers.
const privateKeyStoredForms = "stored_forms"

// storedForm is what was sent of one attribute and, once known, the form the service keeps.
type storedForm struct {
	Sent   string `json:"sent"`
	Seen   bool   `json:"seen,omitempty"`
	Stored string `json:"stored,omitempty"`
}

// PrivateSetter is a response's private state; Private, a Read's, which it reads and writes.
type PrivateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

type Private interface {
	PrivateSetter
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// A Written value is one attribute a write sent.
type Written struct {
	Attribute string
	Sent      string
	// Stored is the form the service keeps, as the write's answer said; Sent when it said nothing.
	Stored string
	// FirstReadTells: the service cannot change the object under the same id (a subscription has no update), so
	// the first Read after the write shows the form it keeps, which the write's answer did not.
	FirstReadTells bool
}

// RecordWritten is called by a write (Create, Update) with the attributes it sent.
func RecordWritten(ctx context.Context, private PrivateSetter, written []Written, diags *diag.Diagnostics) {
	forms := make(map[string]storedForm, len(written))
	for _, w := range written {
		form := storedForm{Sent: w.Sent}
		if !w.FirstReadTells {
			form.Seen = true
			form.Stored = w.Stored
		}
		forms[w.Attribute] = form
	}
	setForms(ctx, private, forms, diags)
}

// A StoredValue is what a Read keeps of one attribute.
type StoredValue struct {
	Value string // for the state
	// Learned is set by the first Read after a write that finds the value in another form: the caller tells the
	// user, once, what the service changed.
	Learned bool
}

// ValueAfterRead answers the value a Read keeps of attribute, given the state's value and the service's: the
// state's while the service shows what was sent or the form it keeps, else the service's (a change made outside
// Terraform). Where the first Read tells the form (Written.FirstReadTells), it learns it. private is the Read's
// response's, which starts as the request's.
func ValueAfterRead(ctx context.Context, private Private, attribute, inState, onService string, diags *diag.Diagnostics) StoredValue {
	raw, getDiags := private.GetKey(ctx, privateKeyStoredForms)
	diags.Append(getDiags...)
	forms := map[string]storedForm{}
	if len(raw) > 0 {
		// Only RecordSent and this function write the key; an unreadable one has learned nothing.
		_ = json.Unmarshal(raw, &forms)
	}
	form, recorded := forms[attribute]
	sentIsInState := recorded && form.Sent == inState
	switch {
	case onService == inState:
		return StoredValue{Value: inState}
	case sentIsInState && !form.Seen:
		form.Seen = true
		form.Stored = onService
		forms[attribute] = form
		setForms(ctx, private, forms, diags)
		return StoredValue{Value: inState, Learned: true}
	case sentIsInState && form.Stored == onService:
		return StoredValue{Value: inState}
	}
	if recorded {
		delete(forms, attribute)
		setForms(ctx, private, forms, diags)
	}
	return StoredValue{Value: onService}
}

func setForms(ctx context.Context, private PrivateSetter, forms map[string]storedForm, diags *diag.Diagnostics) {
	var raw []byte
	if len(forms) > 0 {
		raw, _ = json.Marshal(forms) // strings always marshal
	}
	diags.Append(private.SetKey(ctx, privateKeyStoredForms, raw)...)
}
