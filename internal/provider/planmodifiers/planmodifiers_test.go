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

// testSchema has the attributes ReferenceIDDefault reads.
var testSchema = schema.Schema{Attributes: map[string]schema.Attribute{
	"id":           schema.StringAttribute{Computed: true},
	"entity_type":  schema.StringAttribute{Required: true},
	"entity_id":    schema.StringAttribute{Required: true},
	"reference_id": schema.StringAttribute{Optional: true, Computed: true},
}}

// object is a value of testSchema: the given attributes, the others null.
// values nil is the null object (no state: a create; no plan: a destroy).
func object(values map[string]tftypes.Value) tftypes.Value {
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

var (
	unknownString = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)
	// prior and planned stand for an update: neither object is null.
	prior   = tfsdk.State{Schema: testSchema, Raw: object(map[string]tftypes.Value{"id": str("sub-1")})}
	planned = tfsdk.Plan{Schema: testSchema, Raw: object(map[string]tftypes.Value{})}
)

// A name, or a set of names, replaces the resource when it changes other than in case.
func TestRequiresReplaceUnlessSameCanonical(t *testing.T) {
	for _, tc := range []struct {
		state, plan  types.String
		wantReplaced bool
	}{
		{types.StringValue("SignatureRequestCompleted"), types.StringValue("signaturerequestcompleted"), false},
		{types.StringValue("signatorysigned"), types.StringValue("signatorysigned"), false},
		{types.StringValue("signatorysigned"), types.StringValue("signaturerequestcompleted"), true},
		{types.StringValue("signatorysigned"), types.StringUnknown(), true},
		{types.StringValue(""), types.StringUnknown(), true}, // an unknown value reads as ""
	} {
		req := planmodifier.StringRequest{State: prior, Plan: planned, StateValue: tc.state, PlanValue: tc.plan, ConfigValue: tc.plan}
		resp := &planmodifier.StringResponse{PlanValue: req.PlanValue}
		RequiresReplaceUnlessSameCanonical(client.CanonicalEventType).PlanModifyString(t.Context(), req, resp)
		if resp.RequiresReplace != tc.wantReplaced {
			t.Errorf("%s -> %s: RequiresReplace = %t", tc.state, tc.plan, resp.RequiresReplace)
		}
	}

	set := func(names ...string) types.Set {
		values := make([]attr.Value, 0, len(names))
		for _, n := range names {
			values = append(values, types.StringValue(n))
		}
		return types.SetValueMust(types.StringType, values)
	}
	for _, tc := range []struct {
		state, plan  types.Set
		wantReplaced bool
	}{
		{set("SignatorySigned", "SignatureRequestCompleted"), set("signaturerequestcompleted", "signatorysigned"), false},
		{set("signatorysigned"), set("signaturerequestcompleted"), true},
		{set("signatorysigned"), set("signatorysigned", "signaturerequestcompleted"), true},
		{types.SetNull(types.StringType), set("signatorysigned"), true}, // from every type to one
		{set("signatorysigned"), types.SetUnknown(types.StringType), true},
	} {
		req := planmodifier.SetRequest{State: prior, Plan: planned, StateValue: tc.state, PlanValue: tc.plan, ConfigValue: tc.plan}
		resp := &planmodifier.SetResponse{PlanValue: tc.plan}
		SetRequiresReplaceUnlessSameCanonical(client.CanonicalEventType).PlanModifySet(t.Context(), req, resp)
		if resp.RequiresReplace != tc.wantReplaced {
			t.Errorf("%s -> %s: RequiresReplace = %t", tc.state, tc.plan, resp.RequiresReplace)
		}
	}
}

func TestReferenceIDDefault(t *testing.T) {
	none := types.StringNull()
	for _, tc := range []struct {
		name          string
		entityType    tftypes.Value
		config, state types.String // reference_id configured, and in the prior state
		want          types.String
	}{
		{"signature request: its own id", str("SignatureRequest"), none, none, types.StringValue("sr-1")},
		{"signature request in another case", str("signaturerequest"), none, none, types.StringValue("sr-1")},
		{"configured wins", str("SignatureRequest"), types.StringValue("sr-9"), none, types.StringValue("sr-9")},
		{"signatory keeps the state", str("Signatory"), none, types.StringValue("sr-2"), types.StringValue("sr-2")},
		{"new signatory: none", str("Signatory"), none, none, types.StringNull()},
		{"entity type unknown", unknownString, none, types.StringValue("sr-2"), types.StringUnknown()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := tfsdk.Plan{Schema: testSchema, Raw: object(map[string]tftypes.Value{
				"entity_type": tc.entityType, "entity_id": str("sr-1"), "reference_id": unknownString,
			})}
			req := planmodifier.StringRequest{Path: path.Root("reference_id"), Plan: plan, ConfigValue: tc.config, StateValue: tc.state,
				PlanValue: types.StringUnknown()}
			if !tc.config.IsNull() {
				req.PlanValue = tc.config
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
	headers := func(v string) types.Map {
		return types.MapValueMust(types.StringType, map[string]attr.Value{"X-Key": types.StringValue(v)})
	}
	noHeaders := types.MapNull(types.StringType)
	create := tfsdk.State{Schema: testSchema, Raw: object(nil)}
	for _, tc := range []struct {
		name         string
		state        tfsdk.State
		stateValue   types.Map
		plan         types.Map
		allow        bool
		wantReplaced bool
		wantAsked    bool
		wantWarnings int
	}{
		{"create", create, noHeaders, headers("a"), true, false, false, 0},
		{"unchanged", prior, headers("a"), headers("a"), false, false, false, 0},
		{"changed", prior, headers("a"), headers("b"), true, true, false, 0},
		{"removed", prior, headers("a"), noHeaders, true, true, false, 0},
		{"added, adoption open", prior, noHeaders, headers("a"), true, false, true, 1},
		{"added, adoption closed", prior, noHeaders, headers("a"), false, true, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &adoption{allow: tc.allow}
			req := planmodifier.MapRequest{Path: path.Root("headers"), State: tc.state, StateValue: tc.stateValue, PlanValue: tc.plan}
			resp := &planmodifier.MapResponse{PlanValue: req.PlanValue}
			RequiresReplaceUnlessAdopted(a.adopt).PlanModifyMap(t.Context(), req, resp)
			if resp.RequiresReplace != tc.wantReplaced || (len(a.asked) > 0) != tc.wantAsked || resp.Diagnostics.WarningsCount() != tc.wantWarnings {
				t.Errorf("RequiresReplace = %t, asked %d times, %d warnings; want %t, asked %t, %d warnings",
					resp.RequiresReplace, len(a.asked), resp.Diagnostics.WarningsCount(), tc.wantReplaced, tc.wantAsked, tc.wantWarnings)
			}
			if tc.wantAsked && (len(a.asked) != 1 || !a.asked[0].Path.Equal(path.Root("headers")) || !a.asked[0].State.Raw.Equal(prior.Raw)) {
				t.Errorf("asked %+v, want the headers path and the prior state", a.asked)
			}
		})
	}

	// headers_wo_version (a number) follows the same rule.
	a := &adoption{allow: true}
	req := planmodifier.Int64Request{Path: path.Root("version"), State: prior, StateValue: types.Int64Null(), PlanValue: types.Int64Value(2)}
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
