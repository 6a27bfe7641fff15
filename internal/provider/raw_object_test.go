package provider

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
			t.Fatalf("attribute %q has type %s: teach testObject and rawObject about it", name, at)
		}
	}
	return tftypes.NewValue(typ, attrs)
}

// equalModels compares two models field by field with attr.Value.Equal.
func equalModels(t *testing.T, got, want any) {
	t.Helper()
	g, w := reflect.ValueOf(got), reflect.ValueOf(want)
	for i := range g.NumField() {
		gf, _ := g.Field(i).Interface().(attr.Value)
		wf, _ := w.Field(i).Interface().(attr.Value)
		if gf == nil || wf == nil || !gf.Equal(wf) {
			t.Errorf("%s: from raw %v, from Get %v", g.Type().Field(i).Name, gf, wf)
		}
	}
}

func TestModelsFromRawMatchGet(t *testing.T) {
	kinds := map[string]valueKind{"known": allKnown, "null": allNull, "unknown": allUnknown, "unknown map elements": unknownElements}
	for name, kind := range kinds {
		t.Run("webhook subscription/"+name, func(t *testing.T) {
			checkModelFromRaw(t, webhookSubscriptionSchema, kind, webhookModelFromRaw)
		})
		t.Run("metadata entry/"+name, func(t *testing.T) {
			checkModelFromRaw(t, metadataEntrySchema, kind, metadataEntryModelFromRaw)
		})
	}
}

// checkModelFromRaw compares fromRaw with the framework's Get on a value of
// the schema filled according to kind.
func checkModelFromRaw[M any](t *testing.T, s schema.Schema, kind valueKind, fromRaw func(tftypes.Value) (M, error)) {
	t.Helper()
	raw := testObject(t, s, kind)
	var want M
	if diags := (tfsdk.Plan{Schema: s, Raw: raw}).Get(context.Background(), &want); diags.HasError() {
		t.Fatal(diags)
	}
	got, err := fromRaw(raw)
	if err != nil {
		t.Fatal(err)
	}
	equalModels(t, got, want)
}

// rawObject exists because the framework's Get compiles a regular
// expression for every field of the model on every call (see raw_object.go).
// Compilations allocate, so Get must cost at least one compilation's
// allocations per field more than rawObject. When this fails, a newer
// terraform-plugin-framework no longer does that: rawObject, the
// *ModelFromRaw functions and TestModelsFromRawMatchGet can go, and Read and
// ModifyPlan can decode with Get again (measure with make bench first).
func TestFrameworkGetStillCompilesRegexpPerField(t *testing.T) {
	raw := testObject(t, webhookSubscriptionSchema, allKnown)
	fields := reflect.TypeFor[webhookSubscriptionResourceModel]().NumField()
	perCompile := testing.AllocsPerRun(20, func() { regexp.MustCompile("^[a-z][a-z0-9_]*$") })
	get := testing.AllocsPerRun(20, func() {
		var m webhookSubscriptionResourceModel
		if diags := (tfsdk.State{Schema: webhookSubscriptionSchema, Raw: raw}).Get(context.Background(), &m); diags.HasError() {
			t.Fatal(diags)
		}
	})
	fromRaw := testing.AllocsPerRun(20, func() {
		if _, err := webhookModelFromRaw(raw); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("allocations per model of %d fields: Get %.0f, rawObject %.0f; one regexp compilation %.0f", fields, get, fromRaw, perCompile)
	if extra, floor := get-fromRaw, float64(fields)*perCompile; extra < floor {
		t.Errorf("Get allocates %.0f more than rawObject, less than one regexp compilation (%.0f) per field (%.0f): "+
			"terraform-plugin-framework no longer compiles a regexp per field on every Get "+
			"(v1.19.0: internal/reflect, isValidFieldName, called by getStructTags); rawObject can go", extra, perCompile, floor)
	}
}

func TestRawObjectErrorsNameTheAttribute(t *testing.T) {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"n": tftypes.Number, "s": tftypes.String}}
	o := newRawObject(tftypes.NewValue(typ, map[string]tftypes.Value{
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
	missing := newRawObject(tftypes.NewValue(typ, map[string]tftypes.Value{
		"n": tftypes.NewValue(tftypes.Number, nil),
		"s": tftypes.NewValue(tftypes.String, nil),
	}))
	if missing.String("other"); missing.Err() == nil {
		t.Error("reading an attribute the object does not have is not an error")
	}
}
