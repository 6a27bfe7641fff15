// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

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

// Version 1 sets overwrite_on_create where a version 0 state lacks it, which
// would otherwise plan a no-op update of every entry (null -> false).
const entrySchemaVersion = 1

var entrySchema = schema.Schema{
	Version: entrySchemaVersion,
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
		"value": schema.StringAttribute{
			MarkdownDescription: "Content of the entry. Updated in place.",
			Required:            true,
		},
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
				"on the service. Defaults to `false`: the create then fails before anything is written, shows the value " +
				"found and the `terraform import` command that takes the entry over instead. The same value already there " +
				"is taken over silently. Has no effect once the entry is created (changing it later writes nothing).",
			Optional: true,
			Computed: true,
			Default:  booldefault.StaticBool(false),
		},
	},
}
