// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// That the resources' models read as with the framework's Get is checked in their packages (modelcheck). Here: what
// Get refuses, and the guard.
type getModel struct {
	Name    types.String `tfsdk:"name"`
	Count   types.Int64  `tfsdk:"count"`
	Headers types.Map    `tfsdk:"headers"`
}

var getSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"name":    schema.StringAttribute{Optional: true},
	"count":   schema.Int64Attribute{Optional: true},
	"headers": schema.MapAttribute{ElementType: types.StringType, Optional: true},
}}

var getType = getSchema.Type().TerraformType(context.Background())

var knownGetState = tfsdk.State{Schema: getSchema, Raw: tftypes.NewValue(getType, map[string]tftypes.Value{
	"name": tftypes.NewValue(tftypes.String, "a"), "count": tftypes.NewValue(tftypes.Number, 7),
	"headers": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, nil)})}

func TestGetRefusesAModelThatDoesNotMatch(t *testing.T) {
	ctx := context.Background()
	var diags [4]diag.Diagnostics
	Get[struct {
		Name types.String `tfsdk:"name"`
	}](ctx, knownGetState, &diags[0])
	Get[struct {
		Name    types.String  `tfsdk:"name"`
		Count   types.Float64 `tfsdk:"count"`
		Headers types.Map     `tfsdk:"headers"`
	}](ctx, knownGetState, &diags[1])
	Get[getModel](ctx, tfsdk.State{Schema: getSchema, Raw: tftypes.NewValue(getType, nil)}, &diags[2])
	if m := Get[getModel](ctx, knownGetState, &diags[3]); m.Name.ValueString() != "a" || m.Count.ValueInt64() != 7 || !m.Headers.IsNull() {
		t.Errorf("read %+v", m)
	}
	for i, want := range []string{"3 attributes for 1 fields", `field Count does not hold attribute "count"`, "not a known object", ""} {
		// "": no error.
		if got := fmt.Sprint(diags[i]); want == "" && diags[i].HasError() || !strings.Contains(got, want) {
			t.Errorf("case %d: %s, want an error saying %q", i, got, want)
		}
	}
}

// Get exists because the framework's Get compiles a regular expression for every field of the model on every call
// (v1.19.0: internal/reflect, isValidFieldName, called by getStructTags; terraform-plugin-framework#725). When this
// fails, a newer framework no longer does: Get can go, resources can read with data.Get (measure with make bench).
func TestFrameworkGetStillCompilesRegexpPerField(t *testing.T) {
	ctx := context.Background()
	var diags diag.Diagnostics
	perCompile := testing.AllocsPerRun(20, func() { regexp.MustCompile("^[a-z][a-z0-9_]*$") })
	framework := testing.AllocsPerRun(20, func() { _ = knownGetState.Get(ctx, &getModel{}) })
	ours := testing.AllocsPerRun(20, func() { _ = Get[getModel](ctx, knownGetState, &diags) })
	t.Logf("allocations per model of 3 fields: the framework's Get %.0f, ours %.0f; one regexp compilation %.0f", framework, ours, perCompile)
	if framework-ours < 3*perCompile {
		t.Errorf("the framework's Get allocates %.0f more than ours, less than one regexp compilation (%.0f) per field: "+
			"it no longer compiles a regexp per field on every call; framework.Get can go", framework-ours, perCompile)
	}
}
