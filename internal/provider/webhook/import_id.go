// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"slices"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

const importIDForm = "<event_type>/<id> (e.g. SignatureRequestCompleted/3f2504e0-4f89-11d3-9a0c-0305e82c3301) or the plain <id>"

func importID(eventType, id string) string {
	return eventType + "/" + id
}

// parseImportID answers eventType "" for the plain form.
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
