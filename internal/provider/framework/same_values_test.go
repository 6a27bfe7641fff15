// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

type testModel struct {
	Name    types.String `tfsdk:"name"`
	Enabled types.Bool   `tfsdk:"enabled"`
	Count   types.Int64  `tfsdk:"count"`
	Headers types.Map    `tfsdk:"headers"`
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
