package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// stringRule is a validator.String made of a check that says what is wrong
// with a value. Its error reads after the attribute's name: "uri must be an
// absolute https:// URL: ...".
type stringRule struct {
	description string // what a valid value is, for docs and messages
	summary     string // the diagnostic's summary, e.g. "Invalid base URL"
	check       func(string) error
}

var _ validator.String = stringRule{}

func (r stringRule) Description(context.Context) string { return r.description }

func (r stringRule) MarkdownDescription(ctx context.Context) string { return r.Description(ctx) }

// ValidateString checks known values; null and unknown ones pass (a
// required attribute is the framework's business, an unknown one is
// checked when it becomes known).
func (r stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := r.check(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, r.summary, fmt.Sprintf("%s %s.", req.Path, err))
	}
}
