// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// Each floor resource has the attributes of the esign resource of the same
// name: the floor is only a fair anchor if Terraform handles the same values.
// The exclusive resource is compared once the esign provider serves it.
func TestResourcesMirrorTheProvider(t *testing.T) {
	resp, err := server.New("test").GetProviderSchema(t.Context(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range resources {
		esignName := "esign_" + strings.TrimPrefix(name, "floor_")
		esign, ok := resp.ResourceSchemas[esignName]
		if !ok && strings.HasSuffix(name, "_exclusive") {
			t.Logf("the esign provider has no %s (yet): %s not compared", esignName, name)
			continue
		}
		if !ok {
			t.Fatalf("the esign provider has no %s", esignName)
		}
		t.Logf("%s has the attributes of %s", name, esignName)
		if got, want := shape(r.schema), shape(esign); got != want {
			t.Errorf("%s:\n%s\nwant, as %s:\n%s", name, got, esignName, want)
		}
	}
}

// shape is a schema's attributes as the protocol sees them, without
// descriptions.
func shape(s *tfprotov6.Schema) string {
	var lines []string
	var walk func(prefix string, attrs []*tfprotov6.SchemaAttribute)
	walk = func(prefix string, attrs []*tfprotov6.SchemaAttribute) {
		for _, a := range attrs {
			lines = append(lines, strings.Join([]string{prefix + a.Name, a.ValueType().String(),
				flag("required", a.Required), flag("optional", a.Optional), flag("computed", a.Computed),
				flag("sensitive", a.Sensitive), flag("write-only", a.WriteOnly)}, " "))
			if a.NestedType != nil {
				walk(prefix+a.Name+".", a.NestedType.Attributes)
			}
		}
	}
	walk("", s.Block.Attributes)
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func flag(name string, on bool) string {
	if on {
		return name
	}
	return "-"
}

func dynamic(t *testing.T, typ tftypes.Type, v tftypes.Value) *tfprotov6.DynamicValue {
	t.Helper()
	dv, err := tfprotov6.NewDynamicValue(typ, v)
	if err != nil {
		t.Fatal(err)
	}
	return &dv
}

func attrs(t *testing.T, typ tftypes.Type, dv *tfprotov6.DynamicValue) map[string]tftypes.Value {
	t.Helper()
	v, err := dv.Unmarshal(typ)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]tftypes.Value
	if err := v.As(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A subscription as its configuration has it: id and headers null.
func configured(r resourceType) map[string]tftypes.Value {
	m := map[string]tftypes.Value{}
	for name, typ := range r.typ.AttributeTypes {
		m[name] = tftypes.NewValue(typ, nil)
	}
	m["event_type"] = tftypes.NewValue(tftypes.String, "signatorysigned")
	m["uri"] = tftypes.NewValue(tftypes.String, "https://hooks.example.com/1")
	return m
}

// Create: the plan makes the unset computed attributes unknown, the apply
// derives the id from the attributes and leaves the rest null; the next
// plan and a read answer what they are given.
func TestCreateThenPlanAgain(t *testing.T) {
	ctx := t.Context()
	const name = "floor_webhook_subscription"
	r := resources[name]
	null := dynamic(t, r.typ, tftypes.NewValue(r.typ, nil))
	proposed := dynamic(t, r.typ, tftypes.NewValue(r.typ, configured(r)))

	plan, err := provider{}.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: name, PriorState: null, ProposedNewState: proposed})
	if err != nil {
		t.Fatal(err)
	}
	planned := attrs(t, r.typ, plan.PlannedState)
	for attr, known := range map[string]bool{"id": false, "description": false, "event_type": true, "headers": true, "headers_wo_version": true} {
		if planned[attr].IsKnown() != known {
			t.Errorf("planned %s = %s; known should be %t", attr, planned[attr], known)
		}
	}

	ids := map[string]bool{}
	var state *tfprotov6.DynamicValue
	for range 2 {
		applied, err := provider{}.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: name, PlannedState: plan.PlannedState})
		if err != nil {
			t.Fatal(err)
		}
		got := attrs(t, r.typ, applied.NewState)
		var id string
		if err := got["id"].As(&id); err != nil || len(id) != 16 {
			t.Fatalf("id = %s (%v), want 16 hex digits", got["id"], err)
		}
		ids[id] = true
		if !got["description"].IsNull() || !got["uri"].Equal(planned["uri"]) {
			t.Errorf("applied description %s, uri %s", got["description"], got["uri"])
		}
		state = applied.NewState
	}
	if len(ids) != 1 {
		t.Errorf("two applies of one plan made ids %v", ids)
	}

	again, err := provider{}.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: name, PriorState: state, ProposedNewState: state})
	if err != nil || again.PlannedState != state {
		t.Errorf("a plan without changes answers %v, %v; want the proposal itself", again, err)
	}
	read, err := provider{}.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: name, CurrentState: state, Private: []byte("p")})
	if err != nil || read.NewState != state || string(read.Private) != "p" {
		t.Errorf("read answers %v, %v; want the current state and private data", read, err)
	}
}

// The state as Terraform stores it decodes into the same values.
func TestUpgradeResourceState(t *testing.T) {
	const name = "floor_webhook_subscription"
	r := resources[name]
	stored := `{"id":"0123456789abcdef","event_type":"signatorysigned","uri":"https://hooks.example.com/1",` +
		`"description":"","headers":null,"headers_wo":null,"headers_wo_version":null}`
	resp, err := provider{}.UpgradeResourceState(t.Context(), &tfprotov6.UpgradeResourceStateRequest{
		TypeName: name, RawState: &tfprotov6.RawState{JSON: []byte(stored)}})
	if err != nil {
		t.Fatal(err)
	}
	got := attrs(t, r.typ, resp.UpgradedState)
	if !got["id"].Equal(tftypes.NewValue(tftypes.String, "0123456789abcdef")) || !got["headers"].IsNull() {
		t.Errorf("upgraded state %v", got)
	}
}

// A resource type the floor does not have is an error, not a panic.
func TestUnknownResourceType(t *testing.T) {
	if _, err := (provider{}).PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: "floor_nothing"}); err == nil {
		t.Error("planned a resource the floor does not have")
	}
}
