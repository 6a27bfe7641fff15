package webhook

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The plan of an esign_webhook_subscriptions_exclusive names each
// unmanaged subscription (in scope, not in subscription_ids) and what the
// apply does about it; the apply deletes only what its plan named.
//
// Once the resource exists, the plan names its refreshed state's unmanaged
// list, and Terraform plans the change again during apply from that same
// prior state, so the apply knows what was named. A new resource has no
// state: its plan shows what the service holds, and its first apply deletes
// nothing, only records it for the next plan.
//
// A subscription that leaves subscription_ids in this plan is not named:
// its own esign_webhook_subscription is being destroyed or replaced, and
// deletes it. Ids unknown at plan (created by this apply) are no existing
// subscription, except one a create adopts: the apply keeps those.

func (r *exclusiveResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.Client == nil {
		// Destroy deletes nothing; an unconfigured provider (validation)
		// has no list to read.
		return
	}
	create := req.State.Raw.IsNull()
	var plan, prior exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if !create {
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	}
	scope, scopeKnown := scopeOf(ctx, plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if !scopeKnown || plan.OnUnmanaged.IsUnknown() {
		resp.Diagnostics.AddError("The scope and on_unmanaged of esign_webhook_subscriptions_exclusive must be known at plan",
			"event_types, uri_prefix or on_unmanaged depends on a value that is known only after apply, so this plan could "+
				"not show which subscriptions the apply would delete. Set them from literals or variables.")
		return
	}
	r.claimScope(ctx, scope, prior, req, resp)
	plan.ID = types.StringValue(scope.id())
	if len(scope.eventTypes) > 0 && (create || !prior.EventTypes.Equal(plan.EventTypes)) {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_types"), scope.eventTypes, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}

	belong, allKnown := knownIDs(plan.SubscriptionIDs)
	listed, ok := stateUnmanaged(ctx, prior, &resp.Diagnostics)
	if create {
		// A new resource has no refreshed list: read the one that every
		// refresh of this plan shares.
		set, err := r.Client.Subscriptions(ctx)
		if err != nil {
			r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscriptions", err)
			return
		}
		listed = set.Items
	}
	if !ok {
		return
	}
	unmanaged := scope.outside(listed, belong)

	// The planned list must be what the apply stores.
	mode := plan.OnUnmanaged.ValueString()
	switch {
	case create || !allKnown:
		plan.Unmanaged = types.ListUnknown(unmanagedType)
	case mode == onUnmanagedDelete:
		plan.Unmanaged = unmanagedValue(nil)
	default:
		plan.Unmanaged = unmanagedValue(unmanaged)
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
	for _, s := range unmanaged {
		reportUnmanaged(&resp.Diagnostics, scope, s, mode, create, allKnown)
	}
}

// stateUnmanaged reads the unmanaged list of a state.
func stateUnmanaged(ctx context.Context, m exclusiveModel, diags *diag.Diagnostics) ([]client.Subscription, bool) {
	var items []unmanagedModel
	if m.Unmanaged.IsNull() || m.Unmanaged.IsUnknown() {
		return nil, true
	}
	if diags.Append(m.Unmanaged.ElementsAs(ctx, &items, false)...); diags.HasError() {
		return nil, false
	}
	subs := make([]client.Subscription, 0, len(items))
	for _, item := range items {
		subs = append(subs, client.Subscription{ID: item.ID.ValueString(), EventType: item.EventType.ValueString(),
			URI: item.URI.ValueString(), Description: item.Description.ValueString()})
	}
	return subs, true
}

// unmanagedModel is one element of unmanaged.
type unmanagedModel struct {
	ID          types.String `tfsdk:"id"`
	EventType   types.String `tfsdk:"event_type"`
	URI         types.String `tfsdk:"uri"`
	Description types.String `tfsdk:"description"`
}

// reportUnmanaged is the plan's word on one unmanaged subscription, named in
// the summary so that Terraform does not fold several into one: an error
// for on_unmanaged = "fail" (also when subscription_ids is not all known:
// only an adopting create could turn an existing subscription into one of
// its ids), else a warning that says what the apply does.
func reportUnmanaged(diags *diag.Diagnostics, scope exclusiveScope, s client.Subscription, mode string, create, allKnown bool) {
	summary := "Webhook subscription not managed by Terraform: " + describeSubscription(s)
	detail := fmt.Sprintf("This esign_webhook_subscriptions_exclusive owns %s. Subscription %s (%s events to %s, description %q) "+
		"is in it and not in subscription_ids.\n\n", scope.describe(), s.ID, s.EventType, s.URI, s.Description)
	switch {
	case mode == onUnmanagedFail:
		diags.AddError(summary, detail+`on_unmanaged = "fail": nothing is written while it exists. Delete or adopt it, or set `+
			`on_unmanaged = "delete" to have the apply delete it.`+adoptAdvice(s))
		return
	case mode == onUnmanagedWarn:
		detail += `on_unmanaged = "warn": the apply leaves it alone.`
	case create:
		detail += "This resource is new, so its plan cannot name what its apply would delete: the first apply deletes " +
			"nothing and records the subscription in unmanaged; the next plan names it for deletion."
	default:
		summary = "Webhook subscription not managed by Terraform will be deleted: " + describeSubscription(s)
		detail += `The apply deletes it if it still exists then and still does not belong (on_unmanaged = "delete").`
		if !allKnown {
			detail += " subscription_ids is known only after apply (this apply creates subscriptions): if the id turns " +
				"out to be in it, the subscription is kept."
		}
	}
	diags.AddWarning(summary, detail+adoptAdvice(s))
}

// adoptAdvice says how to keep a subscription instead: take it under
// Terraform, or delete it by hand.
func adoptAdvice(s client.Subscription) string {
	return fmt.Sprintf("\n\nTo keep it, adopt it: declare an esign_webhook_subscription with its event type, uri and "+
		"description, import it (id = %q; terraform query lists every subscription with its configuration), and add "+
		"its id to subscription_ids. Or delete it outside Terraform.", importID(s.EventType, s.ID))
}
