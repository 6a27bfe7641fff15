// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/listresourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var (
	_ list.ListResourceWithConfigure        = (*entryListResource)(nil)
	_ list.ListResourceWithConfigValidators = (*entryListResource)(nil)
)

// NewEntryListResource is the esign_metadata_entry list resource (Terraform 1.14+).
func NewEntryListResource() list.ListResource {
	return &entryListResource{framework.NewListResourceBase("_metadata_entry", entryListSchema)}
}

type entryListResource struct{ framework.ListResourceBase }

var entryListSchema = schema.Schema{
	MarkdownDescription: "Lists the metadata entries of one entity (`entity_type` and `entity_id`, " +
		"`GET /metadata/{entityType}/{entityId}`) or of a whole signature request (`reference_id`, " +
		"`GET /metadata/{referenceId}`), with one request, so that `terraform query` can show them and generate " +
		"their configuration and import blocks. Set exactly one of the two. Each result is named by its entity and key.",
	Attributes: selectionAttributes(
		optionalListString,
		"list",
		"Id of a signature request: lists the entries of the request, its signatories and its "+
			"documents written with that reference id. Conflicts with `entity_type` and `entity_id`. The "+
			"generated configuration of a `Signatory` or `Document` entry has no `reference_id` (the service "+
			"never returns it); add it before applying if the entry should keep it.",
		map[string]schema.Attribute{},
	),
}

// optionalListString makes each of the list resource's selection attributes.
func optionalListString(description string, rule validator.String) schema.Attribute {
	return schema.StringAttribute{
		MarkdownDescription: description,
		Optional:            true,
		Validators:          []validator.String{rule},
	}
}

func (r *entryListResource) ListResourceConfigValidators(context.Context) []list.ConfigValidator {
	return selectionRules(listresourcevalidator.ExactlyOneOf, listresourcevalidator.RequiredTogether, listresourcevalidator.Conflicting)
}

func (r *entryListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var config selectionModel
	diags := framework.GetListConfig(ctx, req.Config, &config)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	items, _, diags := config.readEntries(ctx, r.ProviderData)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}

	entries := make([]entryModel, 0, len(items))
	for _, e := range items {
		entityType, err := validators.CanonicalEntityType(e.EntityType)
		if err != nil {
			tflog.Warn(ctx, "skipped a metadata entry of an unknown entity type", map[string]any{
				"entity_type": e.EntityType,
				"entity_id":   e.EntityID,
				"key":         e.Key,
			})
			continue
		}
		entry := importedEntry(entityType, e.EntityID, e.Key)
		entry.Value = types.StringValue(e.Value)
		entries = append(entries, entry)
	}
	tflog.Debug(ctx, "listed metadata entries", map[string]any{
		"total": len(items),
		"limit": req.Limit,
	})
	stream.Results = framework.ListResultsUpToLimit(len(entries), req.Limit, func(i int) list.ListResult {
		// The resource is the state an import by its identity makes: what -generate-config-out writes.
		entityType, entityID, key := entries[i].entry()
		result := req.NewListResult(ctx)
		result.DisplayName = entityType + " " + entityID + ": " + key
		result.Identity.Raw = entryIdentity.Value(map[string]string{
			"entity_type": entityType,
			"entity_id":   entityID,
			"key":         key,
		})
		if req.IncludeResource {
			result.Diagnostics.Append(result.Resource.Set(ctx, entries[i])...)
		}
		return result
	})
}
