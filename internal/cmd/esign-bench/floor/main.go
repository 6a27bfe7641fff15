// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command floor is the bench's floor, never released: a terraform-plugin-go provider with no framework, no
// validation and no network that serves the esign provider's own schemas, read at start from the `terraform
// providers schema -json` file named by ESIGN_BENCH_FLOOR_SCHEMA, and echoes its input. See bench/README.md.
package main

import (
	"context"
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
	schemas, err := loadSchemas(os.Getenv("ESIGN_BENCH_FLOOR_SCHEMA"))
	if err != nil {
		log.Fatal(err)
	}
	f := &floor{schemas: schemas, types: map[string]tftypes.Type{}}
	for name, s := range schemas.ResourceSchemas {
		f.types[name] = s.ValueType()
	}
	if err := tf6server.Serve(devprovider.Address, func() tfprotov6.ProviderServer { return f }); err != nil {
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
