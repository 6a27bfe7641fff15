package provider

import (
	"slices"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// Import IDs are typed by people and scripts: the parsers must refuse what
// they cannot read with an error that shows the expected form, never panic,
// and what they accept must format back to the same ID.
//
// Seeds: the f.Add calls below and testdata/fuzz/<target>/ (edge cases
// worth keeping). scripts/fuzz.sh runs each target for a bounded time.

func FuzzParseWebhookImportID(f *testing.F) {
	for _, s := range []string{
		"", "/", "//", "abc", "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
		"SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
		"signatorysigned/abc", "/abc", "abc/", "a/b/c", "a//b", " / ", "é/✓", "a\x00/b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		eventType, id, err := parseWebhookImportID(raw)
		if err != nil {
			if eventType != "" || id != "" {
				t.Fatalf("parseWebhookImportID(%q) failed (%v) but answered %q, %q", raw, err, eventType, id)
			}
			if !strings.Contains(err.Error(), "Expected "+webhookImportIDForm) {
				t.Fatalf("parseWebhookImportID(%q): the error %q does not show the expected form", raw, err)
			}
			return
		}
		if id == "" || strings.Contains(id, "/") || strings.Contains(eventType, "/") {
			t.Fatalf("parseWebhookImportID(%q) = %q, %q: an empty id or a / inside a part", raw, eventType, id)
		}
		formatted := id
		if eventType != "" {
			formatted = webhookImportID(eventType, id)
		}
		if formatted != raw {
			t.Fatalf("parseWebhookImportID(%q) = %q, %q, which formats to %q", raw, eventType, id, formatted)
		}
		e2, id2, err := parseWebhookImportID(formatted)
		if err != nil || e2 != eventType || id2 != id {
			t.Fatalf("%q does not parse again to the same parts: %q, %q, %v", formatted, e2, id2, err)
		}
	})
}

func FuzzParseMetadataEntryID(f *testing.F) {
	for _, s := range []string{
		"", "x", "a/b", "//", "///", "Nope/a/b",
		"SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number",
		"signaturerequest/sr-1/k", "SIGNATORY/a/b/c/key", "document/ d o c /k e y %✓",
		"Document//k", "Document/a/", "Document/./k", "Document/a/.", "Document/../..", "Document/a%2Fb/k",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		entityType, entityID, key, err := parseMetadataEntryID(raw)
		if err != nil {
			if entityType != "" || entityID != "" || key != "" {
				t.Fatalf("parseMetadataEntryID(%q) failed (%v) but answered %q, %q, %q", raw, err, entityType, entityID, key)
			}
			if !strings.Contains(err.Error(), "Expected "+metadataEntryImportIDForm) {
				t.Fatalf("parseMetadataEntryID(%q): the error %q does not show the expected form", raw, err)
			}
			return
		}
		switch {
		case !slices.Contains(client.EntityTypes, entityType):
			t.Fatalf("parseMetadataEntryID(%q): entity type %q is not canonical", raw, entityType)
		case entityID == "" || entityID == "." || entityID == "..":
			t.Fatalf("parseMetadataEntryID(%q): entity id %q cannot be a path segment", raw, entityID)
		case key == "" || key == "." || key == ".." || strings.Contains(key, "/"):
			t.Fatalf("parseMetadataEntryID(%q): key %q cannot be the last path segment", raw, key)
		}
		// The ID formats back to the same text, but for the spelling of
		// the entity type, which is normalised.
		formatted := metadataEntryID(entityType, entityID, key)
		rawType, rawRest, _ := strings.Cut(raw, "/")
		_, formattedRest, _ := strings.Cut(formatted, "/")
		if !strings.EqualFold(rawType, entityType) || rawRest != formattedRest {
			t.Fatalf("parseMetadataEntryID(%q) = %q, %q, %q, which formats to %q", raw, entityType, entityID, key, formatted)
		}
		e2, id2, k2, err := parseMetadataEntryID(formatted)
		if err != nil || e2 != entityType || id2 != entityID || k2 != key {
			t.Fatalf("%q does not parse again to the same parts: %q, %q, %q, %v", formatted, e2, id2, k2, err)
		}
	})
}
