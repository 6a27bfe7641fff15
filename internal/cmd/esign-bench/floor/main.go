// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command floor is the bench's floor, never released: a terraform-plugin-go provider with no framework, no
// validation and no network that serves the esign provider's own schemas, read at start from the `terraform
// providers schema -json` file named by ESIGN_BENCH_FLOOR_SCHEMA, and echoes its input. See bench/README.md.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

func main() {
	f, err := load(os.Getenv("ESIGN_BENCH_FLOOR_SCHEMA"))
	if err == nil {
		err = tf6server.Serve(devprovider.Address, func() tfprotov6.ProviderServer { return f })
	}
	if err != nil {
		log.Fatal(err)
	}
}

// floor answers the calls of a plan, an apply and a destroy. Any other call reaches the embedded nil server
// and panics, which Terraform reports as a crash of the plugin: the bench then fails rather than measure it.
type floor struct {
	tfprotov6.ProviderServer
	schemas *tfprotov6.GetProviderSchemaResponse
	types   map[string]tftypes.Type
}

func (f *floor) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return f.schemas, nil
}

func (f *floor) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (f *floor) ValidateProviderConfig(context.Context, *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{}, nil
}

func (f *floor) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (f *floor) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

func (f *floor) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	v, err := req.RawState.Unmarshal(f.types[req.TypeName])
	if err != nil {
		return nil, err
	}
	state, err := tfprotov6.NewDynamicValue(v.Type(), v)
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &state}, err
}

func (f *floor) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

// PlanResourceChange answers the proposed state; on create, a null computed attribute becomes unknown.
func (f *floor) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	typ := f.types[req.TypeName]
	prior, err := req.PriorState.Unmarshal(typ)
	if err != nil {
		return nil, err
	}
	proposed, err := req.ProposedNewState.Unmarshal(typ)
	if err != nil || !prior.IsNull() || proposed.IsNull() {
		return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState}, err
	}
	var attrs map[string]tftypes.Value
	if err := proposed.As(&attrs); err != nil {
		return nil, err
	}
	for _, a := range f.schemas.ResourceSchemas[req.TypeName].Block.Attributes {
		if a.Computed && attrs[a.Name].IsNull() {
			attrs[a.Name] = tftypes.NewValue(a.ValueType(), tftypes.UnknownValue)
		}
	}
	planned, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: &planned}, err
}

// ApplyResourceChange answers the planned state, an unknown string derived from the object and its path
// (ids differ), any other unknown null.
func (f *floor) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	planned, err := req.PlannedState.Unmarshal(f.types[req.TypeName])
	if err != nil || planned.IsFullyKnown() {
		return &tfprotov6.ApplyResourceChangeResponse{NewState: req.PlannedState, Private: req.PlannedPrivate}, err
	}
	seed := req.TypeName + planned.String()
	applied, err := tftypes.Transform(planned, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		switch {
		case v.IsKnown():
			return v, nil
		case v.Type().Is(tftypes.String):
			h := fnv.New64a()
			_, _ = h.Write([]byte(seed + p.String()))
			return tftypes.NewValue(tftypes.String, fmt.Sprintf("%016x", h.Sum64())), nil
		}
		return tftypes.NewValue(v.Type(), nil), nil
	})
	if err != nil {
		return nil, err
	}
	state, err := tfprotov6.NewDynamicValue(applied.Type(), applied)
	return &tfprotov6.ApplyResourceChangeResponse{NewState: &state, Private: req.PlannedPrivate}, err
}

// jsonBlock is a schema, a block, a block type or a nested type as `terraform providers schema -json` prints
// it; jsonAttribute an attribute. The embedded types take the fields whose JSON names match theirs.
type (
	jsonBlock struct {
		tfprotov6.SchemaBlock
		Block           *jsonBlock
		Attributes      map[string]jsonAttribute
		BlockTypes      map[string]jsonBlock `json:"block_types"`
		DescriptionKind string               `json:"description_kind"`
		NestingMode     string               `json:"nesting_mode"`
		MinItems        int64                `json:"min_items"`
		MaxItems        int64                `json:"max_items"`
	}
	jsonAttribute struct {
		tfprotov6.SchemaAttribute
		Type            json.RawMessage
		NestedType      *jsonBlock `json:"nested_type"`
		DescriptionKind string     `json:"description_kind"`
		WriteOnly       bool       `json:"write_only"`
	}
)

