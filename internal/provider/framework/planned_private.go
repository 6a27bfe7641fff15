package framework

import (
	"context"
	"encoding/json"
)

// A resource's plan can keep private data for its apply
// (ModifyPlanResponse.Private). The framework hands it to Update as
// UpdateRequest.Private, but Create gets none: in terraform-plugin-framework
// v1.19.0, fwserver's CreateResource starts its response from
// privatestate.EmptyProviderData and never reads the PlannedPrivate that
// Terraform sent with ApplyResourceChange
// (internal/fwserver/server_createresource.go), and resource.CreateRequest
// has no Private field. internal/server passes the planned private data of
// every ApplyResourceChange along in the call's context (WithPlannedPrivate),
// where PlannedPrivateValue finds it.
//
// A Create must still cope with finding nothing (ok false): that is what it
// gets once internal/server is gone. internal/server's
// TestFrameworkCreateStillLacksPlannedPrivate fails once the framework hands
// Create its planned private data; then Create reads it there, and this file
// and the server's part can go.

type plannedPrivateKey struct{}

// WithPlannedPrivate is ctx carrying raw, the PlannedPrivate bytes of an
// ApplyResourceChange request (the framework's encoding: a JSON object of
// keys to base64-encoded JSON values).
func WithPlannedPrivate(ctx context.Context, raw []byte) context.Context {
	return context.WithValue(ctx, plannedPrivateKey{}, raw)
}

// PlannedPrivateValue is the value that this apply's plan kept under key,
// and whether the plan's private data reached this call at all. A plan
// that kept nothing under key answers nil and true.
func PlannedPrivateValue(ctx context.Context, key string) (value []byte, ok bool) {
	raw, ok := ctx.Value(plannedPrivateKey{}).([]byte)
	if !ok {
		return nil, false
	}
	if len(raw) == 0 {
		return nil, true
	}
	var data map[string][]byte
	if json.Unmarshal(raw, &data) != nil {
		return nil, false
	}
	return data[key], true
}
