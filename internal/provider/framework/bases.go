package framework

import (
	"context"

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

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The methods every resource, data source, list resource and action has in common:
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

// resourceType is what a resource and the list resource of its type share:
// a list resource is named after the resource whose objects it lists, and
// configured like it.
type resourceType struct {
	Configured
	typeSuffix string
}

func (r *resourceType) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeSuffix
}

func (r *resourceType) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.configure(req.ProviderData, &resp.Diagnostics)
}

// ResourceBase is embedded by every resource.
type ResourceBase struct {
	resourceType
	schema resourceschema.Schema
}

// NewResourceBase names a resource esign<typeSuffix>, described by schema.
func NewResourceBase(typeSuffix string, schema resourceschema.Schema) ResourceBase {
	return ResourceBase{resourceType{typeSuffix: typeSuffix}, schema}
}

func (r *ResourceBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}

// ListResourceBase is embedded by every list resource.
type ListResourceBase struct {
	resourceType
	schema listschema.Schema
}

// NewListResourceBase names a list resource esign<typeSuffix>, configured by schema.
func NewListResourceBase(typeSuffix string, schema listschema.Schema) ListResourceBase {
	return ListResourceBase{resourceType{typeSuffix: typeSuffix}, schema}
}

func (r *ListResourceBase) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = r.schema
}

// ActionBase is embedded by every action.
type ActionBase struct {
	Configured
	typeSuffix string
	schema     actionschema.Schema
}

// NewActionBase names an action esign<typeSuffix>, configured by schema.
func NewActionBase(typeSuffix string, schema actionschema.Schema) ActionBase {
	return ActionBase{typeSuffix: typeSuffix, schema: schema}
}

func (a *ActionBase) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + a.typeSuffix
}

func (a *ActionBase) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = a.schema
}

func (a *ActionBase) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.configure(req.ProviderData, &resp.Diagnostics)
}

// EphemeralResourceBase is embedded by every ephemeral resource.
type EphemeralResourceBase struct {
	Configured
	typeSuffix string
	schema     ephemeralschema.Schema
}

// NewEphemeralResourceBase names an ephemeral resource esign<typeSuffix>, described by schema.
func NewEphemeralResourceBase(typeSuffix string, schema ephemeralschema.Schema) EphemeralResourceBase {
	return EphemeralResourceBase{typeSuffix: typeSuffix, schema: schema}
}

func (e *EphemeralResourceBase) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + e.typeSuffix
}

func (e *EphemeralResourceBase) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = e.schema
}

func (e *EphemeralResourceBase) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	e.configure(req.ProviderData, &resp.Diagnostics)
}
