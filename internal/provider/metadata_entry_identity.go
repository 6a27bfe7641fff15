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

var (
	_ resource.ResourceWithIdentity    = metadataEntryWithIdentity{}
	_ resource.ResourceWithImportState = metadataEntryWithIdentity{}
)

// metadataEntryWithIdentity is esign_metadata_entry with its resource
// identity (see resource_identity.go). Embedding forwards every other method
// of the resource, including ones added later.
type metadataEntryWithIdentity struct {
	*metadataEntryResource
}

// NewMetadataEntryResourceWithIdentity is the esign_metadata_entry resource
// the provider serves.
func NewMetadataEntryResourceWithIdentity() resource.Resource {
	return metadataEntryWithIdentity{newMetadataEntryResource()}
}

// metadataEntryIdentitySchema: an entry is named by its entity and key.
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

func (r metadataEntryWithIdentity) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = metadataEntryIdentitySchema
}

// metadataEntryIdentities sets the identity after each method.
var metadataEntryIdentities = stateIdentity{of: metadataEntryIdentityOfState, importID: metadataEntryImportIDOfIdentity}

func (r metadataEntryWithIdentity) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.metadataEntryResource.Create(ctx, req, resp)
	metadataEntryIdentities.afterCreate(resp)
}

func (r metadataEntryWithIdentity) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	r.metadataEntryResource.Read(ctx, req, resp)
	metadataEntryIdentities.afterRead(req, resp)
}

func (r metadataEntryWithIdentity) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.metadataEntryResource.Update(ctx, req, resp)
	metadataEntryIdentities.afterUpdate(resp)
}

func (r metadataEntryWithIdentity) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	metadataEntryIdentities.importState(ctx, req, resp, r.metadataEntryResource.ImportState)
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
