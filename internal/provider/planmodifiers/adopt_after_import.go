// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
)

// Adoption decides whether a value the prior state lacks may be taken into
// state as configured: an import cannot read what the service never returns.
type Adoption func(ctx context.Context, req AdoptionRequest, diags *diag.Diagnostics) bool

// AdoptionRequest is what an Adoption decides on.
type AdoptionRequest struct {
	Path    path.Path
	State   tfsdk.State // the prior state
	Private PrivateState
}

// PrivateState is the part of a plan request's private state an Adoption reads.
type PrivateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
}

// RequiresReplaceUnlessAdopted replaces the resource on a change, unless the
// prior state holds no value and adopt takes the configured one.
func RequiresReplaceUnlessAdopted(adopt Adoption) RequiresReplaceUnlessAdoptedModifier {
	return RequiresReplaceUnlessAdoptedModifier{adopt: adopt}
}

// RequiresReplaceUnlessAdoptedModifier serves map and int64 attributes.
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
