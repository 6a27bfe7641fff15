// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// testSchema has an attribute for each modifier to act on, and the ones they read.
var testSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":           schema.StringAttribute{Computed: true},
	"name":         schema.StringAttribute{Required: true},
	"entity_type":  schema.StringAttribute{Required: true},
	"entity_id":    schema.StringAttribute{Required: true},
	"reference_id": schema.StringAttribute{Optional: true, Computed: true},
	"headers":      schema.MapAttribute{Optional: true, ElementType: types.StringType},
	"version":      schema.Int64Attribute{Optional: true},
}}

// object is a value of testSchema: the given attributes, the others null.
// values nil is the null object (no state: a create; no plan: a destroy).
func object(t *testing.T, values map[string]tftypes.Value) tftypes.Value {
	t.Helper()
	typ := testSchema.Type().TerraformType(context.Background()).(tftypes.Object)
	if values == nil {
		return tftypes.NewValue(typ, nil)
	}
	all := map[string]tftypes.Value{}
	for name, attrType := range typ.AttributeTypes {
		all[name] = tftypes.NewValue(attrType, nil)
		if v, ok := values[name]; ok {
			all[name] = v
		}
	}
	return tftypes.NewValue(typ, all)
}

func str(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }

var unknownString = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)

func TestRequiresReplaceUnlessSameCanonical(t *testing.T) {
	for _, tc := range []struct {
		name         string
		state, plan  tftypes.Value
		wantReplaced bool
	}{
		{"case only", str("SignatureRequestCompleted"), str("signaturerequestcompleted"), false},
		{"same", str("signatorysigned"), str("signatorysigned"), false},
		{"another name", str("signatorysigned"), str("signaturerequestcompleted"), true},
		{"unknown", str("signatorysigned"), unknownString, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := tfsdk.State{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"name": tc.state})}
			plan := tfsdk.Plan{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"name": tc.plan})}
			req := planmodifier.StringRequest{Path: path.Root("name"), State: state, Plan: plan}
			req.StateValue = stringAt(t, state.GetAttribute, "name")
			req.PlanValue = stringAt(t, plan.GetAttribute, "name")
			req.ConfigValue = req.PlanValue
			resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
			RequiresReplaceUnlessSameCanonical(client.CanonicalEventType).PlanModifyString(t.Context(), req, resp)
			if resp.RequiresReplace != tc.wantReplaced {
				t.Errorf("%s -> %s: RequiresReplace = %t", tc.state, tc.plan, resp.RequiresReplace)
			}
		})
	}
}

func stringAt(t *testing.T, get func(context.Context, path.Path, any) diag.Diagnostics, name string) types.String {
	t.Helper()
	var v types.String
	if diags := get(t.Context(), path.Root(name), &v); diags.HasError() {
		t.Fatal(diags)
	}
	return v
}

func TestReferenceIDDefault(t *testing.T) {
	for _, tc := range []struct {
		name               string
		entityType, config tftypes.Value
		state              tftypes.Value // reference_id in the prior state
		want               types.String
	}{
		{"signature request: its own id", str("SignatureRequest"), str(""), str(""), types.StringValue("sr-1")},
		{"signature request in another case", str("signaturerequest"), str(""), str(""), types.StringValue("sr-1")},
		{"configured wins", str("SignatureRequest"), str("sr-9"), str(""), types.StringValue("sr-9")},
		{"signatory keeps the state", str("Signatory"), str(""), str("sr-2"), types.StringValue("sr-2")},
		{"new signatory: none", str("Signatory"), str(""), str(""), types.StringNull()},
		{"entity type unknown", unknownString, str(""), str("sr-2"), types.StringUnknown()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orNull := func(v tftypes.Value) tftypes.Value {
				if v.Equal(str("")) {
					return tftypes.NewValue(tftypes.String, nil)
				}
				return v
			}
			plan := tfsdk.Plan{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{
				"entity_type": tc.entityType, "entity_id": str("sr-1"), "reference_id": unknownString,
			})}
			req := planmodifier.StringRequest{Path: path.Root("reference_id"), Plan: plan}
			config := tfsdk.Config{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"reference_id": orNull(tc.config)})}
			state := tfsdk.State{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"reference_id": orNull(tc.state)})}
			req.ConfigValue = stringAt(t, config.GetAttribute, "reference_id")
			req.StateValue = stringAt(t, state.GetAttribute, "reference_id")
			req.PlanValue = types.StringUnknown()
			if !req.ConfigValue.IsNull() {
				req.PlanValue = req.ConfigValue
			}
			resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
			ReferenceIDDefault().PlanModifyString(t.Context(), req, resp)
			if resp.Diagnostics.HasError() || !resp.PlanValue.Equal(tc.want) {
				t.Errorf("planned %s (%v), want %s", resp.PlanValue, resp.Diagnostics, tc.want)
			}
		})
	}
}

// adoption is an Adoption that answers allow, and records what it was asked.
type adoption struct {
	allow bool
	asked []AdoptionRequest
}

func (a *adoption) adopt(_ context.Context, req AdoptionRequest, diags *diag.Diagnostics) bool {
	a.asked = append(a.asked, req)
	if a.allow {
		diags.AddWarning("adopted", req.Path.String())
	}
	return a.allow
}

