package webhook

import (
	"slices"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// A subscription's import ID: how it is written and read. The parser answers
// the parts, or an error that says what is wrong and shows the expected
// form; ImportState reports it with framework.AddImportIDError. The fuzz
// target in import_id_fuzz_test.go holds parsing and formatting to each
// other.

// importIDForm is how a subscription's import ID is written.
const importIDForm = "<event_type>/<id> (e.g. SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301) or the plain <id>"

// importID is the import ID of subscription id of eventType.
func importID(eventType, id string) string {
	return eventType + "/" + id
}

// parseImportID splits <event_type>/<id> or <id>; eventType is "" for the
// plain form.
func parseImportID(raw string) (eventType, id string, err error) {
	parts := strings.Split(raw, "/")
	switch {
	case len(parts) > 2:
		return "", "", framework.ImportIDError("it has more than two parts separated by /", importIDForm)
	case slices.Contains(parts, ""):
		return "", "", framework.ImportIDError("its event type or id is empty", importIDForm)
	case len(parts) == 1:
		return "", parts[0], nil
	}
	return parts[0], parts[1], nil
}
