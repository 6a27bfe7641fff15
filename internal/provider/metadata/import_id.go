// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

const entryIDForm = `<entity_type>/<entity_id>/<key>, for example "SignatureRequest/3f2504e0-4f89-11d3-9a0c-0305e82c3301/invoice_number"`

func entryID(entityType, entityID, key string) string {
	return entityType + "/" + entityID + "/" + key
}

// parseEntryID: keys contain no "/", so an entity_id with "/" is everything between the first and the last.
func parseEntryID(raw string) (entityType, entityID, key string, err error) {
	first := strings.Index(raw, "/")
	last := strings.LastIndex(raw, "/")
	if first < 0 || first == last {
		return "", "", "", framework.ImportIDError("it does not have three parts separated by /", entryIDForm)
	}
	entityID = raw[first+1 : last]
	key = raw[last+1:]
	entityType, err = validators.CanonicalEntityType(raw[:first])
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

func isPathSegment(s string) bool {
	return s != "" && s != "." && s != ".."
}

var entryIdentity = framework.NewStateIdentity(entryIdentitySchema,
	map[string]func(string) string{"entity_type": canonicalEntityType},
	importIDOfIdentity)

var entryIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"entity_type": identityschema.StringAttribute{
			Description:       "Kind of entity the entry belongs to: " + validators.EntityTypeSpellings + ". The identity holds it as the service spells it (`Signatory`).",
			RequiredForImport: true,
		},
		"entity_id": identityschema.StringAttribute{
			Description:       "Id of the entity the entry belongs to.",
			RequiredForImport: true,
		},
		"key": identityschema.StringAttribute{
			Description:       "Name of the entry.",
			RequiredForImport: true,
		},
	},
}

// importIDOfIdentity: the key is the ID's last segment, so it cannot contain "/".
func importIDOfIdentity(attrs map[string]string) (string, error) {
	entityType := attrs["entity_type"]
	entityID := attrs["entity_id"]
	key := attrs["key"]
	if _, err := validators.CanonicalEntityType(entityType); err != nil {
		return "", fmt.Errorf("entity_type %w", err)
	}
	if strings.Contains(key, "/") {
		return "", fmt.Errorf("key %q contains /, which keys cannot", key)
	}
	return entryID(entityType, entityID, key), nil
}
