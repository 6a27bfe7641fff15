package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// selectionModel is what the esign_metadata data source and the
// esign_metadata_entry list resource select entries by: one entity
// (entity_type, in any case, and entity_id) or a reference (reference_id).
// Their config validators allow exactly one of the two.
type selectionModel struct {
	EntityType  types.String `tfsdk:"entity_type"`
	EntityID    types.String `tfsdk:"entity_id"`
	ReferenceID types.String `tfsdk:"reference_id"`
}

// read reads the selected entries with one request: an entity's through the
// list the entity's resources share, or a reference's. total is the
// service's count.
func (s selectionModel) read(ctx context.Context, data *framework.ProviderData) (items []client.MetadataEntry, total int, diags diag.Diagnostics) {
	if s.ReferenceID.IsNull() {
		set, err := data.Client.EntityMetadata(ctx, canonicalEntityType(s.EntityType.ValueString()), s.EntityID.ValueString())
		if err != nil {
			data.AddAPIError(&diags, "Could not list the metadata of the entity", err)
			return nil, 0, diags
		}
		return set.Items, len(set.Items), nil
	}
	found, err := data.Client.ListReferenceMetadata(ctx, s.ReferenceID.ValueString())
	if err != nil {
		data.AddAPIError(&diags, "Could not list the metadata of the reference", err)
		return nil, 0, diags
	}
	return found.Items, max(found.Total, len(found.Items)), nil
}
