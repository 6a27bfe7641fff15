// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// metadataKeys is what entry plans claim: one key has one owner (DESIGN.md, "Metadata: one key, one owner").
var metadataKeys = framework.NewTopic()

// claimOf is the claim of a plan of config; false while entity_type, entity_id or key is unknown. resource is
// framework.PlannedResource's, or "" where a write checks again: it finds its plan's claim by what it declares.
func claimOf(config entryModel, hadPrior bool, resource string) (framework.Claim, bool) {
	if config.EntityType.IsUnknown() || config.EntityID.IsUnknown() || config.Key.IsUnknown() {
		return framework.Claim{}, false
	}
	value := "(known after apply)"
	if !config.Value.IsUnknown() {
		value = quoteExcerpt(config.Value.ValueString())
	}
	claim := framework.Claim{
		Topic:    metadataKeys,
		Key:      entryID(config.entry()),
		Resource: resource,
		HadPrior: hadPrior,
		Label:    fmt.Sprintf("entity_type = %q and value = %s", config.EntityType.ValueString(), value),
	}
	return claim, true
}

// refuseRivalBeforeWrite looks for rivals again right before a write: one may have been planned meanwhile.
func refuseRivalBeforeWrite(ctx context.Context, coordinator *framework.PlanCoordinator, config tfsdk.Config, hadPrior bool, diags *diag.Diagnostics) {
	m := framework.Get[entryModel](ctx, config, diags)
	if diags.HasError() {
		return
	}
	claim, known := claimOf(m, hadPrior, "")
	if !known {
		return
	}
	rivals := coordinator.RivalsBeforeWrite(claim)
	if len(rivals) > 0 {
		addRivalError(coordinator, diags, m, claim, rivals[0], "Nothing was written.")
	}
}

// addRivalError names the entry in the summary while the coordinator names; Terraform folds no error, so the
// rest are short.
func addRivalError(coordinator *framework.PlanCoordinator, diags *diag.Diagnostics, config entryModel, claim, rival framework.Claim, done string) {
	entityType, entityID, key := config.entry()
	named := func(int) diag.Diagnostic {
		summary := "Two resources manage one metadata entry: " + entryID(entityType, entityID, key)
		detail := fmt.Sprintf("This esign_metadata_entry and another one of this configuration both manage the key %q of %s %q: this one declares %s, the other %s. "+
			"One key holds one value, so each apply would overwrite the other's write. %s\n\n"+
			"Keep one resource for the key: remove the other, or give it another key. "+
			"Terraform does not tell providers the address of a resource, so this error can name only this one (above); the other is the block with entity_id = %q and key = %q (its entity_type may be spelled in another case).",
			key, entityType, entityID, claim.Label, rival.Label, done, entityID, key)
		return diag.NewAttributeErrorDiagnostic(path.Root("key"), summary, detail)
	}
	rest := func(int) diag.Diagnostic {
		detail := fmt.Sprintf("Besides the %d that errors of this run name, this esign_metadata_entry and another one both manage the key %q of %s %q. %s "+
			"Keep one resource for each key; those errors say why.",
			framework.NamedBound, key, entityType, entityID, done)
		return diag.NewAttributeErrorDiagnostic(path.Root("key"), "More metadata entries are managed by two resources", detail)
	}
	coordinator.Report(diags, "metadata entries managed by two resources", 1, named, rest)
}

// quoteExcerpt quotes a value for a message, cut after 200 characters.
func quoteExcerpt(s string) string {
	const limit = 200
	r := []rune(s)
	if len(r) > limit {
		return strconv.Quote(string(r[:limit])) + " (cut)"
	}
	return strconv.Quote(s)
}
