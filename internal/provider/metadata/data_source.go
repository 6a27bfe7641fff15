// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
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
	Total  types.Int64             `tfsdk:"total"`
	Items  []itemModel             `tfsdk:"items"`
	Values map[string]types.String `tfsdk:"values"`
}

type itemModel struct {
	Key        types.String `tfsdk:"key"`
	Value      types.String `tfsdk:"value"`
	EntityID   types.String `tfsdk:"entity_id"`
	EntityType types.String `tfsdk:"entity_type"`
}

var dataSourceSchema = schema.Schema{
	MarkdownDescription: "Metadata entries, either of one entity (`entity_type` and `entity_id`, " +
		"`GET /metadata/{entityType}/{entityId}`) or of a whole signature request (`reference_id`, " +
		"`GET /metadata/{referenceId}`: the request's own entries and those of its signatories and documents " +
		"written with that reference id). Set exactly one of the two.",
	Attributes: selectionAttributes(func(description string, rule validator.String) schema.Attribute {
		return schema.StringAttribute{MarkdownDescription: description, Optional: true, Validators: []validator.String{rule}}
	}, "read", "Id of a signature request: reads the entries of the request, its signatories and its documents "+
		"together. Conflicts with `entity_type` and `entity_id`.", map[string]schema.Attribute{
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
	}),
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

	items, total, diags := state.read(ctx, d.ProviderData)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	state.Total = types.Int64Value(int64(total))
	state.Items = make([]itemModel, 0, len(items))
	for _, e := range items {
		state.Items = append(state.Items, itemModel{
			Key:        types.StringValue(e.Key),
			Value:      types.StringValue(e.Value),
			EntityID:   types.StringValue(e.EntityID),
			EntityType: types.StringValue(e.EntityType),
		})
	}
	if state.ReferenceID.IsNull() {
		state.Values = make(map[string]types.String, len(items))
		for _, e := range items {
			state.Values[e.Key] = types.StringValue(e.Value)
		}
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}
