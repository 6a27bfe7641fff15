package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	datasourceschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	resourceschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The methods every resource, data source and list resource has in common:
// its type name (the provider's, "esign", and a suffix such as
// "_supported_hooks"), its schema, and what the provider's Configure hands
// it. Each one embeds the base of its framework kind and adds what is its
// own (Read, CRUD, List, config validators).

// Configured is what Configure hands over, as every base keeps it.
type Configured struct {
	// Client is the configured provider's API client; nil before Configure
	// (Terraform validates configurations with an unconfigured provider).
	Client *client.Client
	// ProviderData is everything Configure handed over (nil before).
	ProviderData *ProviderData
}

func (c *Configured) configure(data any, diags *diag.Diagnostics) {
	c.ProviderData = ProviderDataOf(data, diags)
	if c.ProviderData != nil {
		c.Client = c.ProviderData.Client
	}
}

// DataSourceBase is embedded by every data source.
type DataSourceBase struct {
	Configured
	typeSuffix string
	schema     datasourceschema.Schema
}

// NewDataSourceBase names a data source esign<typeSuffix>, described by schema.
func NewDataSourceBase(typeSuffix string, schema datasourceschema.Schema) DataSourceBase {
	return DataSourceBase{typeSuffix: typeSuffix, schema: schema}
}

func (d *DataSourceBase) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + d.typeSuffix
}

func (d *DataSourceBase) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.schema
}

func (d *DataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.configure(req.ProviderData, &resp.Diagnostics)
}

// ResourceBase is embedded by every resource.
type ResourceBase struct {
	Configured
	typeSuffix string
	schema     resourceschema.Schema
}

// NewResourceBase names a resource esign<typeSuffix>, described by schema.
func NewResourceBase(typeSuffix string, schema resourceschema.Schema) ResourceBase {
	return ResourceBase{typeSuffix: typeSuffix, schema: schema}
}

func (r *ResourceBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeSuffix
}

func (r *ResourceBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}

func (r *ResourceBase) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.configure(req.ProviderData, &resp.Diagnostics)
}

// ListResourceBase is embedded by every list resource. A list resource is
// named after the resource whose objects it lists.
type ListResourceBase struct {
	Configured
	typeSuffix string
	schema     listschema.Schema
}

// NewListResourceBase names a list resource esign<typeSuffix>, configured by schema.
func NewListResourceBase(typeSuffix string, schema listschema.Schema) ListResourceBase {
	return ListResourceBase{typeSuffix: typeSuffix, schema: schema}
}

func (r *ListResourceBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeSuffix
}

func (r *ListResourceBase) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = r.schema
}

func (r *ListResourceBase) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.configure(req.ProviderData, &resp.Diagnostics)
}
