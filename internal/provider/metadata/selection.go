// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// selectionModel selects entries for the esign_metadata data source and list
// resource: one entity or a reference_id.
type selectionModel struct {
	EntityType  types.String `tfsdk:"entity_type"`
	EntityID    types.String `tfsdk:"entity_id"`
	ReferenceID types.String `tfsdk:"reference_id"`
}

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
