// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command floor-provider is the bench's floor, never released: a bare terraform-plugin-go provider (no
// framework, no validation, no network) with the esign resources' attribute shapes, whose plan answers the
// proposed state (a null computed attribute unknown on create), apply the planned state (the id derived from the
// attributes, other unknowns null) and read the current state. See bench/README.md, "The floor".
package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// address is the provider's registry address; esign-bench's floorAddress
// overrides it.
const address = "registry.terraform.io/esign-oss/floor"

func main() {
	// SDK logs as plugin-go has them by default (a line per call that Terraform discards), unlike this
	// provider (server.QuietSDKLogsUnlessAsked), unless the bench runs with -floor-logs=off.
	if err := tf6server.Serve(address, func() tfprotov6.ProviderServer { return provider{} }); err != nil {
		log.Fatal(err)
	}
}

// resourceType is one resource of the floor.
type resourceType struct {
	schema *tfprotov6.Schema
	typ    tftypes.Object
	idFrom []string // the attributes a new resource's id is derived from
}

func newResourceType(idFrom []string, attrs ...*tfprotov6.SchemaAttribute) resourceType {
	s := &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{Attributes: attrs}}
	return resourceType{schema: s, typ: s.ValueType().(tftypes.Object), idFrom: idFrom}
}

func attribute(name string, typ tftypes.Type, required, optional, computed bool) *tfprotov6.SchemaAttribute {
	return &tfprotov6.SchemaAttribute{Name: name, Type: typ, Required: required, Optional: optional, Computed: computed}
}

func required(name string, typ tftypes.Type) *tfprotov6.SchemaAttribute {
	return attribute(name, typ, true, false, false)
}

func optional(name string, typ tftypes.Type) *tfprotov6.SchemaAttribute {
	return attribute(name, typ, false, true, false)
}

func computed(name string, typ tftypes.Type) *tfprotov6.SchemaAttribute {
	return attribute(name, typ, false, false, true)
}

func optionalComputed(name string, typ tftypes.Type) *tfprotov6.SchemaAttribute {
	return attribute(name, typ, false, true, true)
}

// computedList is a computed list of nested objects.
func computedList(name string, attrs ...*tfprotov6.SchemaAttribute) *tfprotov6.SchemaAttribute {
	nested := &tfprotov6.SchemaObject{Nesting: tfprotov6.SchemaObjectNestingModeList, Attributes: attrs}
	return &tfprotov6.SchemaAttribute{Name: name, NestedType: nested, Computed: true}
}

func sensitive(a *tfprotov6.SchemaAttribute) *tfprotov6.SchemaAttribute {
	a.Sensitive = true
	return a
}

func writeOnly(a *tfprotov6.SchemaAttribute) *tfprotov6.SchemaAttribute {
	a.WriteOnly = true
	return a
}

var (
	stringMap = tftypes.Map{ElementType: tftypes.String}
	stringSet = tftypes.Set{ElementType: tftypes.String}
)

// resources mirror the esign resources' attributes: same names, types,
// required/optional/computed, sensitive and write-only (main_test.go holds
// them to the esign provider's schemas).
var resources = map[string]resourceType{
	"floor_webhook_subscription": newResourceType([]string{"event_type", "uri"},
		computed("id", tftypes.String),
		required("event_type", tftypes.String),
		required("uri", tftypes.String),
		optionalComputed("description", tftypes.String),
		sensitive(optional("headers", stringMap)),
		writeOnly(optional("headers_wo", stringMap)),
		optional("headers_wo_version", tftypes.Number),
	),
	"floor_metadata_entry": newResourceType([]string{"entity_type", "entity_id", "key"},
		computed("id", tftypes.String),
		required("entity_type", tftypes.String),
		required("entity_id", tftypes.String),
		required("key", tftypes.String),
		required("value", tftypes.String),
		optionalComputed("overwrite_on_create", tftypes.Bool),
		optionalComputed("reference_id", tftypes.String),
	),
	"floor_webhook_subscriptions_exclusive": newResourceType([]string{"event_types", "uri_prefix"},
		computed("id", tftypes.String),
		required("subscription_ids", stringSet),
		optional("event_types", stringSet),
		optional("uri_prefix", tftypes.String),
		optionalComputed("on_unmanaged", tftypes.String),
		computedList("unmanaged",
			computed("id", tftypes.String),
			computed("event_type", tftypes.String),
			computed("uri", tftypes.String),
			computed("description", tftypes.String),
		),
	),
}

