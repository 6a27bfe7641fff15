package webhook

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The plan of an esign_webhook_subscriptions_exclusive is where drift is
// seen: it names every unmanaged subscription (in scope, not in
// subscription_ids) by event type and uri, and says what the apply will do
// about it.
//
// Once the resource exists, what the plan names is its refreshed state's
// unmanaged list, and that is what the apply acts on (exclusive_apply.go):
// Terraform plans each change once more during apply, from the same prior
// state, so both plans name the same subscriptions, and a subscription made
// between plan and apply waits for the next plan. A new resource has no state
// yet: its plan names what the list holds then, and its apply acts on what
// the list holds at apply.
//
// A subscription that leaves subscription_ids in this plan (its id was in
// the prior state's set and is not in the new one) is not in that list, so
// the plan does not name it: its own esign_webhook_subscription is being
// destroyed or replaced, and deletes it. If it stays, the next refresh
// lists it as unmanaged.
//
// subscription_ids holds unknown ids when this apply creates subscriptions.
// Those cannot be any subscription that exists now, except one that a create
// adopts instead of making it anew, so the plan names every subscription
// outside the known ids, and the apply, which knows every id, keeps the ones
// that turned out to belong.

func (r *exclusiveResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.Client == nil {
		// Destroy deletes nothing; an unconfigured provider (validation)
		// has no list to read.
		return
	}
	var plan, prior exclusiveModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if !req.State.Raw.IsNull() {
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	}
	scope, scopeKnown := scopeOf(ctx, plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if !scopeKnown {
		// The scope says what the apply may delete: a plan that cannot show
		// that is not one to approve.
		resp.Diagnostics.AddError("The scope of esign_webhook_subscriptions_exclusive must be known at plan",
			"event_types or uri_prefix depends on a value that is known only after apply, so this plan could not show "+
				"which subscriptions the apply would delete. Set them from literals or variables.")
		return
	}
	plan.ID = types.StringValue(scope.id())
	if len(scope.eventTypes) > 0 && (req.State.Raw.IsNull() || !prior.EventTypes.Equal(plan.EventTypes)) {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_types"), scope.eventTypes, &resp.Diagnostics)
	}

	belong, allKnown := knownIDs(plan.SubscriptionIDs)
	unmanaged, ok := r.plannedOutside(ctx, scope, prior, req.State.Raw.IsNull(), belong, &resp.Diagnostics)
	if !ok {
		return
	}

	// The planned list must be what the apply stores. A new resource's
	// apply reads the list again, so only an empty list (everything
	// deleted) is known in advance.
	mode := plan.OnUnmanaged.ValueString()
	switch {
	case !allKnown || plan.OnUnmanaged.IsUnknown() || (req.State.Raw.IsNull() && mode != onUnmanagedDelete):
		plan.Unmanaged = types.ListUnknown(unmanagedType)
	case mode == onUnmanagedDelete:
		plan.Unmanaged = unmanagedValue(nil)
	default:
		plan.Unmanaged = unmanagedValue(unmanaged)
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
	if len(unmanaged) > 0 {
		reportUnmanaged(&resp.Diagnostics, scope, mode, unmanaged, allKnown)
	}
}

// plannedOutside answers the subscriptions in scope outside belong. Once
// the resource exists, and its scope stays, its refreshed state already
// says what is unmanaged: the plan costs no request, and a
// plan with -refresh=false works from the state as it was last refreshed,
// as it does for every other resource. A new resource, or a new scope,
// reads the list, the one every subscription's Read of this plan shares.
func (r *exclusiveResource) plannedOutside(ctx context.Context, scope exclusiveScope, prior exclusiveModel, create bool,
	belong idSet, diags *diag.Diagnostics) ([]client.Subscription, bool) {
	if !create && prior.ID.ValueString() == scope.id() && !prior.Unmanaged.IsNull() && !prior.Unmanaged.IsUnknown() {
		subs, ok := stateUnmanaged(ctx, prior, diags)
		return scope.outside(client.NewSubscriptionSet(subs), belong), ok
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return nil, false
	}
	return scope.outside(set, belong), true
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

// reportUnmanaged is the plan's word on unmanaged subscriptions: an error
// for on_unmanaged = "fail" (also when subscription_ids is not all known
// yet: a gate stops at plan, and only an adopting create could turn an
// existing subscription into one of the unknown ids), else a warning that
// says what the apply will do.
func reportUnmanaged(diags *diag.Diagnostics, scope exclusiveScope, mode string, unmanaged []client.Subscription, allKnown bool) {
	var b strings.Builder
	fmt.Fprintf(&b, "This resource owns %s. The service holds %s not in subscription_ids:\n\n", scope.describe(), countSubscriptions(len(unmanaged)))
	for _, s := range unmanaged {
		fmt.Fprintf(&b, "  - %s events to %s (id %s, description %q)\n", s.EventType, s.URI, s.ID, s.Description)
	}
	if !allKnown && mode != onUnmanagedFail {
		b.WriteString("\nsubscription_ids is known only after apply (this apply creates subscriptions): one of these " +
			"that turns out to be in it then is kept.\n")
	}
	switch mode {
	case onUnmanagedDelete:
		b.WriteString("\nThe apply deletes each of them that still exists then and still does not belong " +
			"(on_unmanaged = \"delete\").")
	case onUnmanagedWarn:
		b.WriteString("\non_unmanaged = \"warn\": the apply leaves them alone.")
	case onUnmanagedFail:
		b.WriteString("\non_unmanaged = \"fail\": nothing is written while they exist. Delete or adopt them, or set " +
			"on_unmanaged = \"delete\" to have the apply delete them.")
	}
	b.WriteString(adoptAdvice(unmanaged[0]))
	summary := fmt.Sprintf("%s not managed by Terraform", countSubscriptions(len(unmanaged)))
	switch mode {
	case onUnmanagedFail:
		diags.AddError(capitalize(summary), b.String())
	case onUnmanagedDelete:
		diags.AddWarning(capitalize(summary)+" will be deleted", b.String())
	default:
		diags.AddWarning(capitalize(summary), b.String())
	}
}

// adoptAdvice says how to keep a subscription instead: take it under
// Terraform, or delete it by hand.
func adoptAdvice(example client.Subscription) string {
	return fmt.Sprintf("\n\nTo keep one, adopt it: declare an esign_webhook_subscription with its event type, uri and "+
		"description, import it, and add its id to subscription_ids, e.g.\n\n"+
		"  import {\n    to = esign_webhook_subscription.<name>\n    id = %q\n  }\n\n"+
		"(terraform query lists them all with their configuration: the esign_webhook_subscription list resource). "+
		"Or delete it outside Terraform.", importID(example.EventType, example.ID))
}

func countSubscriptions(n int) string {
	if n == 1 {
		return "1 webhook subscription"
	}
	return fmt.Sprintf("%d webhook subscriptions", n)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
