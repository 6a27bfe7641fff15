// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
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

// UpgradeState: a version 0 state may lack overwrite_on_create, which the current schema reads as null.
func (r *entryResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return map[int64]resource.StateUpgrader{0: {PriorSchema: &entrySchema, StateUpgrader: upgradeEntryFromVersion0}}
}

func upgradeEntryFromVersion0(ctx context.Context, req resource.UpgradeStateRequest, resp *resource.UpgradeStateResponse) {
	m := framework.Get[entryModel](ctx, *req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if m.OverwriteOnCreate.IsNull() {
		m.OverwriteOnCreate = types.BoolValue(false)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// ModifyPlan warns that a destroy or replacement leaves the value on the service, and claims the key against
// rivals (entry_rivals.go).
func (r *entryResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.ProviderData == nil { // Terraform validates with an unconfigured provider
		return
	}
	coordinator := r.ProviderData.Coordinator()
	hadPrior := !req.State.Raw.IsNull()
	destroy := req.Plan.Raw.IsNull()
	var config, prior entryModel
	if hadPrior {
		prior = framework.Get[entryModel](ctx, req.State, &resp.Diagnostics)
	}
	if !destroy {
		config = framework.Get[entryModel](ctx, req.Config, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	if destroy {
		warnValueStays(coordinator, prior, "Destroying", &resp.Diagnostics)
		return
	}
	resource := framework.PlannedResource(ctx, prior.ID.ValueString(), req, resp)
	claim, known := claimOf(config, hadPrior, resource) // the plan's entity_type, entity_id and key are the configuration's
	if !known {
		return
	}
	if hadPrior && !prior.id().Equal(config.id()) { // a change of case alone in entity_type does not move the entry
		warnValueStays(coordinator, prior, "Replacing", &resp.Diagnostics)
	}
	rivals := coordinator.ClaimAtPlan(claim)
	if len(rivals) > 0 {
		addRivalError(coordinator, &resp.Diagnostics, config, claim, rivals[0], "Nothing was written by this resource.")
	}
	// A create shows at plan what it would overwrite, once the value and overwrite_on_create are known.
	valueKnown := !config.Value.IsUnknown() && !config.OverwriteOnCreate.IsUnknown()
	if !hadPrior && valueKnown && !resp.Diagnostics.HasError() {
		r.checkOverwrite(ctx, config, config.OverwriteOnCreate.ValueBool(), &resp.Diagnostics)
	}
}

func (r *entryResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer entryIdentity.AfterCreate(resp)
	plan := framework.Get[entryModel](ctx, req.Plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	if !plan.OverwriteOnCreate.ValueBool() {
		// A PUT would silently replace a value something else set: the plan looked, and the create looks again,
		// since the value may have been set since.
		r.checkOverwrite(ctx, plan, false, &resp.Diagnostics)
	}
	written := r.write(ctx, req.Config, resp.Private, false, plan, "Could not write the metadata entry", &resp.Diagnostics)
	if !written {
		return
	}

	plan.ID = plan.id()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// checkOverwrite reads the entity's list, which one refresh shares, and reports a different value the key holds:
// an error, or with overwrite a warning that the apply overwrites it.
func (r *entryResource) checkOverwrite(ctx context.Context, m entryModel, overwrite bool, diags *diag.Diagnostics) {
	entityType, entityID, key := m.entry()
	set, err := r.Client.EntityMetadata(ctx, entityType, entityID)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not check whether the metadata entry exists", err)
		return
	}
	existing, found := set.Find(key)
	if !found || existing.Value == m.Value.ValueString() {
		return
	}
	id := entryID(entityType, entityID, key)
	quotedExisting := `"` + r.Client.Redact(existing.Value) + `"`
	if overwrite {
		detail := fmt.Sprintf("The key %q of %s %q holds the value %s on the service, and overwrite_on_create = true: the apply overwrites it with %s.",
			key, entityType, entityID, quotedExisting, quoteExcerpt(m.Value.ValueString()))
		diags.AddAttributeWarning(path.Root("key"), "The metadata entry will be overwritten: "+id, detail)
		return
	}
	detail := fmt.Sprintf("The key %q of %s %q already holds the value %s on the service, and creating this resource would overwrite it with %s. "+
		"Nothing was written.\n\n"+
		"To manage the existing entry, import it: terraform import <address> %s (or an import block with id = %q); the next apply then sets the configured value. "+
		"To overwrite it on create, set overwrite_on_create = true.",
		key, entityType, entityID, quotedExisting, quoteExcerpt(m.Value.ValueString()), id, id)
	diags.AddAttributeError(path.Root("key"), "Metadata entry already exists", detail)
}

func (r *entryResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer entryIdentity.AfterRead(req, resp)
	state := framework.Get[entryModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	entityType, entityID, _ := state.entry()
	set, err := r.Client.EntityMetadata(ctx, entityType, entityID)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the metadata entry", err)
		return
	}

	entry, found := set.Find(state.Key.ValueString())
	if !found {
		tflog.Info(ctx, "metadata entry not found on the service; removing it from state", map[string]any{
			"entity_type": state.EntityType.ValueString(),
			"entity_id":   state.EntityID.ValueString(),
			"key":         state.Key.ValueString(),
		})
		resp.State.RemoveResource(ctx)
		return
	}
	// resp.State starts as req.State: an unchanged entry needs no Set, a sixteenth of the provider's CPU in a plan.
	kept := framework.ValueAfterRead(ctx, resp.Private, "value", state.Value.ValueString(), entry.Value, &resp.Diagnostics)
	read := types.StringValue(kept.Value)
	if read != state.Value || state.id() != state.ID {
		state.Value = read
		state.ID = state.id()
		resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
	}
}

func (r *entryResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer entryIdentity.AfterUpdate(resp)
	plan := framework.Get[entryModel](ctx, req.Plan, &resp.Diagnostics)
	state := framework.Get[entryModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	// A change of overwrite_on_create alone has nothing to write.
	changed := !plan.Value.Equal(state.Value) || !plan.ReferenceID.Equal(state.ReferenceID)
	if changed {
		written := r.write(ctx, req.Config, resp.Private, true, plan, "Could not update the metadata entry", &resp.Diagnostics)
		if !written {
			return
		}
	}

	plan.ID = plan.id()
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

// Delete writes nothing: the service has no delete for metadata, and the plan said that the value stays.
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

// importedEntry: the service never returns reference_id; a SignatureRequest's own id is its default, the other
// types have none.
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

// write looks for rivals again right before the PUT: one may have been planned meanwhile. It records in private
// what it sent, so that the next Read learns the form the service keeps. False when nothing was written, as after
// an earlier error in diags.
func (r *entryResource) write(ctx context.Context, config tfsdk.Config, private framework.PrivateSetter, hadPrior bool, m entryModel,
	summary string, diags *diag.Diagnostics) bool {
	refuseRivalBeforeWrite(ctx, r.ProviderData.Coordinator(), config, hadPrior, diags)
	if diags.HasError() {
		return false
	}
	entityType, entityID, key := m.entry()
	var answered *client.MetadataEntry
	interrupted, err := framework.UninterruptedWrite(ctx, r.Client, func(ctx context.Context) (err error) {
		answered, err = r.Client.PutMetadata(ctx, entityType, entityID, key,
			client.PutMetadataRequest{Value: m.Value.ValueString(), ReferenceID: m.ReferenceID.ValueString()})
		return err
	})
	if err != nil {
		r.ProviderData.AddAPIError(diags, summary, err)
		return false
	}
	if interrupted {
		tflog.Warn(ctx, "the run was interrupted; the metadata entry was written anyway and is recorded in the state")
	}
	// The PUT's answer is the entry as the service keeps it; one that does not describe the entry tells nothing.
	sent := m.Value.ValueString()
	stored := sent
	if answered.Key == key {
		stored = answered.Value
	}
	if stored != sent {
		warnStoredValue(diags, m, r.Client.Redact(stored))
	}
	written := []framework.Written{
		{
			Attribute: "value",
			Sent:      sent,
			Stored:    stored,
		},
	}
	framework.RecordWritten(ctx, private, written, diags)
	return true
}

// warnStoredValue says, when the provider writes the value, in which form the service keeps it. inService passed
// the gate.
func warnStoredValue(diags *diag.Diagnostics, m entryModel, inService string) {
	id := entryID(m.entry())
	summary := "The service keeps the metadata value in another form: " + id
	detail := fmt.Sprintf("The service answers %q for the value %s that was written. "+
		"The state keeps the configured value, and while the service answers this form, plans show no change and nothing is written again; any other change made outside Terraform still shows as drift.",
		inService, quoteExcerpt(m.Value.ValueString()))
	diags.AddWarning(summary, detail)
}

// warnValueStays names the entry in the summary while the coordinator names: Terraform folds warnings that share
// one, and shows no address for a resource no longer configured.
func warnValueStays(coordinator *framework.PlanCoordinator, prior entryModel, doing string, diags *diag.Diagnostics) {
	entityType, entityID, key := prior.entry()
	id := entryID(entityType, entityID, key)
	named := func(int) diag.Diagnostic {
		detail := fmt.Sprintf("%s the esign_metadata_entry %s removes it from the Terraform state only: the service has no delete operation for metadata, so the key %q of %s %q keeps its value, and esign_metadata still lists it.\n\n"+
			"To keep managing the entry, keep its resource block (a moved block keeps it when only its address changes). "+
			"To stop managing it and leave the value, this plan is right; a removed block says so without a destroy: removed { from = <address> lifecycle { destroy = false } } on Terraform 1.7 or later, removed { from = <address> } on OpenTofu 1.7 or later. "+
			"To blank the value first, apply value = \"\", then remove the resource.",
			doing, id, key, entityType, entityID)
		return diag.NewWarningDiagnostic("The metadata value stays on the service: "+id, detail)
	}
	rest := func(int) diag.Diagnostic {
		detail := fmt.Sprintf("%s the esign_metadata_entry %s removes it from the Terraform state only: its value stays on the service, as for the %d entries that warnings of this plan name, which say what else to do. "+
			"terraform query lists every entry on the service.",
			doing, id, framework.NamedBound)
		return diag.NewWarningDiagnostic("More metadata values stay on the service", detail)
	}
	coordinator.Report(diags, "metadata values stay on the service", 1, named, rest)
}

type entryModel struct {
	ID                types.String `tfsdk:"id"`
	EntityType        types.String `tfsdk:"entity_type"`
	EntityID          types.String `tfsdk:"entity_id"`
	Key               types.String `tfsdk:"key"`
	Value             types.String `tfsdk:"value"`
	ReferenceID       types.String `tfsdk:"reference_id"`
	OverwriteOnCreate types.Bool   `tfsdk:"overwrite_on_create"`
}

// entry spells the entity type canonically; the state keeps it as configured.
func (m entryModel) entry() (entityType, entityID, key string) {
	return canonicalEntityType(m.EntityType.ValueString()), m.EntityID.ValueString(), m.Key.ValueString()
}

func (m entryModel) id() types.String {
	return types.StringValue(entryID(m.entry()))
}

var entrySchema = schema.Schema{
	Version: 1, // sets overwrite_on_create where a version 0 state lacks it (else a no-op update of every entry)
	MarkdownDescription: "One key/value metadata entry attached to a signature request, a signatory or a document " +
		"(`PUT /metadata/{entityType}/{entityId}/{key}`).\n\n" +
		"~> **The service has no delete operation for metadata.** Destroying this resource (or replacing it) only " +
		"removes the entry from the Terraform state, and the plan warns that the value stays on the service. " +
		"To blank it, set `value = \"\"` and apply before removing the resource.\n\n" +
		"~> **One key, one owner.** Two resources of one configuration for the same key are an error. Across " +
		"configurations the service has no conditional write: the last writer wins, and the next plan of the other " +
		"shows drift.",
	Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "`<entity_type>/<entity_id>/<key>`, also the import ID.",
			Computed:            true,
			PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"entity_type": schema.StringAttribute{
			MarkdownDescription: "Kind of entity the entry belongs to: " + validators.EntityTypeSpellings + ". " +
				"Requests, `id` and the import ID use the spelling the service documents; the state keeps the one " +
				"configured, so a change of case alone neither replaces the entry nor writes anything. " +
				"Changing it otherwise replaces the entry.",
			Required:      true,
			Validators:    []validator.String{validators.EntityType()},
			PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplaceUnlessSameCanonical(canonicalEntityType)},
		},
		"entity_id": schema.StringAttribute{
			MarkdownDescription: "Id of the signature request, signatory or document. Any characters are allowed (they are " +
				"escaped in the request path), except that it cannot be `.` or `..`. Changing it replaces the entry.",
			Required:      true,
			Validators:    validators.PathSegment(true),
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"key": schema.StringAttribute{
			MarkdownDescription: "Name of the entry: non-empty, without `/`, and not `.` or `..` (it is the last segment " +
				"of the request path). Changing it replaces the entry.",
			Required:      true,
			Validators:    validators.PathSegment(false),
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"value": schema.StringAttribute{MarkdownDescription: "Content of the entry. Updated in place.", Required: true},
		"reference_id": schema.StringAttribute{
			MarkdownDescription: "Id under which `esign_metadata` finds the entry with `reference_id` " +
				"(`GET /metadata/{referenceId}`): the id of the signature request the entity belongs to. " +
				"For a `SignatureRequest` it defaults to `entity_id`; for a `Signatory` or a `Document` set it to the id " +
				"of their signature request. Updated in place. The service never returns it, so it is kept from the " +
				"state; after an import it is `entity_id` for a `SignatureRequest` and null for the other types until " +
				"configured.",
			Optional:      true,
			Computed:      true,
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{planmodifiers.ReferenceIDDefault()},
		},
		"overwrite_on_create": schema.BoolAttribute{
			MarkdownDescription: "Whether creating this resource may overwrite a different value that `key` already holds " +
				"on the service. Defaults to `false`: the plan then fails (and the create, should the value appear after the plan), " +
				"shows the value found and the `terraform import` command that takes the entry over instead; with `true` the plan " +
				"warns that the apply overwrites it. The same value already there is taken over silently. Has no effect once the " +
				"entry is created (changing it later writes nothing).",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(false),
		},
	},
}

// canonicalEntityType leaves what the schema refuses as it is.
func canonicalEntityType(entityType string) string {
	if canonical, err := validators.CanonicalEntityType(entityType); err == nil {
		return canonical
	}
	return entityType
}
