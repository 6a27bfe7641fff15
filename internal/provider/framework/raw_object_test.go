// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"math/big"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// valueKind says how testObject fills each attribute.
type valueKind int

const (
	allKnown valueKind = iota
	allNull
	allUnknown
	unknownElements // known maps whose elements are unknown; the rest known
)

// testObject builds a value of the schema's object type with every
// attribute filled according to kind, so that a model constructor that
// forgets an attribute, or reads it as the wrong type, differs from Get.
func testObject(t *testing.T, s schema.Schema, kind valueKind) tftypes.Value {
	t.Helper()
	typ, ok := s.Type().TerraformType(context.Background()).(tftypes.Object)
	if !ok {
		t.Fatal("schema type is not an object")
	}
	attrs := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		switch kind {
		case allNull:
			attrs[name] = tftypes.NewValue(at, nil)
			continue
		case allUnknown:
			attrs[name] = tftypes.NewValue(at, tftypes.UnknownValue)
			continue
		}
		switch {
		case at.Is(tftypes.String):
			attrs[name] = tftypes.NewValue(at, "v-"+name)
		case at.Is(tftypes.Bool):
			attrs[name] = tftypes.NewValue(at, true)
		case at.Is(tftypes.Number):
			attrs[name] = tftypes.NewValue(at, big.NewFloat(float64(len(name))))
		case at.Is(tftypes.Map{ElementType: tftypes.String}):
			elem := tftypes.NewValue(tftypes.String, "secret-"+name)
			if kind == unknownElements {
				elem = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
			}
			attrs[name] = tftypes.NewValue(at, map[string]tftypes.Value{"X-" + name: elem, "empty": tftypes.NewValue(tftypes.String, "")})
		default:
			t.Fatalf("attribute %q has type %s: teach testObject and RawObject about it", name, at)
		}
	}
	return tftypes.NewValue(typ, attrs)
}

// testModel has a field of every type DecodeRaw reads.
type testModel struct {
	Name    types.String `tfsdk:"name"`
	Enabled types.Bool   `tfsdk:"enabled"`
	Count   types.Int64  `tfsdk:"count"`
	Headers types.Map    `tfsdk:"headers"`
}

var testModelSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"name":    schema.StringAttribute{Optional: true},
	"enabled": schema.BoolAttribute{Optional: true},
	"count":   schema.Int64Attribute{Optional: true},
	"headers": schema.MapAttribute{Optional: true, ElementType: types.StringType},
}}

func TestDecodeRawMatchesGet(t *testing.T) {
	kinds := map[string]valueKind{"known": allKnown, "null": allNull, "unknown": allUnknown, "unknown map elements": unknownElements}
	for name, kind := range kinds {
		t.Run(name, func(t *testing.T) {
			raw := testObject(t, testModelSchema, kind)
			var want, got testModel
			if diags := (tfsdk.Plan{Schema: testModelSchema, Raw: raw}).Get(context.Background(), &want); diags.HasError() {
				t.Fatal(diags)
			}
			if err := DecodeRaw(raw, &got); err != nil {
				t.Fatal(err)
			}
			if !SameValues(got, want) {
				t.Errorf("DecodeRaw gave %+v, Get %+v", got, want)
			}
		})
	}
}

func TestDecodeRawRefusesModelsThatDoNotMatch(t *testing.T) {
	raw := testObject(t, testModelSchema, allKnown)
	var fewer struct {
		Name types.String `tfsdk:"name"`
	}
	if err := DecodeRaw(raw, &fewer); err == nil {
		t.Error("a model without every attribute decoded")
	}
	var otherType struct {
		Name    types.String  `tfsdk:"name"`
		Enabled types.Bool    `tfsdk:"enabled"`
		Count   types.Float64 `tfsdk:"count"`
		Headers types.Map     `tfsdk:"headers"`
	}
	if err := DecodeRaw(raw, &otherType); err == nil || !strings.Contains(err.Error(), "Count") {
		t.Errorf("a field of a type DecodeRaw cannot read: %v, want an error naming it", err)
	}
}

