package webhook

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The apply of an esign_webhook_subscriptions_exclusive deletes the
// subscriptions its plan named (exclusive_plan.go) that are still unmanaged
// (subscription_ids is all known now), when on_unmanaged = "delete". What
// else is unmanaged it records, and warns that it is left for the next plan.

func (r *exclusiveResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	r.apply(ctx, req.Plan, nil, &resp.State, resp.Identity, &resp.Diagnostics)
}

func (r *exclusiveResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	r.apply(ctx, req.Plan, &req.State, &resp.State, resp.Identity, &resp.Diagnostics)
}

// apply acts on what the plan named, priorState's refreshed unmanaged list
// (nothing for a create), and stores the new state.
func (r *exclusiveResource) apply(ctx context.Context, planned tfsdk.Plan, priorState *tfsdk.State, state *tfsdk.State,
	identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	var plan, prior exclusiveModel
	diags.Append(planned.Get(ctx, &plan)...)
	if priorState != nil {
		diags.Append(priorState.Get(ctx, &prior)...)
	}
	scope, _ := scopeOf(ctx, plan, diags)
	named, _ := stateUnmanaged(ctx, prior, diags)
	if diags.HasError() {
		return
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return
	}
	belong, _ := knownIDs(plan.SubscriptionIDs)
	unmanaged := scope.outside(set.Items, belong)

	var act []client.Subscription
	if plan.OnUnmanaged.ValueString() == onUnmanagedDelete {
		namedIDs := idSet{}
		for _, s := range named {
			namedIDs[strings.ToLower(s.ID)] = true
		}
		leaving, _ := knownIDs(prior.SubscriptionIDs) // deleted by their own resources
		for _, s := range unmanaged {
			switch {
			case namedIDs.has(s.ID):
				act = append(act, s)
			case !leaving.has(s.ID):
				warnLeftForNextPlan(diags, scope, s, priorState == nil)
			}
		}
	}
	deleted := r.deleteUnmanaged(ctx, act, diags)
	if plan.Unmanaged.IsUnknown() || diags.HasError() {
		plan.Unmanaged = unmanagedValue(slices.DeleteFunc(unmanaged, func(s client.Subscription) bool { return deleted.has(s.ID) }))
	}
	diags.Append(state.Set(ctx, &plan)...)
	setExclusiveIdentity(ctx, scope, identity, diags)
}

// warnLeftForNextPlan says that s is unmanaged and was not deleted, since
// the plan did not name it.
func warnLeftForNextPlan(diags *diag.Diagnostics, scope exclusiveScope, s client.Subscription, create bool) {
	why := "the plan did not name it: it was made, or left subscription_ids, after the plan read the list"
	if create {
		why = "this resource is new, and the first apply of a new resource deletes nothing: its plan could not name for certain what it would delete"
	}
	diags.AddWarning("Webhook subscription left for the next plan: "+describeSubscription(s),
		fmt.Sprintf("This esign_webhook_subscriptions_exclusive owns %s; subscription %s is in it and not in "+
			"subscription_ids, but %s. It stays on the service; the next plan names it, and the apply after that deletes it "+
			"(on_unmanaged = \"delete\")."+adoptAdvice(s), scope.describe(), s.ID, why))
}

// deleteUnmanaged deletes subs one after another, up to the first failure
// (the rest stay unmanaged, for the next plan), and answers the ids that
// are gone.
func (r *exclusiveResource) deleteUnmanaged(ctx context.Context, subs []client.Subscription, diags *diag.Diagnostics) idSet {
	deleted := idSet{}
	for _, s := range subs {
		if err := r.Client.DeleteSubscription(ctx, s.ID, s.EventType); err != nil && !client.IsNotFound(err) {
			r.ProviderData.AddAPIError(diags, "Could not delete unmanaged webhook subscription "+describeSubscription(s), err)
			break
		}
		deleted[strings.ToLower(s.ID)] = true
		tflog.Info(ctx, "deleted unmanaged webhook subscription", map[string]any{"id": s.ID, "event_type": s.EventType, "uri": s.URI})
	}
	return deleted
}

func describeSubscription(s client.Subscription) string {
	return fmt.Sprintf("%s events to %s (id %s)", s.EventType, s.URI, s.ID)
}
