package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// NewMetadataEntryResourceWithIdentity is the esign_metadata_entry resource
// the provider serves.
func NewMetadataEntryResourceWithIdentity() resource.Resource {
	return withIdentity{newMetadataEntryResource(), metadataEntryIdentities}
}

// metadataEntryIdentities: an entry is named by its entity and key.
var metadataEntryIdentities = stateIdentity{
	schema:   metadataEntryIdentitySchema,
	of:       metadataEntryIdentityOfState,
	importID: metadataEntryImportIDOfIdentity,
}

// metadataEntryIdentitySchema is the identity's schema.
var metadataEntryIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"entity_type": identityschema.StringAttribute{
			Description:       "Kind of entity the entry belongs to: " + validators.EntityTypeSpellings + ". The identity holds it as the service spells it (`Signatory`).",
			RequiredForImport: true,
		},
		"entity_id": identityschema.StringAttribute{
			Description:       "Id of the entity the entry belongs to.",
			RequiredForImport: true,
		},
		"key": identityschema.StringAttribute{
			Description:       "Name of the entry.",
			RequiredForImport: true,
		},
	},
}

var metadataEntryIdentityType = metadataEntryIdentitySchema.Type().TerraformType(context.Background())

type metadataEntryIdentityModel struct {
	EntityType types.String `tfsdk:"entity_type"`
	EntityID   types.String `tfsdk:"entity_id"`
	Key        types.String `tfsdk:"key"`
}

// metadataEntryIdentity is the identity of an entry; entityType is in its
// canonical spelling.
func metadataEntryIdentity(entityType, entityID, key string) tftypes.Value {
	return tftypes.NewValue(metadataEntryIdentityType, map[string]tftypes.Value{
		"entity_type": tftypes.NewValue(tftypes.String, entityType),
		"entity_id":   tftypes.NewValue(tftypes.String, entityID),
		"key":         tftypes.NewValue(tftypes.String, key),
	})
}

// metadataEntryIdentityOfState is the identityOfState of an entry.
func metadataEntryIdentityOfState(state tftypes.Value) (tftypes.Value, error) {
	o := newRawObject(state)
	entityType, entityID, key := o.String("entity_type"), o.String("entity_id"), o.String("key")
	if err := o.Err(); err != nil {
		return tftypes.Value{}, err
	}
	m := metadataEntryResourceModel{EntityType: entityType, EntityID: entityID, Key: key}
	return metadataEntryIdentity(m.entry()), nil
}

// metadataEntryImportIDOfIdentity is <entity_type>/<entity_id>/<key>. The
// key is the ID's last segment, so it must not contain "/"; the entity id
// may (parseMetadataEntryID takes everything between the first and the last
// "/").
func metadataEntryImportIDOfIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity) (string, diag.Diagnostics) {
	var m metadataEntryIdentityModel
	diags := identity.Get(ctx, &m)
	if diags.HasError() {
		return "", diags
	}
	entityType, entityID, key := m.EntityType.ValueString(), m.EntityID.ValueString(), m.Key.ValueString()
	if _, err := validators.CanonicalEntityType(entityType); err != nil {
		diags.AddError("Invalid import identity", fmt.Sprintf("The identity's entity_type %s.", err))
	}
	if strings.Contains(key, "/") {
		diags.AddError("Invalid import identity", fmt.Sprintf("The identity's key %q contains /, which keys cannot.", key))
	}
	return metadataEntryID(entityType, entityID, key), diags
}
