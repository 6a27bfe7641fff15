// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/action"
	actionschema "github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	datasourceschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	ephemeralschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	resourceschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// base is what every kind's base holds: a thing is named after the provider ("esign") and typeSuffix (such as
// "_supported_hooks"), described by schema, and given the *ProviderData of Configure (nil before: Terraform
// validates configurations with an unconfigured provider). Each kind's base adds the framework's methods for it.
type base[S any] struct {
	Client       *client.Client
	ProviderData *ProviderData
	typeSuffix   string
	schema       S
}

func newBase[S any](typeSuffix string, schema S) base[S] {
	return base[S]{typeSuffix: typeSuffix, schema: schema}
}

func (b *base[S]) configure(data any) {
	d, ok := data.(*ProviderData)
	if !ok {
		return
	}
	b.ProviderData = d
	b.Client = d.Client
}

// DataSourceBase is embedded by every data source.
type DataSourceBase struct{ base[datasourceschema.Schema] }

func NewDataSourceBase(typeSuffix string, schema datasourceschema.Schema) DataSourceBase {
	return DataSourceBase{newBase(typeSuffix, schema)}
}

func (d *DataSourceBase) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + d.typeSuffix
}

func (d *DataSourceBase) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.schema
}

func (d *DataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, _ *datasource.ConfigureResponse) {
	d.configure(req.ProviderData)
}

// resourceType is what a resource and a list resource share: a list resource is named after the resource whose
// objects it lists, and configured like it.
type resourceType[S any] struct{ base[S] }

func (r *resourceType[S]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeSuffix
}

func (r *resourceType[S]) Configure(_ context.Context, req resource.ConfigureRequest, _ *resource.ConfigureResponse) {
	r.configure(req.ProviderData)
}

// ResourceBase is embedded by every resource.
type ResourceBase struct {
	resourceType[resourceschema.Schema]
}

func NewResourceBase(typeSuffix string, schema resourceschema.Schema) ResourceBase {
	return ResourceBase{resourceType[resourceschema.Schema]{newBase(typeSuffix, schema)}}
}

func (r *ResourceBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}

// ListResourceBase is embedded by every list resource.
type ListResourceBase struct {
	resourceType[listschema.Schema]
}

func NewListResourceBase(typeSuffix string, schema listschema.Schema) ListResourceBase {
	return ListResourceBase{resourceType[listschema.Schema]{newBase(typeSuffix, schema)}}
}

func (r *ListResourceBase) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = r.schema
}

// GetListConfig reads a list block's config into target, and leaves every attribute null for a list block without a
// config block.
func GetListConfig(ctx context.Context, config tfsdk.Config, target any) diag.Diagnostics {
	if config.Raw.IsNull() {
		return nil
	}
	return config.Get(ctx, target)
}

// ListResultsUpToLimit builds at most limit of n results: those past Terraform's limit would be built for nothing.
func ListResultsUpToLimit(n int, limit int64, result func(i int) list.ListResult) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		for i := 0; i < n && int64(i) < limit; i++ {
			if !push(result(i)) {
				return
			}
		}
	}
}

// ActionBase is embedded by every action.
type ActionBase struct{ base[actionschema.Schema] }

func NewActionBase(typeSuffix string, schema actionschema.Schema) ActionBase {
	return ActionBase{newBase(typeSuffix, schema)}
}

func (a *ActionBase) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + a.typeSuffix
}

func (a *ActionBase) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = a.schema
}

func (a *ActionBase) Configure(_ context.Context, req action.ConfigureRequest, _ *action.ConfigureResponse) {
	a.configure(req.ProviderData)
}

// EphemeralResourceBase is embedded by every ephemeral resource.
type EphemeralResourceBase struct{ base[ephemeralschema.Schema] }

func NewEphemeralResourceBase(typeSuffix string, schema ephemeralschema.Schema) EphemeralResourceBase {
	return EphemeralResourceBase{newBase(typeSuffix, schema)}
}

func (e *EphemeralResourceBase) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + e.typeSuffix
}

func (e *EphemeralResourceBase) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = e.schema
}

func (e *EphemeralResourceBase) Configure(_ context.Context, req ephemeral.ConfigureRequest, _ *ephemeral.ConfigureResponse) {
	e.configure(req.ProviderData)
}
