package provider

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// Import IDs of both resources: how each is written and read. A parser
// answers the parts, or an error that says what is wrong and shows the
// expected form; ImportState reports it with addImportIDError. The fuzz
// targets in import_id_fuzz_test.go hold parsing and formatting to each
// other.

// webhookImportIDForm is how a subscription's import ID is written.
const webhookImportIDForm = "<event_type>/<id> (e.g. SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301) or the plain <id>"

// metadataEntryImportIDForm is how an entry's import ID (and id) is written.
const metadataEntryImportIDForm = `<entity_type>/<entity_id>/<key>, for example "SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number"`

// webhookImportID is the import ID of subscription id of eventType.
func webhookImportID(eventType, id string) string {
	return eventType + "/" + id
}

// parseWebhookImportID splits <event_type>/<id> or <id>; eventType is ""
// for the plain form.
func parseWebhookImportID(raw string) (eventType, id string, err error) {
	parts := strings.Split(raw, "/")
	switch {
	case len(parts) > 2:
		return "", "", importIDError("it has more than two parts separated by /", webhookImportIDForm)
	case slices.Contains(parts, ""):
		return "", "", importIDError("its event type or id is empty", webhookImportIDForm)
	case len(parts) == 1:
		return "", parts[0], nil
	}
	return parts[0], parts[1], nil
}

// metadataEntryID is the id (and import ID) of an entry; entityType is in
// its canonical spelling.
func metadataEntryID(entityType, entityID, key string) string {
	return entityType + "/" + entityID + "/" + key
}

// parseMetadataEntryID splits <entity_type>/<entity_id>/<key>; the entity
// type may be written in any case and is answered in its canonical
// spelling. The type is the first segment and the key the last (keys
// contain no "/"), so an entity_id containing "/" is everything in between.
func parseMetadataEntryID(raw string) (entityType, entityID, key string, err error) {
	first, last := strings.Index(raw, "/"), strings.LastIndex(raw, "/")
	if first < 0 || first == last {
		return "", "", "", importIDError("it does not have three parts separated by /", metadataEntryImportIDForm)
	}
	rawType, entityID, key := raw[:first], raw[first+1:last], raw[last+1:]
	entityType, err = validators.CanonicalEntityType(rawType)
	switch {
	case err != nil:
		return "", "", "", importIDError("the entity type "+err.Error(), metadataEntryImportIDForm)
	case !isPathSegment(entityID):
		return "", "", "", importIDError("it has an empty or invalid entity_id", metadataEntryImportIDForm)
	case !isPathSegment(key):
		return "", "", "", importIDError("it has an empty or invalid key", metadataEntryImportIDForm)
	}
	return entityType, entityID, key, nil
}

// isPathSegment: "", "." and ".." cannot be segments of a request path.
func isPathSegment(s string) bool {
	return s != "" && s != "." && s != ".."
}

// importIDError says what is wrong with an import ID, and which form is
// expected.
func importIDError(problem, form string) error {
	return errors.New(problem + ". Expected " + form)
}

// addImportIDError reports an import ID that a parser refused.
func addImportIDError(diags *diag.Diagnostics, raw string, err error) {
	diags.AddError("Invalid import ID", fmt.Sprintf("Cannot import %q: %s.", raw, err))
}
