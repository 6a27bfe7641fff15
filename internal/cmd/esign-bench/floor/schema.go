// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/devprovider"
)

// jsonSchema is a schema as `terraform providers schema -json` prints it. The embedded types take the fields
// whose JSON names match theirs; the others are read here and converted.
type (
	jsonSchema struct {
		Version int64
		Block   jsonBlock
	}
	jsonBlock struct {
		tfprotov6.SchemaBlock
		Attributes      map[string]jsonAttribute
		BlockTypes      map[string]jsonBlockType `json:"block_types"`
		DescriptionKind string                   `json:"description_kind"`
		NestingMode     string                   `json:"nesting_mode"` // of a nested_type
	}
	jsonBlockType struct {
		NestingMode string `json:"nesting_mode"`
		Block       jsonBlock
		MinItems    int64 `json:"min_items"`
		MaxItems    int64 `json:"max_items"`
	}
	jsonAttribute struct {
		tfprotov6.SchemaAttribute
		Type            json.RawMessage
		NestedType      *jsonBlock `json:"nested_type"`
		DescriptionKind string     `json:"description_kind"`
		WriteOnly       bool       `json:"write_only"`
	}
)

// loadSchemas reads the esign provider's schemas from a `terraform providers schema -json` file.
func loadSchemas(path string) (*tfprotov6.GetProviderSchemaResponse, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var all struct {
		ProviderSchemas map[string]struct {
			Provider           jsonSchema
			Resources          map[string]jsonSchema `json:"resource_schemas"`
			DataSources        map[string]jsonSchema `json:"data_source_schemas"`
			EphemeralResources map[string]jsonSchema `json:"ephemeral_resource_schemas"`
		} `json:"provider_schemas"`
	}
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p := all.ProviderSchemas[devprovider.Address]
	// The capabilities the plugin framework announces, so that Terraform may skip GetProviderSchema alike.
	resp := &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities: &tfprotov6.ServerCapabilities{GetProviderSchemaOptional: true, PlanDestroy: true},
		ResourceSchemas:    map[string]*tfprotov6.Schema{}, DataSourceSchemas: map[string]*tfprotov6.Schema{},
		EphemeralResourceSchemas: map[string]*tfprotov6.Schema{}, Functions: map[string]*tfprotov6.Function{},
	}
	if resp.Provider, err = p.Provider.convert(); err != nil {
		return nil, err
	}
	for to, from := range map[*map[string]*tfprotov6.Schema]map[string]jsonSchema{
		&resp.ResourceSchemas: p.Resources, &resp.DataSourceSchemas: p.DataSources, &resp.EphemeralResourceSchemas: p.EphemeralResources,
	} {
		for name, s := range from {
			if (*to)[name], err = s.convert(); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	if len(resp.ResourceSchemas) == 0 {
		return nil, fmt.Errorf("%s: no resources of %s", path, devprovider.Address)
	}
	return resp, nil
}

func (s jsonSchema) convert() (*tfprotov6.Schema, error) {
	b, err := s.Block.convert()
	return &tfprotov6.Schema{Version: s.Version, Block: b}, err
}

func (j jsonBlock) convert() (*tfprotov6.SchemaBlock, error) {
	b := j.SchemaBlock
	b.DescriptionKind = kind(j.DescriptionKind)
	for name, a := range j.Attributes {
		attr := a.SchemaAttribute
		attr.Name, attr.DescriptionKind, attr.WriteOnly = name, kind(a.DescriptionKind), a.WriteOnly
		var err error
		if a.NestedType != nil {
			nested, nerr := a.NestedType.convert()
			attr.NestedType, err = &tfprotov6.SchemaObject{Attributes: nested.Attributes, Nesting: objectNesting[a.NestedType.NestingMode]}, nerr
		} else {
			attr.Type, err = tftypes.ParseJSONType(a.Type) //nolint:staticcheck // it reads the very form Terraform prints
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		b.Attributes = append(b.Attributes, &attr)
	}
	for name, t := range j.BlockTypes {
		nested, err := t.Block.convert()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		b.BlockTypes = append(b.BlockTypes, &tfprotov6.SchemaNestedBlock{TypeName: name, Block: nested,
			Nesting: blockNesting[t.NestingMode], MinItems: t.MinItems, MaxItems: t.MaxItems})
	}
	return &b, nil
}

var (
	objectNesting = map[string]tfprotov6.SchemaObjectNestingMode{"single": tfprotov6.SchemaObjectNestingModeSingle,
		"list": tfprotov6.SchemaObjectNestingModeList, "set": tfprotov6.SchemaObjectNestingModeSet, "map": tfprotov6.SchemaObjectNestingModeMap}
	blockNesting = map[string]tfprotov6.SchemaNestedBlockNestingMode{"single": tfprotov6.SchemaNestedBlockNestingModeSingle,
		"list": tfprotov6.SchemaNestedBlockNestingModeList, "set": tfprotov6.SchemaNestedBlockNestingModeSet,
		"map": tfprotov6.SchemaNestedBlockNestingModeMap, "group": tfprotov6.SchemaNestedBlockNestingModeGroup}
)

func kind(s string) tfprotov6.StringKind {
	if s == "markdown" {
		return tfprotov6.StringKindMarkdown
	}
	return tfprotov6.StringKindPlain
}
