package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// Adoption decides whether a value that the prior state does not hold may
// be taken into state as configured instead of replacing the resource: an
// import cannot read what the service never returns (a webhook
// subscription's headers), so the first plan after it adopts the
// configuration. It adds what the plan should say about it (a warning) to
// diags.
type Adoption func(ctx context.Context, req AdoptionRequest, diags *diag.Diagnostics) bool

// AdoptionRequest is what an Adoption decides on.
type AdoptionRequest struct {
	Path    path.Path    // the attribute whose value would be adopted
	State   tfsdk.State  // the prior state
	Private PrivateState // the resource's private state, where an import leaves its mark
}

// PrivateState is the part of a plan request's private state an Adoption
// reads.
type PrivateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// RequiresReplaceUnlessAdopted replaces the resource when the attribute's
// value changes (the service cannot update it), except when the prior state
// holds none and adopt says it may be adopted.
func RequiresReplaceUnlessAdopted(adopt Adoption) RequiresReplaceUnlessAdoptedModifier {
	return RequiresReplaceUnlessAdoptedModifier{adopt: adopt}
}

// RequiresReplaceUnlessAdoptedModifier is RequiresReplaceUnlessAdopted, for
// map and number attributes.
type RequiresReplaceUnlessAdoptedModifier struct {
	adopt Adoption
}

var (
	_ planmodifier.Map   = RequiresReplaceUnlessAdoptedModifier{}
	_ planmodifier.Int64 = RequiresReplaceUnlessAdoptedModifier{}
)

func (RequiresReplaceUnlessAdoptedModifier) Description(context.Context) string {
	return "Replaces the resource when the value changes, unless the first plan after an import takes it into state."
}

func (m RequiresReplaceUnlessAdoptedModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m RequiresReplaceUnlessAdoptedModifier) PlanModifyMap(ctx context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	resp.RequiresReplace = m.requiresReplace(ctx, req.Path, req.State, req.StateValue, req.PlanValue, req.Private, &resp.Diagnostics)
}

func (m RequiresReplaceUnlessAdoptedModifier) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	resp.RequiresReplace = m.requiresReplace(ctx, req.Path, req.State, req.StateValue, req.PlanValue, req.Private, &resp.Diagnostics)
}

// requiresReplace: a create or a destroy replaces nothing, an unchanged
// value neither; a changed one does unless adopted.
func (m RequiresReplaceUnlessAdoptedModifier) requiresReplace(ctx context.Context, p path.Path, state tfsdk.State, stateValue, planValue attr.Value,
	private PrivateState, diags *diag.Diagnostics) bool {
	if state.Raw.IsNull() || planValue.Equal(stateValue) {
		return false
	}
	if stateValue.IsNull() && m.adopt(ctx, AdoptionRequest{Path: p, State: state, Private: private}, diags) {
		return false
	}
	return true
}
