// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package modelcheck checks that the resources' models read with framework.Get as with the framework's Get. It is
// not in acctest, which imports the provider, so that the resources' internal tests can use it.
package modelcheck

import (
	"context"
	"maps"
	"math/big"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// ReadsAsTheFrameworksGet reads every combination of every attribute's variants into a resource's model M
// with framework.Get and with the framework's own Get, from a state, a plan and a config in turn, and fails at the
// first field that differs.
func ReadsAsTheFrameworksGet[M any](t *testing.T, s schema.Schema) {
	t.Helper()
	ctx := context.Background()
	typ := s.Type().TerraformType(ctx).(tftypes.Object)
	combos := []map[string]tftypes.Value{{}}
	for name, attrType := range typ.AttributeTypes {
		var next []map[string]tftypes.Value
		for _, combo := range combos {
			for _, v := range variants(attrType) {
				next = append(next, maps.Clone(combo))
				next[len(next)-1][name] = v
			}
		}
		combos = next
	}
	for i, combo := range combos {
		raw := tftypes.NewValue(typ, combo)
		var want, got M
		diags := (tfsdk.Plan{Schema: s, Raw: raw}).Get(ctx, &want)
		switch i % 3 {
		case 0:
			got = framework.Get[M](ctx, tfsdk.State{Schema: s, Raw: raw}, &diags)
		case 1:
			got = framework.Get[M](ctx, tfsdk.Plan{Schema: s, Raw: raw}, &diags)
		case 2:
			got = framework.Get[M](ctx, tfsdk.Config{Schema: s, Raw: raw}, &diags)
		}
		if diags.HasError() {
			t.Fatalf("%s: %v", raw, diags)
		}
		for f := range reflect.TypeFor[M]().NumField() {
			g, w := reflect.ValueOf(got).Field(f).Interface().(attr.Value), reflect.ValueOf(want).Field(f).Interface().(attr.Value)
			if !g.Equal(w) {
				t.Fatalf("%s: %s reads as %s, the framework's Get as %s", raw, reflect.TypeFor[M]().Field(f).Name, g, w)
			}
		}
	}
	t.Logf("%d combinations", len(combos))
}

// variants of a value of t: null, unknown, known, and for a collection or an object known with unknown parts.
func variants(t tftypes.Type) []tftypes.Value {
	vs := []tftypes.Value{tftypes.NewValue(t, nil), tftypes.NewValue(t, tftypes.UnknownValue)}
	switch t := t.(type) {
	case tftypes.Map:
		for _, e := range variants(t.ElementType)[1:] {
			vs = append(vs, tftypes.NewValue(t, map[string]tftypes.Value{"k": e}))
		}
	case tftypes.Set:
		for _, e := range variants(t.ElementType)[1:] {
			vs = append(vs, tftypes.NewValue(t, []tftypes.Value{e}))
		}
	case tftypes.List:
		for _, e := range variants(t.ElementType)[1:] {
			vs = append(vs, tftypes.NewValue(t, []tftypes.Value{e}))
		}
	case tftypes.Object:
		for _, variant := range []int{1, 2} { // every attribute unknown, every attribute known
			attrs := map[string]tftypes.Value{}
			for name, attrType := range t.AttributeTypes {
				attrs[name] = variants(attrType)[variant]
			}
			vs = append(vs, tftypes.NewValue(t, attrs))
		}
	default:
		known := map[string]any{"tftypes.String": "a", "tftypes.Bool": true, "tftypes.Number": big.NewFloat(7)}[t.String()]
		vs = append(vs, tftypes.NewValue(t, known))
	}
	return vs
}
