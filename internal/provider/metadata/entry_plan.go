// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// reviewPlan warns that a destroy or replacement leaves the value on the
// service, and claims the key against rivals (entry_rivals.go).
func reviewPlan(ctx context.Context, req resource.ModifyPlanRequest, claims *entryClaims, diags *diag.Diagnostics) {
	if req.Plan.Raw.IsNull() {
		warnValueStays(ctx, req.State, "Destroying", claims, diags)
		return
	}
	var config, plan entryModel
	diags.Append(req.Config.Get(ctx, &config)...)
	diags.Append(req.Plan.Get(ctx, &plan)...)
	if diags.HasError() {
		return
	}
	hadPrior := !req.State.Raw.IsNull()
	if c, known := claimOf(config, hadPrior); known {
		if rival, found := claims.add(c); found {
			addRivalError(diags, c, rival, "Nothing was written by this resource.", claims.nameNext(rivalErrors))
		}
	}
	if hadPrior && movesEntry(ctx, req.State, plan) {
		warnValueStays(ctx, req.State, "Replacing", claims, diags)
	}
}

// movesEntry: a change of case alone in entity_type does not move the entry.
func movesEntry(ctx context.Context, state tfsdk.State, plan entryModel) bool {
	var prior entryModel
	if state.Get(ctx, &prior).HasError() || plan.EntityType.IsUnknown() || plan.EntityID.IsUnknown() || plan.Key.IsUnknown() {
		return false
	}
	pt, pid, pk := prior.entry()
	t, id, k := plan.entry()
	return pt != t || pid != id || pk != k
}

// warnValueStays (at plan only: Delete says nothing) names the entry in the
// summary, up to framework.NamedBound: Terraform folds warnings that share one, and
// shows no address for a resource no longer configured.
func warnValueStays(ctx context.Context, state tfsdk.State, doing string, claims *entryClaims, diags *diag.Diagnostics) {
	var prior entryModel
	if diags.Append(state.Get(ctx, &prior)...); diags.HasError() {
		return
	}
	entityType, entityID, key := prior.entry()
	if !claims.nameNext(valueStays) {
		diags.AddWarning("More metadata values stay on the service", fmt.Sprintf("%s the esign_metadata_entry %s "+
			"removes it from the Terraform state only: its value stays on the service, as for the %d entries that "+
			"warnings of this plan name, which say what else to do. terraform query lists every entry on the service.",
			doing, entryID(entityType, entityID, key), framework.NamedBound))
		return
	}
	diags.AddWarning("The metadata value stays on the service: "+entryID(entityType, entityID, key),
		fmt.Sprintf("%s the esign_metadata_entry %s removes it from the Terraform state only: the service has no delete "+
			"operation for metadata, so the key %q of %s %q keeps its value, and esign_metadata still lists it.\n\n"+
			"To keep managing the entry, keep its resource block (a moved block keeps it when only its address changes). "+
			"To stop managing it and leave the value, this plan is right; a removed block says so without a destroy: "+
			"removed { from = <address> lifecycle { destroy = false } } on Terraform 1.7 or later, removed { from = "+
			"<address> } on OpenTofu 1.7 or later. To blank the value first, apply value = \"\", then remove the resource.",
			doing, entryID(entityType, entityID, key), key, entityType, entityID))
}
