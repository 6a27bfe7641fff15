package webhook

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// The apply of an esign_webhook_subscriptions_exclusive acts on the
// subscriptions its plan named (exclusive_plan.go says which) that still
// exist, are still in scope and still are not in subscription_ids (whose ids
// are all known now): it deletes them, or fails (on_unmanaged = "fail"), or
// leaves them ("warn").

func (r *exclusiveResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.apply(ctx, plan, nil, &resp.State, &resp.Diagnostics)
	setExclusiveIdentity(ctx, r.scope(ctx, plan, &resp.Diagnostics), resp.Identity, &resp.Diagnostics)
}

func (r *exclusiveResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, prior exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	r.apply(ctx, plan, &prior, &resp.State, &resp.Diagnostics)
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

// apply acts on the subscriptions the plan named and stores the new state.
// prior is nil for a create: then the plan named what the list held when it
// was made, and the apply acts on what the list holds now. Otherwise the plan
// named prior's unmanaged list, refreshed when the plan was made.
func (r *exclusiveResource) apply(ctx context.Context, plan exclusiveModel, prior *exclusiveModel, state stateSetter, diags *diag.Diagnostics) {
	scope := r.scope(ctx, plan, diags)
	if diags.HasError() {
		return
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return
	}
	belong, _ := knownIDs(plan.SubscriptionIDs)
	unmanaged := scope.outside(set, belong)
	act := unmanaged
	if prior != nil {
		named, ok := stateUnmanaged(ctx, *prior, diags)
		if !ok {
			return
		}
		act = withIDsOf(unmanaged, named)
	}

	var deleted idSet
	switch plan.OnUnmanaged.ValueString() {
	case onUnmanagedDelete:
		deleted = r.deleteUnmanaged(ctx, act, diags)
	case onUnmanagedFail:
		if len(act) > 0 {
			reportUnmanaged(diags, scope, onUnmanagedFail, act, true)
		}
	}

	if plan.Unmanaged.IsUnknown() || diags.HasError() {
		var remaining []client.Subscription
		for _, s := range unmanaged {
			if !deleted.has(s.ID) {
				remaining = append(remaining, s)
			}
		}
		plan.Unmanaged = unmanagedValue(remaining)
	}
	diags.Append(state.Set(ctx, &plan)...)
}

// withIDsOf answers the subscriptions of subs whose id is one of named's.
func withIDsOf(subs, named []client.Subscription) []client.Subscription {
	ids := idSet{}
	for _, s := range named {
		ids[strings.ToLower(s.ID)] = true
	}
	var out []client.Subscription
	for _, s := range subs {
		if ids.has(s.ID) {
			out = append(out, s)
		}
	}
	return out
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
