package planmodifiers

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
)

// RequiresReplaceUnlessOnlyCaseChanges replaces the resource when the
// attribute's value changes other than in case: for names the service reads
// without regard to case (event types, entity types), a change of case
// alone names the same object and is an update of the state only.
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
