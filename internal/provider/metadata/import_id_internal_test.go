// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"strings"
	"testing"
)

func TestParseEntryID(t *testing.T) {
	for id, want := range map[string][3]string{
		"SignatureRequest/sr-1/k":   {"SignatureRequest", "sr-1", "k"},
		"signaturerequest/sr-1/k":   {"SignatureRequest", "sr-1", "k"},
		"SIGNATORY/a/b/c/key":       {"Signatory", "a/b/c", "key"},
		"document/ d o c /k e y %✓": {"Document", " d o c ", "k e y %✓"},
		"signatory/sig/k/../more":   {"Signatory", "sig/k/..", "more"},
	} {
		gotType, gotID, gotKey, err := parseEntryID(id)
		if err != nil || [3]string{gotType, gotID, gotKey} != want {
			t.Errorf("parseEntryID(%q) = %q, %q, %q, %v; want %q", id, gotType, gotID, gotKey, err, want)
		}
		if err == nil && entryID(gotType, gotID, gotKey) != want[0]+"/"+want[1]+"/"+want[2] {
			t.Errorf("entryID does not round-trip %q", id)
		}
	}
	for id, problem := range map[string]string{
		"":              "it does not have three parts",
		"x":             "it does not have three parts",
		"a/b":           "it does not have three parts",
		"Nope/a/b":      `the entity type must be one of SignatureRequest, Signatory, Document (in any case), got "Nope"`,
		"/a/b":          `the entity type must be one of SignatureRequest, Signatory, Document (in any case), got ""`,
		"Document//k":   "it has an empty or invalid entity_id",
		"Document/./k":  "it has an empty or invalid entity_id",
		"Document/a/":   "it has an empty or invalid key",
		"Document/a/.":  "it has an empty or invalid key",
		"Document/a/..": "it has an empty or invalid key",
	} {
		_, _, _, err := parseEntryID(id)
		if err == nil || !strings.HasPrefix(err.Error(), problem) || !strings.HasSuffix(err.Error(), ". Expected "+entryIDForm) {
			t.Errorf("parseEntryID(%q): %v, want %q and the expected form", id, err, problem)
		}
	}
}
