// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A create through the floor: the schema as Terraform prints it, an unknown id planned, a value applied.
func TestFloorCreate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "schema.json")
	if err := os.WriteFile(path, []byte(`{"provider_schemas": {"registry.terraform.io/esign-oss/esign": {
		"provider": {"block": {"block_types": {"login": {"nesting_mode": "single", "block": {"attributes": {"user": {"type": "string", "optional": true}}}}}}},
		"resource_schemas": {"esign_thing": {"version": 1, "block": {"attributes": {
			"id": {"type": "string", "computed": true},
			"tags": {"type": ["set", "string"], "optional": true, "description": "d", "description_kind": "markdown"},
			"items": {"computed": true, "nested_type": {"nesting_mode": "list", "attributes": {"n": {"type": "number", "computed": true}}}}}}}}}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := load(path)
	if err != nil {
		t.Fatal(err)
	}
	items := tftypes.List{ElementType: tftypes.Object{AttributeTypes: map[string]tftypes.Type{"n": tftypes.Number}}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"id": tftypes.String, "tags": tftypes.Set{ElementType: tftypes.String}, "items": items}}
	if got := f.schemas.ResourceSchemas["esign_thing"]; got.Version != 1 || !got.ValueType().Equal(typ) || len(f.schemas.Provider.Block.BlockTypes) != 1 {
		t.Fatalf("schemas: %+v", f.schemas)
	}
	dv := func(v tftypes.Value) *tfprotov6.DynamicValue {
		d, err := tfprotov6.NewDynamicValue(typ, v)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	proposed := tftypes.NewValue(typ, map[string]tftypes.Value{"id": tftypes.NewValue(tftypes.String, nil),
		"tags": tftypes.NewValue(typ.AttributeTypes["tags"], nil), "items": tftypes.NewValue(items, nil)})
	plan, err := f.PlanResourceChange(t.Context(), &tfprotov6.PlanResourceChangeRequest{TypeName: "esign_thing",
		PriorState: dv(tftypes.NewValue(typ, nil)), ProposedNewState: dv(proposed)})
	if err != nil {
		t.Fatal(err)
	}
	applied, err := f.ApplyResourceChange(t.Context(), &tfprotov6.ApplyResourceChangeRequest{TypeName: "esign_thing", PlannedState: plan.PlannedState})
	if err != nil {
		t.Fatal(err)
	}
	planned, _ := plan.PlannedState.Unmarshal(typ)
	state, _ := applied.NewState.Unmarshal(typ)
	var attrs map[string]tftypes.Value
	var id string
	if planned.IsFullyKnown() || !state.IsFullyKnown() || state.As(&attrs) != nil || attrs["id"].As(&id) != nil || id == "" {
		t.Fatalf("planned %s, applied %s", planned, state)
	}
}

// providers finds the children of a process, here this test's: the peak RSS and the CPU seconds of a busy one.
func TestProvidersMeasuresChildren(t *testing.T) {
	busy := exec.CommandContext(t.Context(), "sh", "-c", "while :; do :; done")
	if err := busy.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = busy.Process.Kill(); _ = busy.Wait() }()
	cpu, pid, rss := map[string]float64{}, strconv.Itoa(busy.Process.Pid), 0.0
	for deadline := time.Now().Add(10 * time.Second); cpu[pid] < 0.1 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		rss = max(rss, providers(os.Getpid(), cpu))
	}
	if cpu[pid] < 0.1 || rss < 1e5 {
		t.Errorf("a busy child: CPU %.2f s after 10 s, want 0.1 or more (recorded: %v); peak RSS %.0f bytes", cpu[pid], cpu, rss)
	}
}
