// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// selectionModel selects entries for the esign_metadata data source and list
// resource: one entity or a reference_id.
type selectionModel struct {
	EntityType  types.String `tfsdk:"entity_type"`
	EntityID    types.String `tfsdk:"entity_id"`
	ReferenceID types.String `tfsdk:"reference_id"`
}

// selectionAttributes adds selectionModel's attributes to attributes, each made
// by optional for the data source's or the list resource's schema package.
func selectionAttributes[A any](optional func(description string, rule validator.String) A, verb, referenceID string, attributes map[string]A) map[string]A {
	attributes["entity_type"] = optional("Kind of entity: "+validators.EntityTypeSpellings+". Requires `entity_id`.", validators.EntityType())
	attributes["entity_id"] = optional("Id of the entity whose entries to "+verb+". Requires `entity_type`.", stringvalidator.LengthAtLeast(1))
	attributes["reference_id"] = optional(referenceID, stringvalidator.LengthAtLeast(1))
	return attributes
}

// selectionRules: one entity or a reference_id, made by the data source's or
// the list resource's validator package.
func selectionRules[V any](exactlyOneOf, requiredTogether, conflicting func(...path.Expression) V) []V {
	entityType, entityID, referenceID := path.MatchRoot("entity_type"), path.MatchRoot("entity_id"), path.MatchRoot("reference_id")
	return []V{exactlyOneOf(entityID, referenceID), requiredTogether(entityType, entityID), conflicting(entityType, referenceID)}
}

func (s selectionModel) read(ctx context.Context, data *framework.ProviderData) (items []client.MetadataEntry, total int, diags diag.Diagnostics) {
	if s.ReferenceID.IsNull() {
		set, err := data.Client.EntityMetadata(ctx, canonicalEntityType(s.EntityType.ValueString()), s.EntityID.ValueString())
		if err != nil {
			data.AddAPIError(&diags, "Could not list the metadata of the entity", err)
			return nil, 0, diags
		}
		return set.Items, len(set.Items), nil
	}
	found, err := data.Client.ListReferenceMetadata(ctx, s.ReferenceID.ValueString())
	if err != nil {
		data.AddAPIError(&diags, "Could not list the metadata of the reference", err)
		return nil, 0, diags
	}
	return found.Items, max(found.Total, len(found.Items)), nil
}