// load reads the esign provider's schemas from a `terraform providers schema -json` file.
func load(path string) (*floor, error) {
	var all struct {
		ProviderSchemas map[string]struct {
			Provider           jsonBlock
			Resources          map[string]jsonBlock `json:"resource_schemas"`
			DataSources        map[string]jsonBlock `json:"data_source_schemas"`
			EphemeralResources map[string]jsonBlock `json:"ephemeral_resource_schemas"`
		} `json:"provider_schemas"`
	}
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &all)
	}
	p := all.ProviderSchemas[devprovider.Address]
	if err == nil && len(p.Resources) == 0 {
		err = fmt.Errorf("no resources of %s", devprovider.Address)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f := &floor{types: map[string]tftypes.Type{}, schemas: &tfprotov6.GetProviderSchemaResponse{
		// The capabilities the plugin framework announces, so that Terraform may skip GetProviderSchema alike.
		ServerCapabilities: &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true, PlanDestroy: true},
		Provider:           p.Provider.schema(&err), ResourceSchemas: schemas(p.Resources, &err),
		DataSourceSchemas: schemas(p.DataSources, &err), EphemeralResourceSchemas: schemas(p.EphemeralResources, &err),
		Functions: map[string]*tfprotov6.Function{},
	}}
	for name, s := range f.schemas.ResourceSchemas {
		f.types[name] = s.ValueType()
	}
	return f, err
}

func schemas(from map[string]jsonBlock, err *error) map[string]*tfprotov6.Schema {
	to := map[string]*tfprotov6.Schema{}
	for name, s := range from {
		to[name] = s.schema(err)
	}
	return to
}

func (j jsonBlock) schema(err *error) *tfprotov6.Schema {
	return &tfprotov6.Schema{Version: j.Version, Block: j.Block.block(err)}
}

// block converts j; the first error is kept in *err.
func (j *jsonBlock) block(err *error) *tfprotov6.SchemaBlock {
	if j == nil {
		return &tfprotov6.SchemaBlock{}
	}
	b := j.SchemaBlock
	b.DescriptionKind = kinds[j.DescriptionKind]
	for name, a := range j.Attributes {
		attr := a.SchemaAttribute
		attr.Name, attr.DescriptionKind, attr.WriteOnly = name, kinds[a.DescriptionKind], a.WriteOnly
		var typeErr error
		if a.NestedType != nil {
			attr.NestedType = &tfprotov6.SchemaObject{Attributes: a.NestedType.block(err).Attributes,
				Nesting: tfprotov6.SchemaObjectNestingMode(nestings[a.NestedType.NestingMode])}
		} else if attr.Type, typeErr = tftypes.ParseJSONType(a.Type); typeErr != nil { //nolint:staticcheck // it reads the very form Terraform prints
			*err = cmp.Or(*err, fmt.Errorf("%s: %w", name, typeErr))
		}
		b.Attributes = append(b.Attributes, &attr)
	}
	for name, t := range j.BlockTypes {
		b.BlockTypes = append(b.BlockTypes, &tfprotov6.SchemaNestedBlock{TypeName: name, Block: t.Block.block(err),
			Nesting: tfprotov6.SchemaNestedBlockNestingMode(nestings[t.NestingMode]), MinItems: t.MinItems, MaxItems: t.MaxItems})
	}
	return &b
}

var (
	kinds    = map[string]tfprotov6.StringKind{"markdown": tfprotov6.StringKindMarkdown} // else plain
	nestings = map[string]int32{"single": 1, "list": 2, "set": 3, "map": 4, "group": 5}  // tfprotov6's numbers
)
