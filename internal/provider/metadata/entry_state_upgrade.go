// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func upgradeEntryFromVersion0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	if req.RawState == nil {
		return
	}
	raw, err := req.RawState.UnmarshalWithOpts(entrySchema.Type().TerraformType(ctx), tfprotov6.UnmarshalOpts{
		ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true},
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not upgrade the metadata entry's state", "The state of schema version 0 could not be read: "+err.Error())
		return
	}
	var m entryModel
	resp.Diagnostics.Append(tfsdk.State{Schema: entrySchema, Raw: raw}.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if m.OverwriteOnCreate.IsNull() {
		m.OverwriteOnCreate = types.BoolValue(false)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
