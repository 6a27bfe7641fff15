package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// readMetadataSelection reads the entries that the esign_metadata data
// source and the esign_metadata_entry list resource select, with one
// request: an entity's (entityType in any case), through the list the
// entity's resources share, when referenceID is null; else a reference's.
// total is the service's count.
func readMetadataSelection(ctx context.Context, c *client.Client, entityType, entityID, referenceID types.String) (items []client.MetadataEntry, total int, diags diag.Diagnostics) {
	if referenceID.IsNull() {
		canonical, _ := validators.CanonicalEntityType(entityType.ValueString()) // the schema accepts no other
		set, err := c.EntityMetadata(ctx, canonical, entityID.ValueString())
		if err != nil {
			addAPIError(&diags, "Could not list the metadata of the entity", err)
			return nil, 0, diags
		}
		return set.Items, len(set.Items), nil
	}
	found, err := c.ListReferenceMetadata(ctx, referenceID.ValueString())
	if err != nil {
		addAPIError(&diags, "Could not list the metadata of the reference", err)
		return nil, 0, diags
	}
	return found.Items, max(found.Total, len(found.Items)), nil
}