// errUnsupported answers the calls a plan or an apply of these resources
// never makes.
var errUnsupported = errors.New("not served by the benchmark's floor provider")

// provider is the floor: it holds nothing, every call stands alone.
type provider struct{}

var _ tfprotov6.ProviderServer = provider{}

func (provider) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: capabilities()}
	for name := range resources {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: name})
	}
	return resp, nil
}

// capabilities are those the plugin framework announces for the esign
// provider, except the calls the floor does not serve: Terraform may then
// skip GetProviderSchema in each provider process alike.
func capabilities() *tfprotov6.ServerCapabilities {
	return &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true, PlanDestroy: true}
}

func (provider) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	resp := &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities:       capabilities(),
		Provider:                 &tfprotov6.Schema{Block: &tfprotov6.SchemaBlock{}},
		ResourceSchemas:          make(map[string]*tfprotov6.Schema, len(resources)),
		DataSourceSchemas:        map[string]*tfprotov6.Schema{},
		Functions:                map[string]*tfprotov6.Function{},
		EphemeralResourceSchemas: map[string]*tfprotov6.Schema{},
	}
	for name, r := range resources {
		resp.ResourceSchemas[name] = r.schema
	}
	return resp, nil
}

func (provider) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}, nil
}

func (provider) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

func (provider) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (provider) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (provider) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (provider) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	r, err := lookup(req.TypeName)
	if err != nil {
		return nil, err
	}
	v, err := req.RawState.Unmarshal(r.typ)
	if err != nil {
		return nil, err
	}
	dv, err := tfprotov6.NewDynamicValue(r.typ, v)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, nil
}

func (provider) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

func (provider) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	r, err := lookup(req.TypeName)
	if err != nil {
		return nil, err
	}
	prior, err := decode(req.PriorState, r.typ)
	if err != nil {
		return nil, err
	}
	proposed, err := decode(req.ProposedNewState, r.typ)
	if err != nil {
		return nil, err
	}
	if !prior.IsNull() || proposed.IsNull() { // an update or a destroy
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState}, nil
	}
	planned, err := r.fill(proposed, func(name string, v tftypes.Value) tftypes.Value {
		if !v.IsNull() || !r.isComputed(name) {
			return v
		}
		return tftypes.NewValue(r.typ.AttributeTypes[name], tftypes.UnknownValue)
	})
	if err != nil {
		return nil, err
	}
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: planned}, nil
}

func (provider) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	r, err := lookup(req.TypeName)
	if err != nil {
		return nil, err
	}
	planned, err := decode(req.PlannedState, r.typ)
	if err != nil {
		return nil, err
	}
	if planned.IsFullyKnown() { // a destroy (null), or an update of known values
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState, Private: req.PlannedPrivate}, nil
	}
	var attrs map[string]tftypes.Value
	if err := planned.As(&attrs); err != nil {
		return nil, err
	}
	newState, err := r.fill(planned, func(name string, v tftypes.Value) tftypes.Value {
		switch {
		case v.IsKnown():
			return v
		case name == "id":
			return tftypes.NewValue(tftypes.String, r.id(req.TypeName, attrs))
		default:
			return tftypes.NewValue(r.typ.AttributeTypes[name], nil)
		}
	})
	if err != nil {
		return nil, err
	}
	return &tfprotov6.ApplyResourceChangeResponse{NewState: newState, Private: req.PlannedPrivate}, nil
}

