// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// RequiresReplaceUnlessSameCanonical: the service reads these names in any case, so a change that canonical
// undoes is an update of the state only.
func RequiresReplaceUnlessSameCanonical(canonical func(string) string) planmodifier.String {
	const description = "Replaces the resource when the value changes other than in case."
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
