package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	datasourceschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	resourceschema "github.com/hashicorp/terraform-plugin-framework/resource/schema"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The methods that every data source, list resource and resource has in
// common: its type name (the provider's, "esign", and a suffix such as
// "_supported_hooks"), its schema, and the API client the provider's
// Configure hands it. Each one embeds its kind's base and adds what is its
// own (Read, CRUD, List, config validators).

// dataSourceBase is embedded by every data source.
type dataSourceBase struct {
	typeSuffix string
	schema     datasourceschema.Schema
	client     *client.Client
}

func newDataSourceBase(typeSuffix string, schema datasourceschema.Schema) dataSourceBase {
	return dataSourceBase{typeSuffix: typeSuffix, schema: schema}
}

func (d *dataSourceBase) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + d.typeSuffix
}

func (d *dataSourceBase) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.schema
}

func (d *dataSourceBase) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

// resourceTypeBase is what a resource and the list resource of its type
// share: a list resource is named after the resource whose objects it
// lists, and configured like it.
type resourceTypeBase struct {
	typeSuffix string
	client     *client.Client
}

func (r *resourceTypeBase) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + r.typeSuffix
}

func (r *resourceTypeBase) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.useClient(clientFromProviderData(req.ProviderData, &resp.Diagnostics))
}

func (r *resourceTypeBase) useClient(c *client.Client) { r.client = c }

// resourceBase is embedded by every resource.
type resourceBase struct {
	resourceTypeBase
	schema resourceschema.Schema
}

func newResourceBase(typeSuffix string, schema resourceschema.Schema) resourceBase {
	return resourceBase{resourceTypeBase{typeSuffix: typeSuffix}, schema}
}

func (r *resourceBase) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}

// listResourceBase is embedded by every list resource.
type listResourceBase struct {
	resourceTypeBase
	schema listschema.Schema
}

func newListResourceBase(typeSuffix string, schema listschema.Schema) listResourceBase {
	return listResourceBase{resourceTypeBase{typeSuffix: typeSuffix}, schema}
}

func (r *listResourceBase) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = r.schema
}
