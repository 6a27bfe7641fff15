package webhook

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
)

// The service never shows headers, so the first plan after an import takes
// the configured ones into state without a replacement (adoptAfterImport), and
// later plans must not. A mark in private state says adoption is open. A plan
// that adopts nothing stores nothing (Terraform keeps what Read returned), so
// each Read moves the mark on: the Read right after ImportState (which
// terraform import stores) keeps it open for the next operation, the Read of
// that operation keeps it open for its own plan, and the one after clears it.
// Update, which carries out an adoption, clears it at once.

// privateKeyHeadersUnverified and markStored are what earlier versions wrote.
const privateKeyHeadersUnverified = "imported_headers_unverified"

const (
	markImported  = `"imported"`  // set by ImportState
	markStored    = `true`        // the Read that followed the import
	markRefreshed = `"refreshed"` // the first Read of a later operation
)

// privateSetter is what Read, Update and ImportState responses offer.
type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

func markHeadersUnverified(ctx context.Context, private privateSetter) diag.Diagnostics {
	return private.SetKey(ctx, privateKeyHeadersUnverified, []byte(markImported))
}

// carryHeadersMark is Read's part: it moves the mark of req on into resp.
func carryHeadersMark(ctx context.Context, req planmodifiers.PrivateState, resp privateSetter) diag.Diagnostics {
	mark, diags := headersMark(ctx, req)
	next := map[string][]byte{markImported: []byte(markStored), markStored: []byte(markRefreshed)}[mark]
	if mark != "" {
		diags.Append(resp.SetKey(ctx, privateKeyHeadersUnverified, next)...)
	}
	return diags
}

// adoptAfterImport is the planmodifiers.Adoption of headers and
// headers_wo_version: while the mark is set, the plan takes the configured
// ones into state, with a warning that names the subscription.
func adoptAfterImport(ctx context.Context, req planmodifiers.AdoptionRequest, diags *diag.Diagnostics) bool {
	mark, d := headersMark(ctx, req.Private)
	diags.Append(d...)
	if mark != markImported && mark != markStored && mark != markRefreshed {
		return false
	}
	var id types.String
	diags.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	diags.AddWarning("Imported webhook headers could not be verified: subscription "+id.ValueString(),
		fmt.Sprintf("Subscription %s was imported. The service never returns a subscription's headers, so the configured "+
			"headers (or headers_wo_version) are taken into state as they are, without replacing the subscription. "+
			"If the subscription does not really carry these headers, replace it: terraform apply -replace=<address>. "+
			"Later changes replace the subscription as usual.", id.ValueString()))
	return true
}

func headersMark(ctx context.Context, private planmodifiers.PrivateState) (string, diag.Diagnostics) {
	if private == nil {
		return "", nil
	}
	v, diags := private.GetKey(ctx, privateKeyHeadersUnverified)
	return string(v), diags
}
