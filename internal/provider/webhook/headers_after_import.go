// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
)

// While a private mark is set, plans adopt the configured headers after an import.
// A plan that adopts nothing stores nothing, so each Read moves the mark on.
const privateKeyHeadersUnverified = "imported_headers_unverified" // as earlier versions wrote it

const (
	markImported  = `"imported"`  // set by ImportState
	markStored    = `true`        // the Read that followed the import (earlier versions wrote it)
	markRefreshed = `"refreshed"` // the first Read of a later operation
)

type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

func carryHeadersMark(ctx context.Context, req planmodifiers.PrivateState, resp privateSetter) diag.Diagnostics {
	mark, diags := headersMark(ctx, req)
	next := map[string][]byte{markImported: []byte(markStored), markStored: []byte(markRefreshed)}[mark]
	if mark != "" {
		diags.Append(resp.SetKey(ctx, privateKeyHeadersUnverified, next)...)
	}
	return diags
}

func adoptAfterImport(ctx context.Context, req planmodifiers.AdoptionRequest, diags *diag.Diagnostics) bool {
	mark, d := headersMark(ctx, req.Private)
	diags.Append(d...)
	if mark != markImported && mark != markStored && mark != markRefreshed {
		return false
	}
	var id types.String
	diags.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	diags.AddWarning("Imported webhook headers could not be verified: subscription "+id.ValueString(),
		fmt.Sprintf("Subscription %s was imported, and the service never returns headers: the configured headers (or "+
			"headers_wo_version) are taken into state as they are, without a replacement. If the subscription does not carry "+
			"them, replace it (terraform apply -replace=<address>). Later changes replace it as usual.", id.ValueString()))
	return true
}

func headersMark(ctx context.Context, private planmodifiers.PrivateState) (string, diag.Diagnostics) {
	if private == nil {
		return "", nil
	}
	v, diags := private.GetKey(ctx, privateKeyHeadersUnverified)
	return string(v), diags
}
