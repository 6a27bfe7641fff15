package metadata

import (
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// An entry's id, which is also its import ID: how it is written and read.
// The parser answers the parts, or an error that says what is wrong and
// shows the expected form; ImportState reports it with
// framework.AddImportIDError. The fuzz target in import_id_fuzz_test.go holds
// parsing and formatting to each other.

// entryIDForm is how an entry's import ID (and id) is written.
const entryIDForm = `<entity_type>/<entity_id>/<key>, for example "SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number"`

// entryID is the id (and import ID) of an entry; entityType is in its
// canonical spelling.
func entryID(entityType, entityID, key string) string {
	return entityType + "/" + entityID + "/" + key
}

// canonicalEntityType is entityType in its canonical spelling; what the
// schema refuses stays as it is.
func canonicalEntityType(entityType string) string {
	if canonical, err := validators.CanonicalEntityType(entityType); err == nil {
		return canonical
	}
	return entityType
}

// parseEntryID splits <entity_type>/<entity_id>/<key>; the entity type may
// be written in any case and is answered in its canonical spelling. The type
// is the first segment and the key the last (keys contain no "/"), so an
// entity_id containing "/" is everything in between.
func parseEntryID(raw string) (entityType, entityID, key string, err error) {
	first, last := strings.Index(raw, "/"), strings.LastIndex(raw, "/")
	if first < 0 || first == last {
		return "", "", "", framework.ImportIDError("it does not have three parts separated by /", entryIDForm)
	}
	rawType, entityID, key := raw[:first], raw[first+1:last], raw[last+1:]
	entityType, err = validators.CanonicalEntityType(rawType)
	switch {
	case err != nil:
		return "", "", "", framework.ImportIDError("the entity type "+err.Error(), entryIDForm)
	case !isPathSegment(entityID):
		return "", "", "", framework.ImportIDError("it has an empty or invalid entity_id", entryIDForm)
	case !isPathSegment(key):
		return "", "", "", framework.ImportIDError("it has an empty or invalid key", entryIDForm)
	}
	return entityType, entityID, key, nil
}

// isPathSegment: "", "." and ".." cannot be segments of a request path.
func isPathSegment(s string) bool {
	return s != "" && s != "." && s != ".."
}
