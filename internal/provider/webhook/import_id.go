// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
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

var subscriptionIdentity = framework.NewStateIdentity(subscriptionIdentitySchema,
	map[string]func(string) string{"event_type": client.CanonicalEventType},
	importIDOfIdentity)

// The event type is in the identity because the service's get and delete routes need it (?eventType=).
var subscriptionIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"id": identityschema.StringAttribute{
			Description:       "The subscription's GUID.",
			RequiredForImport: true,
		},
		"event_type": identityschema.StringAttribute{
			Description: "The subscription's event type, lower-case as the service lists it. " +
				"Optional on import (any case): the provider looks it up, and rejects an import whose event type differs.",
			OptionalForImport: true,
		},
	},
}

func importIDOfIdentity(attrs map[string]string) (string, error) {
	id := attrs["id"]
	eventType := attrs["event_type"]
	switch {
	case id == "" || strings.Contains(id, "/"):
		return "", fmt.Errorf("id %q is not a subscription id: it must be the subscription's GUID, e.g. 3f2504e0-4f89-11d3-9a0c-0305e82c3301", id)
	case eventType != "" && !validators.IsEventTypeName(eventType):
		return "", fmt.Errorf("event_type %q is not an event type: it must be an event type name such as SignatureRequestCompleted (letters and digits), or left out", eventType)
	case eventType != "":
		return importID(eventType, id), nil
	}
	return id, nil
}
