package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Schema versions of esign_metadata_entry, and what each upgrade does. The
// state fixtures in internal/provider/testdata/upgrade hold a state of every
// earlier shape; TestAccUpgradeFromEarlierStates plans them with this
// provider.
//
//   - 0: the first versions; overwrite_on_create came later in version 0,
//     so a version 0 state may lack it.
//   - 1: overwrite_on_create is always set (false where it was missing).
//     Without the upgrade, a state written before overwrite_on_create
//     existed would plan an update of every entry, null -> false, that
//     writes nothing.
const entrySchemaVersion = 1

var _ resource.ResourceWithUpgradeState = (*entryResource)(nil)

func (r *entryResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: upgradeEntryFromVersion0},
	}
}

// upgradeEntryFromVersion0 reads a version 0 state with or without
// overwrite_on_create and sets it to false where it is missing.
func upgradeEntryFromVersion0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	if req.RawState == nil {
		return
	}
	raw, err := req.RawState.UnmarshalWithOpts(entrySchema.Type().TerraformType(ctx), tfprotov6.UnmarshalOpts{
		// Attributes a later version removed are dropped.
		ValueFromJSONOpts: tftypes.ValueFromJSONOpts{IgnoreUndefinedAttributes: true},
	})
	if err != nil {
		resp.Diagnostics.AddError("Could not upgrade the metadata entry's state", "The state of schema version 0 could not be read: "+err.Error())
		return
	}
	var m entryModel
	if err := framework.DecodeRaw(raw, &m); err != nil {
		framework.AddModelError(&resp.Diagnostics, err)
		return
	}
	if m.OverwriteOnCreate.IsNull() {
		m.OverwriteOnCreate = types.BoolValue(false)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}
