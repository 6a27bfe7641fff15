// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// terraform-plugin-testing does not expose warnings, so Delete's warning is
// asserted by calling Delete directly.
func TestEntryResourceDeleteWarns(t *testing.T) {
	ctx := t.Context()
	state := tfsdk.State{Schema: entrySchema, Raw: tftypes.NewValue(entrySchema.Type().TerraformType(ctx), nil)}
	if diags := state.Set(ctx, &entryModel{
		ID:          types.StringValue("Signatory/sig-1/employee_id"),
		EntityType:  types.StringValue("Signatory"),
		EntityID:    types.StringValue("sig-1"),
		Key:         types.StringValue("employee_id"),
		Value:       types.StringValue("E-7"),
		ReferenceID: types.StringValue("sr-1"),
	}); diags.HasError() {
		t.Fatal(diags)
	}

	resp := resource.DeleteResponse{State: state}
	(&entryResource{}).Delete(ctx, resource.DeleteRequest{State: state}, &resp)

	if resp.Diagnostics.HasError() {
		t.Fatalf("Delete failed: %v", resp.Diagnostics)
	}
	warnings := resp.Diagnostics.Warnings()
	if len(warnings) != 1 {
		t.Fatalf("want one warning, got %v", resp.Diagnostics)
	}
	if summary := warnings[0].Summary(); !strings.HasSuffix(summary, ": Signatory/sig-1/employee_id") {
		t.Errorf("the summary %q does not name the entry", summary)
	}
	detail := warnings[0].Detail()
	for _, want := range []string{`"employee_id"`, `Signatory "sig-1"`, "stays on the service"} {
		if !strings.Contains(detail, want) {
			t.Errorf("warning detail %q does not mention %s", detail, want)
		}
	}
}
