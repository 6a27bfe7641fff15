// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var (
	_ resource.ResourceWithConfigure    = (*entryResource)(nil)
	_ resource.ResourceWithIdentity     = (*entryResource)(nil)
	_ resource.ResourceWithImportState  = (*entryResource)(nil)
	_ resource.ResourceWithModifyPlan   = (*entryResource)(nil)
	_ resource.ResourceWithUpgradeState = (*entryResource)(nil)
)

// NewEntryResource is the esign_metadata_entry resource.
func NewEntryResource() resource.Resource {
	return &entryResource{framework.NewResourceBase("_metadata_entry", entrySchema)}
}

type entryResource struct{ framework.ResourceBase }

func (r *entryResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = entryIdentity.Schema
}

func (r *entryResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{
		0: {StateUpgrader: upgradeEntryFromVersion0},
	}
}

func (r *entryResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	reviewPlan(ctx, req, claimsOf(r.ProviderData), &resp.Diagnostics)
}

func (r *entryResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer entryIdentity.AfterCreate(resp)
	var plan entryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	if !plan.OverwriteOnCreate.ValueBool() {
		r.refuseOverwrite(ctx, plan, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	if !r.write(ctx, req.Config, false, plan, "Could not write the metadata entry", &resp.Diagnostics) {
		return
	}

	plan.ID = plan.id()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// refuseOverwrite: a PUT would silently replace a value something else set.
func (r *entryResource) refuseOverwrite(ctx context.Context, plan entryModel, diags *diag.Diagnostics) {
	entityType, entityID, key := plan.entry()
	set, err := r.Client.EntityMetadata(ctx, entityType, entityID)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not check whether the metadata entry exists", err)
		return
	}
	existing, found := set.Find(key)
	if !found || existing.Value == plan.Value.ValueString() {
		return
	}
	id := entryID(entityType, entityID, key)
	diags.AddAttributeError(path.Root("key"), "Metadata entry already exists",
		fmt.Sprintf("The key %q of %s %q already holds the value %s on the service, and creating this resource would "+
			"overwrite it with %s. Nothing was written.\n\n"+
			"To manage the existing entry, import it: terraform import <address> %s (or an import block with id = %q); "+
			"the next apply then sets the configured value. To overwrite it on create, set overwrite_on_create = true.",
			key, entityType, entityID, `"`+r.Client.Show(existing.Value)+`"`, quoteExcerpt(plan.Value.ValueString()), id, id))
}

func (r *entryResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer entryIdentity.AfterRead(req, resp)
	var state entryModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	entityType, entityID, _ := state.entry()
	set, err := r.Client.EntityMetadata(ctx, entityType, entityID)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the metadata entry", err)
		return
	}

	current, found := refreshedEntry(state, set)
	if !found {
		tflog.Info(ctx, "metadata entry not found on the service; removing it from state", map[string]any{
			"entity_type": state.EntityType.ValueString(),
			"entity_id":   state.EntityID.ValueString(),
			"key":         state.Key.ValueString(),
		})
		resp.State.RemoveResource(ctx)
		return
	}
	if framework.SameValues(current, state) {
		// resp.State is already the prior state; encoding it again costs
		// a refresh of thousands of entries.
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &current)...)
}

func refreshedEntry(prior entryModel, set *client.MetadataSet) (current entryModel, found bool) {
	entry, ok := set.Find(prior.Key.ValueString())
	if !ok {
		return prior, false
	}
	current = prior
	current.Value = types.StringValue(entry.Value)
	current.ID = prior.id()
	return current, true
}

func (r *entryResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer entryIdentity.AfterUpdate(resp)
	var plan, state entryModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	// A change of overwrite_on_create alone has nothing to write.
	if !plan.Value.Equal(state.Value) || !plan.ReferenceID.Equal(state.ReferenceID) {
		if !r.write(ctx, req.Config, true, plan, "Could not update the metadata entry", &resp.Diagnostics) {
			return
		}
	}

	plan.ID = plan.id()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Delete writes nothing: the service has no delete for metadata, and the plan
// said that the value stays (warnValueStays).
func (r *entryResource) Delete(ctx context.Context, _ resource.DeleteRequest, _ *resource.DeleteResponse) {
	tflog.Info(ctx, "esign_metadata_entry removed from state; its value stays on the service")
}

func (r *entryResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	entryIdentity.ImportState(ctx, req, resp, r.importByID)
}

func (r *entryResource) importByID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	entityType, entityID, key, err := parseEntryID(req.ID)
	if err != nil {
		framework.AddImportIDError(&resp.Diagnostics, req.ID, err)
		return
	}

	state := importedEntry(entityType, entityID, key) // Read fills in the value
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// importedEntry: the service never returns reference_id; a
// SignatureRequest's own id is its default, the other types have none.
func importedEntry(entityType, entityID, key string) entryModel {
	m := entryModel{
		ID:          types.StringValue(entryID(entityType, entityID, key)),
		EntityType:  types.StringValue(entityType),
		EntityID:    types.StringValue(entityID),
		Key:         types.StringValue(key),
		Value:       types.StringNull(), // Read fills it in
		ReferenceID: types.StringNull(), // unknown to the service

		OverwriteOnCreate: types.BoolValue(false),
	}
	if entityType == client.EntitySignatureRequest {
		m.ReferenceID = types.StringValue(entityID)
	}
	return m
}

// write looks for rivals again right before the PUT: one may have been
// planned meanwhile. False when nothing was written.
func (r *entryResource) write(ctx context.Context, config tfsdk.Config, hadPrior bool, m entryModel, summary string, diags *diag.Diagnostics) bool {
	if refuseRival(ctx, claimsOf(r.ProviderData), config, hadPrior, diags); diags.HasError() {
		return false
	}
	if err := r.put(ctx, m); err != nil {
		r.ProviderData.AddAPIError(diags, summary, err)
		return false
	}
	return true
}

func (r *entryResource) put(ctx context.Context, m entryModel) error {
	interrupted, err := framework.UninterruptedWrite(ctx, r.Client, func(ctx context.Context) error {
		entityType, entityID, key := m.entry()
		_, err := r.Client.PutMetadata(ctx, entityType, entityID, key,
			client.PutMetadataRequest{Value: m.Value.ValueString(), ReferenceID: m.ReferenceID.ValueString()})
		return err
	})
	if err == nil && interrupted {
		tflog.Warn(ctx, "the run was interrupted; the metadata entry was written anyway and is recorded in the state")
	}
	return err
}
