// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// RawObject reads a state or plan value without Get, which compiles a regexp per field per
// call (DESIGN.md, "Framework workarounds"). The first error is kept; later reads return null.
type RawObject struct {
	attrs map[string]tftypes.Value
	err   error
}

func NewRawObject(v tftypes.Value) *RawObject {
	o := &RawObject{}
	if err := v.As(&o.attrs); err != nil {
		o.err = fmt.Errorf("reading the resource object: %w", err)
	}
	return o
}

func (o *RawObject) Err() error { return o.err }

func (o *RawObject) value(name string) (v tftypes.Value, known, null bool) {
	if o.err != nil {
		return tftypes.Value{}, true, true
	}
	v, ok := o.attrs[name]
	if !ok {
		o.err = fmt.Errorf("the resource object has no attribute %q", name)
		return tftypes.Value{}, true, true
	}
	return v, v.IsKnown(), v.IsNull()
}

func (o *RawObject) fail(name string, err error) {
	if o.err == nil {
		o.err = fmt.Errorf("reading attribute %q: %w", name, err)
	}
}

func (o *RawObject) String(name string) types.String {
	v, known, null := o.value(name)
	switch {
	case !known:
		return types.StringUnknown()
	case null:
		return types.StringNull()
	}
	var s string
	if err := v.As(&s); err != nil {
		o.fail(name, err)
		return types.StringNull()
	}
	return types.StringValue(s)
}

func (o *RawObject) Bool(name string) types.Bool {
	v, known, null := o.value(name)
	switch {
	case !known:
		return types.BoolUnknown()
	case null:
		return types.BoolNull()
	}
	var b bool
	if err := v.As(&b); err != nil {
		o.fail(name, err)
		return types.BoolNull()
	}
	return types.BoolValue(b)
}

func (o *RawObject) Int64(name string) types.Int64 {
	v, known, null := o.value(name)
	switch {
	case !known:
		return types.Int64Unknown()
	case null:
		return types.Int64Null()
	}
	var n big.Float
	if err := v.As(&n); err != nil {
		o.fail(name, err)
		return types.Int64Null()
	}
	i, accuracy := n.Int64()
	if accuracy != big.Exact {
		o.fail(name, fmt.Errorf("%s is not a 64-bit whole number", n.String()))
		return types.Int64Null()
	}
	return types.Int64Value(i)
}

// StringMap keeps unknown elements unknown, as the framework does.
func (o *RawObject) StringMap(name string) types.Map {
	v, known, null := o.value(name)
	switch {
	case !known:
		return types.MapUnknown(types.StringType)
	case null:
		return types.MapNull(types.StringType)
	}
	var raw map[string]tftypes.Value
	if err := v.As(&raw); err != nil {
		o.fail(name, err)
		return types.MapNull(types.StringType)
	}
	elems := make(map[string]attr.Value, len(raw))
	for k, e := range raw {
		switch {
		case !e.IsKnown():
			elems[k] = types.StringUnknown()
		case e.IsNull():
			elems[k] = types.StringNull()
		default:
			var s string
			if err := e.As(&s); err != nil {
				o.fail(name, err)
				return types.MapNull(types.StringType)
			}
			elems[k] = types.StringValue(s)
		}
	}
	m, diags := types.MapValue(types.StringType, elems)
	if diags.HasError() {
		o.fail(name, fmt.Errorf("%s", diags[0].Detail()))
		return types.MapNull(types.StringType)
	}
	return m
}
