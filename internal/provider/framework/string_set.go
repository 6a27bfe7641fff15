// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// StringSetType is set(string) in linear time where the framework compares every pair of elements: after each
// Read, and to find duplicates; a plan of a 1,000-string set took seconds of CPU (DESIGN.md, "Framework workarounds").
type StringSetType struct{ basetypes.SetType }

// StringSetOf is the CustomType of a schema.SetAttribute of strings.
var StringSetOf = StringSetType{basetypes.SetType{ElemType: types.StringType}}

type StringSet struct{ basetypes.SetValue }

func (t StringSetType) Equal(o attr.Type) bool {
	_, ok := o.(StringSetType)
	return ok
}

func (t StringSetType) String() string {
	return "framework.StringSetType"
}

func (t StringSetType) ValueType(context.Context) attr.Value { return StringSet{} }

func (t StringSetType) ValueFromSet(_ context.Context, v basetypes.SetValue) (basetypes.SetValuable, diag.Diagnostics) {
	return StringSet{v}, nil
}

func (t StringSetType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	v, err := t.SetType.ValueFromTerraform(ctx, in)
	if err != nil {
		return nil, err
	}
	return StringSet{v.(basetypes.SetValue)}, nil
}

// Validate finds duplicates with a map where the framework compares every pair.
func (t StringSetType) Validate(_ context.Context, in tftypes.Value, p path.Path) (diags diag.Diagnostics) {
	if !in.IsKnown() || in.IsNull() {
		return nil
	}
	var elems []tftypes.Value
	err := in.As(&elems)
	if err != nil {
		return nil
	}
	seen := make(map[string]bool, len(elems))
	for _, e := range elems {
		if !e.IsKnown() || e.IsNull() {
			continue
		}
		var s string
		err := e.As(&s)
		if err != nil {
			continue
		}
		if seen[s] {
			diags.AddAttributeError(p, "Duplicate Set Element", fmt.Sprintf("This attribute contains duplicate values of: %s", e))
		}
		seen[s] = true
	}
	return diags
}

func (v StringSet) Type(context.Context) attr.Type { return StringSetOf }

func (v StringSet) Equal(o attr.Value) bool {
	other, ok := o.(StringSet)
	return ok && v.SetValue.Equal(other.SetValue)
}

// SetSemanticEquals keeps an equal prior value, so the framework skips its walk over every pair.
func (v StringSet) SetSemanticEquals(_ context.Context, prior basetypes.SetValuable) (bool, diag.Diagnostics) {
	return v.Equal(prior), nil
}
