// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// EntityTypeSpellings says which spellings are accepted, for docs.
const EntityTypeSpellings = "`SignatureRequest`, `Signatory` or `Document`, in any case (`signatory` is `Signatory`)"

// CanonicalEntityType is the service's spelling of an entity type written in any case.
func CanonicalEntityType(s string) (string, error) {
	for _, t := range client.EntityTypes {
		if strings.EqualFold(s, t) {
			return t, nil
		}
	}
	return "", fmt.Errorf("must be one of %s (in any case), got %q", strings.Join(client.EntityTypes, ", "), s)
}

// EntityType accepts what CanonicalEntityType does.
func EntityType() validator.String {
	return stringRule{
		description: "must be one of " + strings.Join(client.EntityTypes, ", ") + ", in any case",
		summary:     "Invalid entity type",
		check: func(s string) error {
			_, err := CanonicalEntityType(s)
			return err
		},
	}
}
