// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"slices"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// A parser refuses what it cannot read with an error that shows the expected form, never panics, and what it
// accepts formats back to the same ID. Seeds: below and testdata/fuzz/<target>/.
func FuzzParseEntryID(f *testing.F) {
	seeds := []string{
		"", "x", "a/b", "//", "///", "Nope/a/b",
		"SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number",
		"signaturerequest/sr-1/k", "SIGNATORY/a/b/c/key", "document/ d o c /k e y %✓",
		"Document//k", "Document/a/", "Document/./k", "Document/a/.", "Document/../..", "Document/a%2Fb/k",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		entityType, entityID, key, err := parseEntryID(raw)
		if err != nil {
			if entityType != "" || entityID != "" || key != "" {
				t.Fatalf("parseEntryID(%q) failed (%v) but answered %q, %q, %q", raw, err, entityType, entityID, key)
			}
			if !strings.Contains(err.Error(), "Expected "+entryIDForm) {
				t.Fatalf("parseEntryID(%q): the error %q does not show the expected form", raw, err)
			}
			return
		}
		switch {
		case !slices.Contains(client.EntityTypes, entityType):
			t.Fatalf("parseEntryID(%q): entity type %q is not canonical", raw, entityType)
		case entityID == "" || entityID == "." || entityID == "..":
			t.Fatalf("parseEntryID(%q): entity id %q cannot be a path segment", raw, entityID)
		case key == "" || key == "." || key == ".." || strings.Contains(key, "/"):
			t.Fatalf("parseEntryID(%q): key %q cannot be the last path segment", raw, key)
		}
		// The ID formats back to the same text, but for the spelling of the entity type, which is normalised.
		formatted := entryID(entityType, entityID, key)
		rawType, rawRest, _ := strings.Cut(raw, "/")
		_, formattedRest, _ := strings.Cut(formatted, "/")
		if !strings.EqualFold(rawType, entityType) || rawRest != formattedRest {
			t.Fatalf("parseEntryID(%q) = %q, %q, %q, which formats to %q", raw, entityType, entityID, key, formatted)
		}
		e2, id2, k2, err := parseEntryID(formatted)
		if err != nil || e2 != entityType || id2 != entityID || k2 != key {
			t.Fatalf("%q does not parse again to the same parts: %q, %q, %q, %v", formatted, e2, id2, k2, err)
		}
	})
}
