// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

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
func importIDOfIdentity(attrs map[string]string) (string, diag.Diagnostics) {
	var diags diag.Diagnostics
	entityType, entityID, key := attrs["entity_type"], attrs["entity_id"], attrs["key"]
	if _, err := validators.CanonicalEntityType(entityType); err != nil {
		diags.AddError("Invalid import identity", fmt.Sprintf("The identity's entity_type %s.", err))
	}
	if strings.Contains(key, "/") {
		diags.AddError("Invalid import identity", fmt.Sprintf("The identity's key %q contains /, which keys cannot.", key))
	}
	return entryID(entityType, entityID, key), diags
}