func TestSameValuesComparesEveryField(t *testing.T) {
	a := testModel{Name: types.StringValue("a"), Enabled: types.BoolValue(true), Count: types.Int64Value(1), Headers: types.MapNull(types.StringType)}
	if !SameValues(a, a) {
		t.Error("a model differs from itself")
	}
	for name, change := range map[string]func(*testModel){
		"name":    func(m *testModel) { m.Name = types.StringValue("b") },
		"enabled": func(m *testModel) { m.Enabled = types.BoolNull() },
		"count":   func(m *testModel) { m.Count = types.Int64Unknown() },
		"headers": func(m *testModel) { m.Headers = types.MapValueMust(types.StringType, map[string]attr.Value{}) },
	} {
		b := a
		change(&b)
		if SameValues(a, b) {
			t.Errorf("a change of %s is not seen", name)
		}
	}
}

// RawObject exists because the framework's Get compiles a regular
// expression for every field of the model on every call (see raw_object.go).
// Compilations allocate, so Get must cost at least one compilation's
// allocations per field more than DecodeRaw. When this fails, a newer
// terraform-plugin-framework no longer does that: RawObject and DecodeRaw
// can go, and Read and ModifyPlan can decode with Get again (measure with
// make bench first).
func TestFrameworkGetStillCompilesRegexpPerField(t *testing.T) {
	raw := testObject(t, testModelSchema, allKnown)
	fields := reflect.TypeFor[testModel]().NumField()
	perCompile := testing.AllocsPerRun(20, func() { regexp.MustCompile("^[a-z][a-z0-9_]*$") })
	get := testing.AllocsPerRun(20, func() {
		var m testModel
		if diags := (tfsdk.State{Schema: testModelSchema, Raw: raw}).Get(context.Background(), &m); diags.HasError() {
			t.Fatal(diags)
		}
	})
	fromRaw := testing.AllocsPerRun(20, func() {
		var m testModel
		if err := DecodeRaw(raw, &m); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("allocations per model of %d fields: Get %.0f, DecodeRaw %.0f; one regexp compilation %.0f", fields, get, fromRaw, perCompile)
	if extra, floor := get-fromRaw, float64(fields)*perCompile; extra < floor {
		t.Errorf("Get allocates %.0f more than DecodeRaw, less than one regexp compilation (%.0f) per field (%.0f): "+
			"terraform-plugin-framework no longer compiles a regexp per field on every Get "+
			"(v1.19.0: internal/reflect, isValidFieldName, called by getStructTags); RawObject and DecodeRaw can go", extra, perCompile, floor)
	}
}

func TestRawObjectErrorsNameTheAttribute(t *testing.T) {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"n": tftypes.Number, "s": tftypes.String}}
	o := NewRawObject(tftypes.NewValue(typ, map[string]tftypes.Value{
		"n": tftypes.NewValue(tftypes.Number, big.NewFloat(1.5)),
		"s": tftypes.NewValue(tftypes.String, "x"),
	}))
	if got := o.String("s"); got.ValueString() != "x" {
		t.Errorf("String(s) = %v", got)
	}
	if got := o.Int64("n"); !got.IsNull() {
		t.Errorf("Int64 of 1.5 = %v, want null and an error", got)
	}
	if err := o.Err(); err == nil || !strings.Contains(err.Error(), `"n"`) {
		t.Errorf("Err() = %v, want one naming attribute \"n\"", err)
	}
	// After an error, every attribute reads as null and the first error stays.
	if got := o.String("s"); !got.IsNull() {
		t.Errorf("String(s) after an error = %v, want null", got)
	}
	missing := NewRawObject(tftypes.NewValue(typ, map[string]tftypes.Value{
		"n": tftypes.NewValue(tftypes.Number, nil),
		"s": tftypes.NewValue(tftypes.String, nil),
	}))
	if missing.String("other"); missing.Err() == nil {
		t.Error("reading an attribute the object does not have is not an error")
	}
}
