package framework

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// RawObject reads a resource's attributes straight from the Terraform value
// of its state or plan, for DecodeRaw and for identities. The framework's Get
// decodes into a model struct by reflection and compiles a regular expression
// for every field on every call: more than half of the provider's CPU time in
// ReadResource. In terraform-plugin-framework v1.19.0, tfsdk.State.Get (and
// Plan's, Config's) calls internal/reflect.Into, whose struct decoding calls
// getStructTags, which calls isValidFieldName for each field, and that runs
// regexp.MustCompile("^[a-z][a-z0-9_]*$") every time
// (internal/reflect/helpers.go). Read and ModifyPlan run once per resource in
// every plan, so they decode with DecodeRaw (kept equal to Get by
// TestDecodeRawMatchesGet); Create, Update, Delete and ImportState keep Get.
//
// TestFrameworkGetStillCompilesRegexpPerField fails once a newer framework
// stops compiling per field; then RawObject and DecodeRaw can go.
//
// The first error is kept and later reads return null values, so a model can
// be filled attribute by attribute and the error checked once.
type RawObject struct {
	attrs map[string]tftypes.Value
	err   error
}

// NewRawObject reads the attributes of v, an object value.
func NewRawObject(v tftypes.Value) *RawObject {
	o := &RawObject{}
	if err := v.As(&o.attrs); err != nil {
		o.err = fmt.Errorf("reading the resource object: %w", err)
	}
	return o
}

// Err is the first error met, naming the attribute.
func (o *RawObject) Err() error { return o.err }

// value returns the named attribute and whether it is known and null. After
// an error every attribute reads as null.
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

// String reads a string attribute.
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

// Bool reads a bool attribute.
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

// Int64 reads a number attribute that holds a whole number.
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

// StringMap reads a map(string) attribute. Unknown elements are kept
// unknown, as the framework keeps them.
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