func (provider) ImportResourceState(context.Context, *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return nil, errUnsupported
}

func (provider) MoveResourceState(context.Context, *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return nil, errUnsupported
}

func (provider) UpgradeResourceIdentity(context.Context, *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return nil, errUnsupported
}

func (provider) GenerateResourceConfig(context.Context, *tfprotov6.GenerateResourceConfigRequest) (*tfprotov6.GenerateResourceConfigResponse, error) {
	return nil, errUnsupported
}

func (provider) ValidateDataResourceConfig(context.Context, *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return nil, errUnsupported
}

func (provider) ReadDataSource(context.Context, *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return nil, errUnsupported
}

func (provider) GetFunctions(context.Context, *tfprotov6.GetFunctionsRequest) (*tfprotov6.GetFunctionsResponse, error) {
	return &tfprotov6.GetFunctionsResponse{Functions: map[string]*tfprotov6.Function{}}, nil
}

func (provider) CallFunction(context.Context, *tfprotov6.CallFunctionRequest) (*tfprotov6.CallFunctionResponse, error) {
	return nil, errUnsupported
}

func (provider) ValidateEphemeralResourceConfig(context.Context, *tfprotov6.ValidateEphemeralResourceConfigRequest) (*tfprotov6.ValidateEphemeralResourceConfigResponse, error) {
	return nil, errUnsupported
}

func (provider) OpenEphemeralResource(context.Context, *tfprotov6.OpenEphemeralResourceRequest) (*tfprotov6.OpenEphemeralResourceResponse, error) {
	return nil, errUnsupported
}

func (provider) RenewEphemeralResource(context.Context, *tfprotov6.RenewEphemeralResourceRequest) (*tfprotov6.RenewEphemeralResourceResponse, error) {
	return nil, errUnsupported
}

func (provider) CloseEphemeralResource(context.Context, *tfprotov6.CloseEphemeralResourceRequest) (*tfprotov6.CloseEphemeralResourceResponse, error) {
	return nil, errUnsupported
}

func lookup(typeName string) (resourceType, error) {
	r, ok := resources[typeName]
	if !ok {
		return resourceType{}, fmt.Errorf("the floor provider has no resource %q", typeName)
	}
	return r, nil
}

// decode answers a null value for a missing one (Terraform may send no prior
// state on create).
func decode(dv *tfprotov6.DynamicValue, typ tftypes.Type) (tftypes.Value, error) {
	if dv == nil {
		return tftypes.NewValue(typ, nil), nil
	}
	return dv.Unmarshal(typ)
}

func (r resourceType) isComputed(name string) bool {
	for _, a := range r.schema.Block.Attributes {
		if a.Name == name {
			return a.Computed
		}
	}
	return false
}

// fill answers obj with each attribute passed through replace, encoded for
// Terraform.
func (r resourceType) fill(obj tftypes.Value, replace func(name string, v tftypes.Value) tftypes.Value) (*tfprotov6.DynamicValue, error) {
	var attrs map[string]tftypes.Value
	if err := obj.As(&attrs); err != nil {
		return nil, err
	}
	out := make(map[string]tftypes.Value, len(attrs))
	for name, v := range attrs {
		out[name] = replace(name, v)
	}
	dv, err := tfprotov6.NewDynamicValue(r.typ, tftypes.NewValue(r.typ, out))
	if err != nil {
		return nil, err
	}
	return &dv, nil
}

// id derives a new resource's id from its idFrom attributes.
func (r resourceType) id(typeName string, attrs map[string]tftypes.Value) string {
	h := fnv.New64a()
	_, _ = h.Write([]byte(typeName))
	for _, name := range r.idFrom {
		_, _ = fmt.Fprintf(h, "\x00%s", attrs[name])
	}
	return fmt.Sprintf("%016x", h.Sum64())
}