func TestRequiresReplaceUnlessAdopted(t *testing.T) {
	headers := func(v string) tftypes.Value {
		return tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"X-Key": str(v)})
	}
	noHeaders := tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, nil)
	for _, tc := range []struct {
		name         string
		state        map[string]tftypes.Value // nil: a create
		plan         tftypes.Value
		allow        bool
		wantReplaced bool
		wantAsked    bool
		wantWarnings int
	}{
		{"create", nil, headers("a"), true, false, false, 0},
		{"unchanged", map[string]tftypes.Value{"headers": headers("a")}, headers("a"), false, false, false, 0},
		{"changed", map[string]tftypes.Value{"headers": headers("a")}, headers("b"), true, true, false, 0},
		{"removed", map[string]tftypes.Value{"headers": headers("a")}, noHeaders, true, true, false, 0},
		{"added, adoption open", map[string]tftypes.Value{"id": str("sub-1")}, headers("a"), true, false, true, 1},
		{"added, adoption closed", map[string]tftypes.Value{"id": str("sub-1")}, headers("a"), false, true, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &adoption{allow: tc.allow}
			state := tfsdk.State{Schema: testSchema, Raw: object(t, tc.state)}
			plan := tfsdk.Plan{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"headers": tc.plan})}
			req := planmodifier.MapRequest{Path: path.Root("headers"), State: state, Plan: plan}
			req.StateValue = types.MapNull(types.StringType)
			if diags := state.GetAttribute(t.Context(), path.Root("headers"), &req.StateValue); diags.HasError() {
				t.Fatal(diags)
			}
			if diags := plan.GetAttribute(t.Context(), path.Root("headers"), &req.PlanValue); diags.HasError() {
				t.Fatal(diags)
			}
			resp := &planmodifier.MapResponse{PlanValue: req.PlanValue}
			RequiresReplaceUnlessAdopted(a.adopt).PlanModifyMap(t.Context(), req, resp)
			if resp.RequiresReplace != tc.wantReplaced || (len(a.asked) > 0) != tc.wantAsked || resp.Diagnostics.WarningsCount() != tc.wantWarnings {
				t.Errorf("RequiresReplace = %t, asked %d times, %d warnings; want %t, asked %t, %d warnings",
					resp.RequiresReplace, len(a.asked), resp.Diagnostics.WarningsCount(), tc.wantReplaced, tc.wantAsked, tc.wantWarnings)
			}
			if tc.wantAsked && (len(a.asked) != 1 || !a.asked[0].Path.Equal(path.Root("headers")) || !a.asked[0].State.Raw.Equal(state.Raw)) {
				t.Errorf("asked %+v, want the headers path and the prior state", a.asked)
			}
		})
	}

	// headers_wo_version (a number) follows the same rule.
	a := &adoption{allow: true}
	req := planmodifier.Int64Request{
		Path:       path.Root("version"),
		State:      tfsdk.State{Schema: testSchema, Raw: object(t, map[string]tftypes.Value{"id": str("sub-1")})},
		StateValue: types.Int64Null(),
		PlanValue:  types.Int64Value(2),
	}
	resp := &planmodifier.Int64Response{PlanValue: req.PlanValue}
	RequiresReplaceUnlessAdopted(a.adopt).PlanModifyInt64(t.Context(), req, resp)
	if resp.RequiresReplace || len(a.asked) != 1 {
		t.Errorf("version adopted: RequiresReplace = %t, asked %d times", resp.RequiresReplace, len(a.asked))
	}
	a.allow = false
	RequiresReplaceUnlessAdopted(a.adopt).PlanModifyInt64(t.Context(), req, resp)
	if !resp.RequiresReplace {
		t.Error("version not adopted: no replacement")
	}
}

// A set of names replaces the resource when it changes other than in the case of its names.
func TestSetRequiresReplaceUnlessSameCanonical(t *testing.T) {
	set := func(names ...string) types.Set {
		values := make([]attr.Value, 0, len(names))
		for _, n := range names {
			values = append(values, types.StringValue(n))
		}
		return types.SetValueMust(types.StringType, values)
	}
	for _, tc := range []struct {
		name         string
		state, plan  types.Set
		wantReplaced bool
	}{
		{"case only", set("SignatorySigned", "SignatureRequestCompleted"), set("signaturerequestcompleted", "signatorysigned"), false},
		{"another name", set("signatorysigned"), set("signaturerequestcompleted"), true},
		{"one more", set("signatorysigned"), set("signatorysigned", "signaturerequestcompleted"), true},
		{"from every type to one", types.SetNull(types.StringType), set("signatorysigned"), true},
		{"unknown", set("signatorysigned"), types.SetUnknown(types.StringType), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := planmodifier.SetRequest{
				StateValue: tc.state, PlanValue: tc.plan, ConfigValue: tc.plan,
				State: tfsdk.State{Raw: object(t, map[string]tftypes.Value{})},
				Plan:  tfsdk.Plan{Raw: object(t, map[string]tftypes.Value{})},
			}
			resp := &planmodifier.SetResponse{PlanValue: tc.plan}
			SetRequiresReplaceUnlessSameCanonical(client.CanonicalEventType).PlanModifySet(context.Background(), req, resp)
			if resp.RequiresReplace != tc.wantReplaced {
				t.Errorf("RequiresReplace = %v, want %v", resp.RequiresReplace, tc.wantReplaced)
			}
		})
	}
}
