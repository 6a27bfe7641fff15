// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"strings"
	"testing"
)

// A parser refuses what it cannot read with an error that shows the expected form, never panics, and what it
// accepts formats back to the same ID. Seeds: below and testdata/fuzz/<target>/.
func FuzzParseImportID(f *testing.F) {
	for _, s := range []string{
		"", "/", "//", "abc", "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
		"SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
		"signatorysigned/abc", "/abc", "abc/", "a/b/c", "a//b", " / ", "é/✓", "a\x00/b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		eventType, id, err := parseImportID(raw)
		if err != nil {
			if eventType != "" || id != "" {
				t.Fatalf("parseImportID(%q) failed (%v) but answered %q, %q", raw, err, eventType, id)
			}
			if !strings.Contains(err.Error(), "Expected "+importIDForm) {
				t.Fatalf("parseImportID(%q): the error %q does not show the expected form", raw, err)
			}
			return
		}
		if id == "" || strings.Contains(id, "/") || strings.Contains(eventType, "/") {
			t.Fatalf("parseImportID(%q) = %q, %q: an empty id or a / inside a part", raw, eventType, id)
		}
		formatted := id
		if eventType != "" {
			formatted = importID(eventType, id)
		}
		if formatted != raw {
			t.Fatalf("parseImportID(%q) = %q, %q, which formats to %q", raw, eventType, id, formatted)
		}
		e2, id2, err := parseImportID(formatted)
		if err != nil || e2 != eventType || id2 != id {
			t.Fatalf("%q does not parse again to the same parts: %q, %q, %v", formatted, e2, id2, err)
		}
	})
}
