// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"fmt"
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// Get reads a resource's state, plan or config into a model M, a struct whose fields are tagged tfsdk and hold their
// attribute's value type, as data.Get does, each attribute converted by its framework type, at a sixth of the cost:
// data.Get compiles a regexp per field per call (DESIGN.md, "Framework workarounds"). Errors go to diags.
func Get[M any, D tfsdk.State | tfsdk.Plan | tfsdk.Config](ctx context.Context, data D, diags *diag.Diagnostics) (m M) {
	// Each of State, Plan and Config is a Schema and a Raw value.
	d := reflect.ValueOf(data)
	schema := d.FieldByName("Schema").Interface().(interface{ Type() attr.Type })
	raw := d.FieldByName("Raw").Interface().(tftypes.Value)
	v, err := schema.Type().ValueFromTerraform(ctx, raw)
	object, _ := v.(basetypes.ObjectValue) // the zero value is null
	attrs := object.Attributes()
	model := reflect.ValueOf(&m).Elem()
	problem := ""
	switch {
	case err != nil || object.IsNull() || object.IsUnknown():
		problem = fmt.Sprintf("the value is not a known object (%v)", err)
	case len(attrs) != model.NumField():
		problem = fmt.Sprintf("%d attributes for %d fields", len(attrs), model.NumField())
	}
	for i := 0; i < model.NumField() && problem == ""; i++ {
		field := model.Type().Field(i)
		name := field.Tag.Get("tfsdk")
		value := reflect.ValueOf(attrs[name])
		if !value.IsValid() || value.Type() != field.Type {
			problem = fmt.Sprintf("field %s does not hold attribute %q", field.Name, name)
			continue
		}
		model.Field(i).Set(value)
	}
	if problem != "" {
		diags.AddError("Value Conversion Error", fmt.Sprintf("Reading into %T: %s. This is a bug in the provider.", m, problem))
	}
	return m
}
