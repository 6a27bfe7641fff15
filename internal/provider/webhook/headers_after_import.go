package webhook

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
)

// Adopting the headers of an imported subscription.
//
// The service never shows a subscription's headers, so an import cannot
// know them. ImportState marks the subscription's headers as unverified in
// private state, and the first plan after the import takes the configured
// headers (or headers_wo_version) into state without replacing the
// subscription, with a warning: the attributes' plan modifier
// (planmodifiers.RequiresReplaceUnlessAdopted) asks adoptAfterImport. The
// mark must not outlive that first plan: a later change that adds headers
// must replace the subscription, since only a new one is known to carry
// them.
//
// The Update that carries out an adoption removes the mark. A plan with
// nothing to adopt cannot: Terraform does not store the private state
// planned for a no-op change (an apply stores the refreshed state for it;
// TestAccWebhookSubscriptionResource_importStopsAdoptingAfterApplyWithoutHeaders fails
// with Terraform 1.11 when the plan clears the mark). What an apply or a
// refresh stores is the private state Read returns. Read cannot see the
// configuration, and the plan that follows it in the same operation, and
// that plan again when Terraform repeats it during the apply, must still
// see the mark. So the mark has two values:
//
//   - unverifiedSinceImport, set by ImportState: adoption is open.
//   - unverifiedSinceRefresh, set by a Read that finds
//     unverifiedSinceImport: adoption is open for the plan of this
//     operation (and its repetition at apply time, which starts from the
//     private state of that Read). The next Read that finds it belongs to a
//     later operation and removes it.
//
// So the plan of the first operation that refreshes after an import may
// adopt, whatever it does a later one cannot, and a terraform plan, which
// stores nothing, leaves the mark as it was. (A later plan with
// -refresh=false still sees unverifiedSinceRefresh, and may adopt.)
//
// The Read that Terraform runs right after ImportState, in the same
// operation, keeps unverifiedSinceImport: terraform import stores what that
// Read returns, and the first plan comes in a later operation. With an
// import block the plan of that same operation is the first plan; if it has
// nothing to adopt, the stored state still holds unverifiedSinceImport, so
// the plan of the next operation may still adopt (with the warning). When
// that Read runs, the provider cannot tell the two kinds of import apart:
// it knows only which subscriptions this operation imported
// (operationImports).

// privateKeyHeadersUnverified holds the mark in private state (its name is
// the one earlier versions wrote).
const privateKeyHeadersUnverified = "imported_headers_unverified"

// The values of the mark, JSON as private state must be
// (unverifiedSinceImport is the one earlier versions wrote).
const (
	unverifiedSinceImport  = `true`
	unverifiedSinceRefresh = `"refreshed"`
)

// privateSetter is what Read, Update and ImportState responses offer.
type privateSetter interface {
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// operationImports are the subscriptions imported by one operation (one
// configured provider), so that the Read that follows each import keeps its
// mark. A nil *operationImports holds none.
type operationImports struct {
	mu  sync.Mutex
	ids map[string]struct{} // lower-case
}

type operationImportsKey struct{}

// importsOf is the operation's imports (nil before the provider is
// configured).
func importsOf(data *framework.ProviderData) *operationImports {
	return framework.OperationState(data, operationImportsKey{}, func() *operationImports { return &operationImports{} })
}

func (m *operationImports) add(id string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ids == nil {
		m.ids = map[string]struct{}{}
	}
	m.ids[strings.ToLower(id)] = struct{}{}
}

func (m *operationImports) contains(id string) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.ids[strings.ToLower(id)]
	return ok
}

// markHeadersUnverified is ImportState's part: it marks the subscription.
func markHeadersUnverified(ctx context.Context, imports *operationImports, id string, private privateSetter) diag.Diagnostics {
	imports.add(id)
	return private.SetKey(ctx, privateKeyHeadersUnverified, []byte(unverifiedSinceImport))
}

// carryHeadersMark is Read's part: it moves the mark on, from the prior
// private state (req) to the one Read returns (resp).
func carryHeadersMark(ctx context.Context, imports *operationImports, id string, req planmodifiers.PrivateState, resp privateSetter) diag.Diagnostics {
	mark, diags := headersMark(ctx, req)
	switch {
	case mark == unverifiedSinceImport && imports.contains(id):
		// terraform import stores what this Read returns.
	case mark == unverifiedSinceImport:
		diags.Append(resp.SetKey(ctx, privateKeyHeadersUnverified, []byte(unverifiedSinceRefresh))...)
	case mark != "":
		diags.Append(resp.SetKey(ctx, privateKeyHeadersUnverified, nil)...)
	}
	return diags
}

// adoptAfterImport is the planmodifiers.Adoption of headers and
// headers_wo_version: while the mark says that the headers of an imported
// subscription may still be adopted, the plan takes the configured ones
// into state, with a warning.
func adoptAfterImport(ctx context.Context, req planmodifiers.AdoptionRequest, diags *diag.Diagnostics) bool {
	mark, d := headersMark(ctx, req.Private)
	diags.Append(d...)
	if mark != unverifiedSinceImport && mark != unverifiedSinceRefresh {
		return false
	}
	var id types.String
	diags.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	diags.AddWarning("Imported webhook headers could not be verified",
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
