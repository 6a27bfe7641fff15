// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// RequiresReplaceUnlessOnlyCaseChanges: the service reads these names without
// regard to case, so a change of case alone is an update of the state only.
func RequiresReplaceUnlessOnlyCaseChanges() planmodifier.String {
	const description = "Replaces the resource when the value changes other than in case."
	return stringplanmodifier.RequiresReplaceIf(changedOtherThanInCase, description, description)
}

func changedOtherThanInCase(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.PlanValue.IsUnknown() {
		resp.RequiresReplace = true
		return
	}
	resp.RequiresReplace = !strings.EqualFold(req.StateValue.ValueString(), req.PlanValue.ValueString())
}

// SetRequiresReplaceUnlessOnlyCaseChanges is RequiresReplaceUnlessOnlyCaseChanges
// for a set of names.
func SetRequiresReplaceUnlessOnlyCaseChanges() planmodifier.Set {
	const description = "Replaces the resource when the set changes other than in the case of its values."
	return setplanmodifier.RequiresReplaceIf(setChangedOtherThanInCase, description, description)
}

func setChangedOtherThanInCase(_ context.Context, req planmodifier.SetRequest, resp *setplanmodifier.RequiresReplaceIfFuncResponse) {
	plan, planKnown := foldedNames(req.PlanValue)
	state, _ := foldedNames(req.StateValue)
	resp.RequiresReplace = !planKnown || !slices.Equal(plan, state)
}

// foldedNames is false when the set or one of its elements is unknown.
func foldedNames(set types.Set) ([]string, bool) {
	if set.IsUnknown() {
		return nil, false
	}
	names := make([]string, 0, len(set.Elements()))
	for _, v := range set.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsUnknown() {
			return nil, false
		}
		names = append(names, strings.ToLower(s.ValueString()))
	}
	slices.Sort(names)
	return slices.Compact(names), true
}
