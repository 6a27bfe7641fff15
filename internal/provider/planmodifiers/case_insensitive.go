// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
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
