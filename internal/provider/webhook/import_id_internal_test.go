// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"testing"
)

func TestParseImportID(t *testing.T) {
	for in, want := range map[string][2]string{
		"abc":                           {"", "abc"},
		"SignatureRequestCompleted/abc": {"SignatureRequestCompleted", "abc"},
	} {
		eventType, id, err := parseImportID(in)
		if err != nil || [2]string{eventType, id} != want {
			t.Errorf("parseImportID(%q) = %q, %q, %v; want %q", in, eventType, id, err, want)
		}
	}
	for in, problem := range map[string]string{
		"":      "its event type or id is empty",
		"/abc":  "its event type or id is empty",
		"abc/":  "its event type or id is empty",
		"a/b/c": "it has more than two parts separated by /",
	} {
		_, _, err := parseImportID(in)
		if err == nil || err.Error() != problem+". Expected "+importIDForm {
			t.Errorf("parseImportID(%q): %v, want %q and the expected form", in, err, problem)
		}
	}
}
