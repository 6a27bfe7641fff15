package webhook

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// The apply of an esign_webhook_subscriptions_exclusive deletes the
// subscriptions its plan named (exclusive_plan.go) that are still unmanaged
// (subscription_ids is all known now), when on_unmanaged = "delete". What
// else is unmanaged it records, and warns that it is left for the next plan.

func (r *exclusiveResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.apply(ctx, plan, exclusiveModel{}, &resp.State, &resp.Diagnostics)
	setExclusiveIdentity(ctx, r.scope(ctx, plan, &resp.Diagnostics), resp.Identity, &resp.Diagnostics)
}

func (r *exclusiveResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.apply(ctx, plan, prior, &resp.State, &resp.Diagnostics)
	setExclusiveIdentity(ctx, r.scope(ctx, plan, &resp.Diagnostics), resp.Identity, &resp.Diagnostics)
}

// scope is the plan's scope, which is known at apply.
func (r *exclusiveResource) scope(ctx context.Context, m exclusiveModel, diags *diag.Diagnostics) exclusiveScope {
	scope, _ := scopeOf(ctx, m, diags)
	return scope
}

// stateSetter is what Create's and Update's responses store state in.
type stateSetter interface {
	Set(ctx context.Context, val any) diag.Diagnostics
}

// apply acts on what the plan named, prior's refreshed unmanaged list (a
// create's prior is the zero model: nothing), and stores the new state.
func (r *exclusiveResource) apply(ctx context.Context, plan, prior exclusiveModel, state stateSetter, diags *diag.Diagnostics) {
	scope := r.scope(ctx, plan, diags)
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
				warnLeftForNextPlan(diags, scope, s, prior.ID.IsNull())
			}
		}
	}
	deleted := r.deleteUnmanaged(ctx, act, diags)
	if plan.Unmanaged.IsUnknown() || diags.HasError() {
		plan.Unmanaged = unmanagedValue(slices.DeleteFunc(unmanaged, func(s client.Subscription) bool { return deleted.has(s.ID) }))
	}
	diags.Append(state.Set(ctx, &plan)...)
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

// deleteUnmanaged deletes subs one after another and answers the ids that
// are gone. A delete already sent when Terraform is interrupted finishes;
// none is started after it.
func (r *exclusiveResource) deleteUnmanaged(ctx context.Context, subs []client.Subscription, diags *diag.Diagnostics) idSet {
	deleted := idSet{}
	var failed []string
	for i, s := range subs {
		interrupted, err := framework.UninterruptedWrite(ctx, r.Client, func(ctx context.Context) error {
			return r.Client.DeleteSubscription(ctx, s.ID, s.EventType)
		})
		switch {
		case errors.Is(err, client.ErrInterrupted):
			failed = append(failed, describeSubscriptions(subs[i:])...)
		case err == nil || client.IsNotFound(err):
			deleted[strings.ToLower(s.ID)] = true
			tflog.Info(ctx, "deleted unmanaged webhook subscription", map[string]any{"id": s.ID, "event_type": s.EventType, "uri": s.URI})
		default:
			r.ProviderData.AddAPIError(diags, "Could not delete an unmanaged webhook subscription", err)
			failed = append(failed, describeSubscription(s))
		}
		if interrupted {
			if !errors.Is(err, client.ErrInterrupted) {
				failed = append(failed, describeSubscriptions(subs[i+1:])...)
			}
			break
		}
	}
	if len(failed) > 0 {
		diags.AddError("Not every unmanaged webhook subscription was deleted",
			fmt.Sprintf("%d deleted; still on the service:\n\n  - %s\n\nApply again to delete the rest.",
				len(deleted), strings.Join(failed, "\n  - ")))
	}
	return deleted
}

func describeSubscription(s client.Subscription) string {
	return fmt.Sprintf("%s events to %s (id %s)", s.EventType, s.URI, s.ID)
}

func describeSubscriptions(subs []client.Subscription) []string {
	out := make([]string, 0, len(subs))
	for _, s := range subs {
		out = append(out, describeSubscription(s))
	}
	return out
}
