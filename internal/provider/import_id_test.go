package provider

import (
	"strings"
	"testing"
)

func TestParseWebhookImportID(t *testing.T) {
	for in, want := range map[string][2]string{
		"abc":                           {"", "abc"},
		"SignatureRequestCompleted/abc": {"SignatureRequestCompleted", "abc"},
	} {
		eventType, id, err := parseWebhookImportID(in)
		if err != nil || [2]string{eventType, id} != want {
			t.Errorf("parseWebhookImportID(%q) = %q, %q, %v; want %q", in, eventType, id, err, want)
		}
	}
	for in, problem := range map[string]string{
		"":      "its event type or id is empty",
		"/abc":  "its event type or id is empty",
		"abc/":  "its event type or id is empty",
		"a/b/c": "it has more than two parts separated by /",
	} {
		_, _, err := parseWebhookImportID(in)
		if err == nil || err.Error() != problem+". Expected "+webhookImportIDForm {
			t.Errorf("parseWebhookImportID(%q): %v, want %q and the expected form", in, err, problem)
		}
	}
}

func TestParseMetadataEntryID(t *testing.T) {
	for id, want := range map[string][3]string{
		"SignatureRequest/sr-1/k":   {"SignatureRequest", "sr-1", "k"},
		"signaturerequest/sr-1/k":   {"SignatureRequest", "sr-1", "k"},
		"SIGNATORY/a/b/c/key":       {"Signatory", "a/b/c", "key"},
		"document/ d o c /k e y %✓": {"Document", " d o c ", "k e y %✓"},
	} {
		gotType, gotID, gotKey, err := parseMetadataEntryID(id)
		if err != nil || [3]string{gotType, gotID, gotKey} != want {
			t.Errorf("parseMetadataEntryID(%q) = %q, %q, %q, %v; want %q", id, gotType, gotID, gotKey, err, want)
		}
		if err == nil && metadataEntryID(gotType, gotID, gotKey) != want[0]+"/"+want[1]+"/"+want[2] {
			t.Errorf("metadataEntryID does not round-trip %q", id)
		}
	}
	for id, problem := range map[string]string{
		"":             "it does not have three parts",
		"x":            "it does not have three parts",
		"a/b":          "it does not have three parts",
		"Nope/a/b":     `the entity type must be one of SignatureRequest, Signatory, Document (in any case), got "Nope"`,
		"Document//k":  "it has an empty or invalid entity_id",
		"Document/./k": "it has an empty or invalid entity_id",
		"Document/a/":  "it has an empty or invalid key",
		"Document/a/.": "it has an empty or invalid key",
	} {
		_, _, _, err := parseMetadataEntryID(id)
		if err == nil || !strings.HasPrefix(err.Error(), problem) || !strings.HasSuffix(err.Error(), ". Expected "+metadataEntryImportIDForm) {
			t.Errorf("parseMetadataEntryID(%q): %v, want %q and the expected form", id, err, problem)
		}
	}
}
