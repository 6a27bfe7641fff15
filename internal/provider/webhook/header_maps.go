package webhook

import (
	"context"
	"slices"
	"sort"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Helpers for map(string) attributes (webhook headers).

// stringMap converts a map(string) value; null and unknown give nil.
func stringMap(ctx context.Context, m types.Map, diags *diag.Diagnostics) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := make(map[string]string, len(m.Elements()))
	diags.Append(m.ElementsAs(ctx, &out, false)...)
	return out
}

// nonEmptyValues are the values of m except empty ones: header values are
// secrets to redact and mask, and "" is none.
func nonEmptyValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return slices.DeleteFunc(out, func(v string) bool { return v == "" })
}

// sortedKeys are the keys of m in order (header names, safe to log).
func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
