// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// stringRule's check error reads after the attribute's name: "uri must be ...".
type stringRule struct {
	description string
	summary     string
	check       func(string) error
}

var _ validator.String = stringRule{}

func (r stringRule) Description(context.Context) string { return r.description }

func (r stringRule) MarkdownDescription(ctx context.Context) string { return r.Description(ctx) }

func (r stringRule) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := r.check(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, r.summary, fmt.Sprintf("%s %s.", req.Path, err))
	}
}
