// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package planmodifiers holds the provider's own attribute plan modifiers.
package planmodifiers

import (
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// RequiresReplaceUnlessSameCanonical: the service reads these values as the same in any form that canonical
// undoes (a name in any case, a URL in any equivalent spelling), so such a change is an update of the state only.
func RequiresReplaceUnlessSameCanonical(canonical func(string) string) planmodifier.String {
	const description = "Replaces the resource when the value changes other than in a form the service reads as the same."
	return stringplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = req.PlanValue.IsUnknown() || canonical(req.StateValue.ValueString()) != canonical(req.PlanValue.ValueString())
	}, description, description)
}

// SetRequiresReplaceUnlessSameCanonical is RequiresReplaceUnlessSameCanonical for a set of names.
func SetRequiresReplaceUnlessSameCanonical(canonical func(string) string) planmodifier.Set {
	const description = "Replaces the resource when the set changes other than in the case of its values."
	return setplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.SetRequest, resp *setplanmodifier.RequiresReplaceIfFuncResponse) {
		plan, planKnown := canonicalNames(req.PlanValue, canonical)
		state, _ := canonicalNames(req.StateValue, canonical)
		resp.RequiresReplace = !planKnown || !slices.Equal(plan, state)
	}, description, description)
}

// canonicalNames is false when the set or one of its elements is unknown.
func canonicalNames(set types.Set, canonical func(string) string) ([]string, bool) {
	if set.IsUnknown() {
		return nil, false
	}
	names := make([]string, 0, len(set.Elements()))
	for _, v := range set.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsUnknown() {
			return nil, false
		}
		names = append(names, canonical(s.ValueString()))
	}
	slices.Sort(names)
	return slices.Compact(names), true
}

// ReferenceIDDefault plans an unconfigured reference_id: entity_id for a
// SignatureRequest, else the state's (the service never shows it).
func ReferenceIDDefault() planmodifier.String { return referenceIDDefault{} }

// signatureRequest is client.EntitySignatureRequest, spelled here so that this package imports only the framework;
// the service reads entity types in any case.
const signatureRequest = "SignatureRequest"

type referenceIDDefault struct{}

func (referenceIDDefault) Description(context.Context) string {
	return "defaults to entity_id for a SignatureRequest, else keeps the value in state"
}

func (m referenceIDDefault) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (referenceIDDefault) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() { // the framework modifies no destroy's plan
		return
	}
	var entityType, entityID types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("entity_type"), &entityType)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("entity_id"), &entityID)...)
	if resp.Diagnostics.HasError() {
		return
	}
	switch {
	case entityType.IsUnknown():
		resp.PlanValue = types.StringUnknown()
	case strings.EqualFold(entityType.ValueString(), signatureRequest):
		resp.PlanValue = entityID // unknown while entity_id is
	default:
		resp.PlanValue = req.StateValue // null without a prior state
	}
}

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
	if !stateValue.IsNull() {
		return true
	}
	adopted := m.adopt(ctx, AdoptionRequest{
		Path:    p,
		State:   state,
		Private: private,
	}, diags)
	return !adopted
}
