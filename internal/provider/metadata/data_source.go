// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var (
	_ datasource.DataSourceWithConfigure        = (*dataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*dataSource)(nil)
)

// NewDataSource is the esign_metadata data source.
func NewDataSource() datasource.DataSource {
	return &dataSource{framework.NewDataSourceBase("_metadata", dataSourceSchema)}
}

type dataSource struct{ framework.DataSourceBase }

type dataSourceModel struct {
	selectionModel
	Total  types.Int64       `tfsdk:"total"`
	Items  []itemModel       `tfsdk:"items"`
	Values map[string]string `tfsdk:"values"`
}

// itemModel converts from client.MetadataEntry, whose fields it has.
type itemModel struct {
	Key        string `tfsdk:"key"`
	Value      string `tfsdk:"value"`
	EntityID   string `tfsdk:"entity_id"`
	EntityType string `tfsdk:"entity_type"`
}

var dataSourceSchema = schema.Schema{
	MarkdownDescription: "Metadata entries, either of one entity (`entity_type` and `entity_id`, " +
		"`GET /metadata/{entityType}/{entityId}`) or of a whole signature request (`reference_id`, " +
		"`GET /metadata/{referenceId}`: the request's own entries and those of its signatories and documents " +
		"written with that reference id). Set exactly one of the two.",
	Attributes: selectionAttributes(
		optionalDataSourceString,
		"read",
		"Id of a signature request: reads the entries of the request, its signatories and its documents "+
			"together. Conflicts with `entity_type` and `entity_id`.",
		map[string]schema.Attribute{
			"total": schema.Int64Attribute{
				MarkdownDescription: "Number of entries, as the service counts them (`0` when there are none).",
				Computed:            true,
			},
			"items": schema.ListNestedAttribute{
				MarkdownDescription: "The entries, in the order the service lists them.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: map[string]schema.Attribute{
						"key": schema.StringAttribute{
							MarkdownDescription: "Name of the entry.",
							Computed:            true,
						},
						"value": schema.StringAttribute{
							MarkdownDescription: "Content of the entry.",
							Computed:            true,
						},
						"entity_id": schema.StringAttribute{
							MarkdownDescription: "Id of the entity the entry belongs to.",
							Computed:            true,
						},
						"entity_type": schema.StringAttribute{
							MarkdownDescription: "Kind of entity the entry belongs to, as the service spells it.",
							Computed:            true,
						},
					},
				},
			},
			"values": schema.MapAttribute{
				MarkdownDescription: "The entries as a map of key to value, for lookups such as `values[\"invoice_number\"]`. " +
					"Only with `entity_type` and `entity_id`; null with `reference_id`, where keys of different entities may repeat.",
				Computed:    true,
				ElementType: types.StringType,
			},
		},
	),
}

// optionalDataSourceString makes each of the data source's selection attributes.
func optionalDataSourceString(description string, rule validator.String) schema.Attribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Optional:            true,
		Validators:          []validator.String{rule},
	}
}

func (d *dataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return selectionRules(datasourcevalidator.ExactlyOneOf, datasourcevalidator.RequiredTogether, datasourcevalidator.Conflicting)
}

func (d *dataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state dataSourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	items, total, diags := state.readEntries(ctx, d.ProviderData)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	state.Total = types.Int64Value(int64(total))
	state.Items = make([]itemModel, 0, len(items))
	for _, e := range items {
		state.Items = append(state.Items, itemModel(e))
	}
	if state.ReferenceID.IsNull() {
		state.Values = make(map[string]string, len(items))
		for _, e := range items {
			state.Values[e.Key] = e.Value
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// selectionModel selects entries for the esign_metadata data source and list resource: one entity or a reference_id.
type selectionModel struct {
	EntityType  types.String `tfsdk:"entity_type"`
	EntityID    types.String `tfsdk:"entity_id"`
	ReferenceID types.String `tfsdk:"reference_id"`
}

// selectionAttributes adds selectionModel's attributes to attributes, each made
// by optional for the data source's or the list resource's schema package.
func selectionAttributes[A any](optional func(description string, rule validator.String) A, verb, referenceID string, attributes map[string]A) map[string]A {
	attributes["entity_type"] = optional("Kind of entity: "+validators.EntityTypeSpellings+". Requires `entity_id`.", validators.EntityType())
	attributes["entity_id"] = optional("Id of the entity whose entries to "+verb+". Requires `entity_type`.", stringvalidator.LengthAtLeast(1))
	attributes["reference_id"] = optional(referenceID, stringvalidator.LengthAtLeast(1))
	return attributes
}

// selectionRules: one entity or a reference_id, made by the data source's or the list resource's validator package.
func selectionRules[V any](exactlyOneOf, requiredTogether, conflicting func(...path.Expression) V) []V {
	entityType := path.MatchRoot("entity_type")
	entityID := path.MatchRoot("entity_id")
	referenceID := path.MatchRoot("reference_id")
	return []V{
		exactlyOneOf(entityID, referenceID),
		requiredTogether(entityType, entityID),
		conflicting(entityType, referenceID),
	}
}

// readEntries reads the selected entries with one request, and their total as the service counts them.
func (s selectionModel) readEntries(ctx context.Context, data *framework.ProviderData) (items []client.MetadataEntry, total int, diags diag.Diagnostics) {
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
