// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var (
	_ resource.ResourceWithIdentity    = (*exclusiveResource)(nil)
	_ resource.ResourceWithImportState = (*exclusiveResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*exclusiveResource)(nil)
)

// NewSubscriptionsExclusiveResource is the esign_webhook_subscriptions_exclusive resource; DESIGN.md says how it
// owns the set.
func NewSubscriptionsExclusiveResource() resource.Resource {
	return &exclusiveResource{framework.NewResourceBase("_webhook_subscriptions_exclusive", exclusiveSchema)}
}

type exclusiveResource struct{ framework.ResourceBase }

const (
	onUnmanagedDelete = "delete"
	onUnmanagedFail   = "fail"
	onUnmanagedWarn   = "warn"
)

type exclusiveModel struct {
	ID              types.String        `tfsdk:"id"`
	SubscriptionIDs framework.StringSet `tfsdk:"subscription_ids"`
	EventTypes      types.Set           `tfsdk:"event_types"`
	URIPrefix       types.String        `tfsdk:"uri_prefix"`
	OnUnmanaged     types.String        `tfsdk:"on_unmanaged"`
	Unmanaged       types.List          `tfsdk:"unmanaged"`
}

var unmanagedType = exclusiveSchema.Attributes["unmanaged"].GetType().(types.ListType).ElemType

var exclusiveSchema = schema.Schema{
	MarkdownDescription: "Owns the webhook subscriptions in its scope (the whole account unless `event_types` or `uri_prefix` " +
		"narrow it): the plan names each one whose id is not in `subscription_ids`, and `on_unmanaged` says what then. " +
		"A new resource's first apply deletes nothing; destroying it deletes nothing.",
	Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "The scope, as the import ID writes it: the event types, lower-case, sorted and joined by " +
				"commas (`*` for every type), then `/` and `uri_prefix` when it is set.",
			Computed: true,
		},
		"subscription_ids": schema.SetAttribute{
			MarkdownDescription: "The ids of the subscriptions that belong, typically `[for s in esign_webhook_subscription.this : s.id]`.",
			Required:            true,
			CustomType:          framework.StringSetOf, // linear in the ids, where types.Set is quadratic
			Validators:          []validator.Set{setvalidator.ValueStringsAre(validators.GUID())},
		},
		"event_types": schema.SetAttribute{
			MarkdownDescription: "Narrows the scope to these event types (any case; each one `GET /hooks/v1` lists). Changing it " +
				"replaces this resource.",
			Optional:      true,
			ElementType:   types.StringType,
			Validators:    []validator.Set{setvalidator.SizeAtLeast(1), setvalidator.ValueStringsAre(validators.EventTypeName())},
			PlanModifiers: []planmodifier.Set{planmodifiers.SetRequiresReplaceUnlessSameCanonical(client.CanonicalEventType)},
		},
		"uri_prefix": schema.StringAttribute{
			MarkdownDescription: "Narrows the scope to the `uri`s under this `https://` URL (scheme and host in any case, port " +
				"443 when left out, path with case; without a path: exactly that host). Changing it replaces this resource.",
			Optional:      true,
			Validators:    []validator.String{validators.WebhookURIPrefix()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"on_unmanaged": schema.StringAttribute{
			MarkdownDescription: "`\"delete\"` (the default: the apply deletes what the plan named), `\"fail\"` (the plan " +
				"fails) or `\"warn\"`. Must be known at plan.",
			Optional:   true,
			Computed:   true,
			Default:    stringdefault.StaticString(onUnmanagedDelete),
			Validators: []validator.String{stringvalidator.OneOf(onUnmanagedDelete, onUnmanagedFail, onUnmanagedWarn)},
		},
		"unmanaged": schema.ListNestedAttribute{
			MarkdownDescription: "The subscriptions in scope whose id is not in `subscription_ids`, as last read, ordered by " +
				"event type, uri and id.",
			Computed: true,
			NestedObject: schema.NestedAttributeObject{
				Attributes: map[string]schema.Attribute{
					"id": schema.StringAttribute{
						MarkdownDescription: "The subscription's GUID.",
						Computed:            true,
					},
					"event_type": schema.StringAttribute{
						MarkdownDescription: "Its event type, lower-case.",
						Computed:            true,
					},
					"uri": schema.StringAttribute{
						MarkdownDescription: "Where it sends events.",
						Computed:            true,
					},
					"description": schema.StringAttribute{
						MarkdownDescription: "Its description.",
						Computed:            true,
					},
				},
			},
		},
	},
}

var exclusiveIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"event_types": identityschema.ListAttribute{
			Description:       "The event types in scope, lower-case and sorted; empty or left out: every event type.",
			ElementType:       types.StringType,
			OptionalForImport: true,
		},
		"uri_prefix": identityschema.StringAttribute{
			Description:       "The URI prefix; empty or left out: every URI.",
			OptionalForImport: true,
		},
	},
}

type exclusiveIdentityModel struct {
	EventTypes []string     `tfsdk:"event_types"`
	URIPrefix  types.String `tfsdk:"uri_prefix"`
}

func (r *exclusiveResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = exclusiveIdentitySchema
}

// setIdentity: identity is nil for a client without identities (before Terraform and OpenTofu 1.12).
func setIdentity(ctx context.Context, scope exclusiveScope, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if identity != nil && !diags.HasError() {
		model := exclusiveIdentityModel{
			EventTypes: scope.eventTypes,
			URIPrefix:  types.StringValue(scope.uriPrefix),
		}
		diags.Append(identity.Set(ctx, model)...)
	}
}

// scopeOf is false while a part of the scope is unknown.
func scopeOf(ctx context.Context, m exclusiveModel, diags *diag.Diagnostics) (exclusiveScope, bool) {
	if m.EventTypes.IsUnknown() || m.URIPrefix.IsUnknown() {
		return exclusiveScope{}, false
	}
	var eventTypes []string
	diags.Append(m.EventTypes.ElementsAs(ctx, &eventTypes, false)...)
	return newExclusiveScope(eventTypes, m.URIPrefix.ValueString()), true
}

// knownIDs is false when an id is unknown at plan: a subscription that this apply creates.
func knownIDs(set framework.StringSet) (ids idSet, allKnown bool) {
	ids = idSet{}
	allKnown = !set.IsUnknown()
	for _, v := range set.Elements() {
		s, _ := v.(types.String)
		ids.add(s.ValueString())
		allKnown = allKnown && !s.IsUnknown()
	}
	return ids, allKnown
}

// unmanagedValue stores what the service says of each through the gate: a URI without query values (often a
// receiver's credential) and no control characters, which the plan would print.
func unmanagedValue(ctx context.Context, c *client.Client, subs []client.Subscription) types.List {
	items := make([]subscriptionItem, 0, len(subs)) // empty, not null
	for _, s := range c.RedactSubscriptions(subs...) {
		items = append(items, subscriptionItem(s))
	}
	v, _ := types.ListValueFrom(ctx, unmanagedType, items)
	return v
}

// listed is m's unmanaged list as it was stored; none while unknown.
func listed(ctx context.Context, m exclusiveModel, diags *diag.Diagnostics) []client.Subscription {
	var items []subscriptionItem
	if !m.Unmanaged.IsNull() && !m.Unmanaged.IsUnknown() {
		diags.Append(m.Unmanaged.ElementsAs(ctx, &items, false)...)
	}
	subs := make([]client.Subscription, len(items))
	for i, item := range items {
		subs[i] = client.Subscription(item)
	}
	return subs
}

// unmanagedNow reads the list that every refresh of the operation shares.
func (r *exclusiveResource) unmanagedNow(ctx context.Context, scope exclusiveScope, belong idSet, diags *diag.Diagnostics) ([]client.Subscription, bool) {
	if diags.HasError() {
		return nil, false
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return nil, false
	}
	return scope.outside(set.Items, belong), true
}

func (r *exclusiveResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan := framework.Get[exclusiveModel](ctx, req.Plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	// A create has no prior state, so its plan named nothing to delete.
	var nothingNamed []client.Subscription
	nothingLeaving := idSet{}
	why := "this resource is new, and the first apply of a new resource deletes nothing."
	r.apply(ctx, plan, nothingNamed, nothingLeaving, why, &resp.State, resp.Identity, &resp.Diagnostics)
}

func (r *exclusiveResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	state := framework.Get[exclusiveModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	scope, _ := scopeOf(ctx, state, &resp.Diagnostics)
	belong, _ := knownIDs(state.SubscriptionIDs)
	unmanaged, ok := r.unmanagedNow(ctx, scope, belong, &resp.Diagnostics)
	if !ok {
		return
	}
	// What the state listed and the list leaves out is gone only if a read by id says so.
	leftOut := r.stillThere(ctx, scope, belong, listed(ctx, state, &resp.Diagnostics), unmanaged, &resp.Diagnostics)
	unmanaged = scope.outside(append(unmanaged, leftOut...), belong)
	state.Unmanaged = unmanagedValue(ctx, r.Client, unmanaged)
	r.store(ctx, state, scope, &resp.State, resp.Identity, &resp.Diagnostics)
}

func (r *exclusiveResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	plan := framework.Get[exclusiveModel](ctx, req.Plan, &resp.Diagnostics)
	prior := framework.Get[exclusiveModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	// The plan named the prior state's unmanaged list; ids that leave subscription_ids are their own resources' to delete.
	named := listed(ctx, prior, &resp.Diagnostics)
	leaving, _ := knownIDs(prior.SubscriptionIDs)
	why := "the plan did not name it: it was made, or left subscription_ids, after the plan read the list."
	r.apply(ctx, plan, named, leaving, why, &resp.State, resp.Identity, &resp.Diagnostics)
}

// apply is the step Create and Update share. For on_unmanaged = "delete", it deletes what the plan named (named)
// and is still unmanaged, and warns about what is unmanaged and was not named, why says why; then it stores m with
// what is left unmanaged where the plan could not know it.
func (r *exclusiveResource) apply(ctx context.Context, m exclusiveModel, named []client.Subscription, leaving idSet, why string,
	state *tfsdk.State, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	scope, _ := scopeOf(ctx, m, diags)
	belong, _ := knownIDs(m.SubscriptionIDs)
	unmanaged, ok := r.unmanagedNow(ctx, scope, belong, diags)
	if !ok {
		return
	}
	left := unmanaged
	if m.OnUnmanaged.ValueString() == onUnmanagedDelete {
		left = r.deleteNamed(ctx, scope, belong, unmanaged, named, leaving, why, diags)
	}
	if m.Unmanaged.IsUnknown() || diags.HasError() {
		m.Unmanaged = unmanagedValue(ctx, r.Client, left)
	}
	r.store(ctx, m, scope, state, identity, diags)
}

// deleteNamed deletes what the plan named (named) and is still unmanaged, and answers what is left. A named
// subscription the list leaves out is read by id first: a list may leave out what exists, and only a 404 or 410
// says it is gone. Every delete is attempted; each failure is reported, and what it leaves stays unmanaged.
func (r *exclusiveResource) deleteNamed(ctx context.Context, scope exclusiveScope, belong idSet, unmanaged []client.Subscription,
	named []client.Subscription, leaving idSet, why string, diags *diag.Diagnostics) []client.Subscription {
	namedIDs := idSet{}
	for _, s := range named {
		namedIDs.add(s.ID)
	}
	var left []client.Subscription
	var late []client.Subscription // unmanaged, not named, and not leaving subscription_ids
	var doomed []client.Subscription
	for _, s := range unmanaged {
		switch {
		case namedIDs.has(s.ID):
			doomed = append(doomed, s)
		case !leaving.has(s.ID):
			late = append(late, s)
			left = append(left, s)
		default:
			left = append(left, s)
		}
	}
	doomed = append(doomed, r.stillThere(ctx, scope, belong, named, unmanaged, diags)...)
	for _, s := range doomed {
		err := r.Client.DeleteSubscription(ctx, s.ID, s.EventType)
		if err != nil && !client.IsNotFound(err) {
			r.ProviderData.AddAPIError(diags, "Could not delete unmanaged webhook subscription "+describeSubscription(r.Client.RedactSubscriptions(s)[0]), err)
			left = append(left, s)
			continue
		}
		tflog.Info(ctx, "deleted unmanaged webhook subscription", map[string]any{
			"id":  s.ID,
			"uri": r.Client.RedactURI(s.URI),
		})
	}
	then := "It stays on the service, since " + why + " " +
		`The next plan names it, and the apply after that deletes it (on_unmanaged = "delete").`
	reportEach(r.ProviderData.Coordinator(), diags, diag.SeverityWarning, scope, r.Client.RedactSubscriptions(late...),
		"Webhook subscription left for the next plan", then)
	return left
}

// stillThere reads by id each of earlier (unmanaged at plan, or at the last refresh) that the list leaves out, and
// answers those that still exist in scope and do not belong: a list may leave out what exists, and only a 404 or
// 410 says it is gone. A read that fails is reported. When lists are whole this sends nothing.
func (r *exclusiveResource) stillThere(ctx context.Context, scope exclusiveScope, belong idSet, earlier, listed []client.Subscription,
	diags *diag.Diagnostics) []client.Subscription {
	listedIDs := idSet{}
	for _, s := range listed {
		listedIDs.add(s.ID)
	}
	var there []client.Subscription
	for _, s := range earlier {
		// Listed, or no longer unmanaged whatever the service says (it belongs now): nothing to ask.
		if listedIDs.has(s.ID) || belong.has(s.ID) || !scope.contains(s) {
			continue
		}
		sub, err := r.Client.GetSubscription(ctx, s.ID, s.EventType)
		if client.IsNotFound(err) {
			continue
		}
		if err != nil {
			r.ProviderData.AddAPIError(diags, "Could not read unmanaged webhook subscription "+describeSubscription(r.Client.RedactSubscriptions(s)[0]), err)
			continue
		}
		there = append(there, scope.outside([]client.Subscription{*sub}, belong)...)
	}
	return there
}

// store is the state Create, Read and Update leave: m, its id and its identity.
func (r *exclusiveResource) store(ctx context.Context, m exclusiveModel, scope exclusiveScope, state *tfsdk.State,
	identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	m.ID = types.StringValue(scope.id())
	diags.Append(state.Set(ctx, &m)...)
	setIdentity(ctx, scope, identity, diags)
}

// Delete deletes nothing: the subscriptions stay, and nothing owns the set any more.
func (r *exclusiveResource) Delete(ctx context.Context, _ resource.DeleteRequest, _ *resource.DeleteResponse) {
	tflog.Info(ctx, "esign_webhook_subscriptions_exclusive removed from state; no subscription was deleted")
}

// ImportState takes the scope's id or identity; the imported resource owns nothing until subscription_ids is applied.
func (r *exclusiveResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := req.ID
	if id == "" && req.Identity != nil {
		var identity exclusiveIdentityModel
		resp.Diagnostics.Append(req.Identity.Get(ctx, &identity)...)
		id = newExclusiveScope(identity.EventTypes, identity.URIPrefix.ValueString()).id()
	}
	scope, err := parseExclusiveScopeID(id)
	if err != nil {
		framework.AddImportIDError(&resp.Diagnostics, id, err)
	} else {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_types"), scope.eventTypes, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	attrs := map[string]any{"subscription_ids": []string{}, "on_unmanaged": onUnmanagedDelete} // Read fills in the rest
	if len(scope.eventTypes) > 0 {
		attrs["event_types"] = scope.eventTypes
	}
	if scope.uriPrefix != "" {
		attrs["uri_prefix"] = scope.uriPrefix
	}
	for name, v := range attrs {
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root(name), v)...)
	}
	setIdentity(ctx, scope, resp.Identity, &resp.Diagnostics)
}

// ModifyPlan names the unmanaged subscriptions of the refreshed state (reportEach), which the apply's re-plan sees
// too: an apply deletes only what its plan named. A new resource has no state, so its plan names nothing for deletion.
func (r *exclusiveResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.Client == nil { // destroy deletes nothing; validation has no client
		return
	}
	create := req.State.Raw.IsNull()
	plan := framework.Get[exclusiveModel](ctx, req.Plan, &resp.Diagnostics)
	var prior exclusiveModel
	if !create {
		prior = framework.Get[exclusiveModel](ctx, req.State, &resp.Diagnostics)
	}
	scope, scopeKnown := scopeOf(ctx, plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if !scopeKnown || plan.OnUnmanaged.IsUnknown() {
		resp.Diagnostics.AddError("The scope and on_unmanaged of esign_webhook_subscriptions_exclusive must be known at plan",
			"event_types, uri_prefix or on_unmanaged is known only after apply, so the plan could not show what the apply would delete. "+
				"Set them from literals or variables.")
		return
	}
	coordinator := r.ProviderData.Coordinator()
	r.claimScope(ctx, coordinator, scope, prior.ID.ValueString(), req, resp)
	plan.ID = types.StringValue(scope.id())
	if create || !prior.EventTypes.Equal(plan.EventTypes) {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_types"), scope.eventTypes, &resp.Diagnostics)
	}
	// An id that leaves subscription_ids now is not in the prior list: its own resource deletes it.
	belong, allKnown := knownIDs(plan.SubscriptionIDs)
	unmanaged := scope.outside(listed(ctx, prior, &resp.Diagnostics), belong)
	if resp.Diagnostics.HasError() {
		return
	}
	if create {
		var ok bool
		unmanaged, ok = r.unmanagedNow(ctx, scope, belong, &resp.Diagnostics)
		if !ok {
			return
		}
	}
	mode := plan.OnUnmanaged.ValueString()
	switch { // what the apply stores
	case create || !allKnown:
		plan.Unmanaged = types.ListUnknown(unmanagedType)
	case mode == onUnmanagedDelete:
		plan.Unmanaged = unmanagedValue(ctx, r.Client, nil)
	default:
		plan.Unmanaged = unmanagedValue(ctx, r.Client, unmanaged)
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, &plan)...)
	severity := diag.SeverityWarning
	summary := "Webhook subscription not managed by Terraform"
	var then string
	switch {
	case mode == onUnmanagedFail: // also with unknown ids: only an adopting create could make it one of them
		severity = diag.SeverityError
		then = `on_unmanaged = "fail": nothing is written while it exists. Delete or adopt it, or set on_unmanaged = "delete".`
	case mode == onUnmanagedWarn:
		then = `on_unmanaged = "warn": the apply leaves it alone.`
	case create:
		then = "This resource is new, so the first apply deletes nothing and records it in unmanaged; the next plan names it for deletion."
	default:
		summary += " will be deleted"
		then = `The apply deletes it if it still exists then and still does not belong (on_unmanaged = "delete").`
		if !allKnown {
			then += " subscription_ids is known only after apply: if the id turns out to be in it, the subscription is kept."
		}
	}
	reportEach(coordinator, &resp.Diagnostics, severity, scope, r.Client.RedactSubscriptions(unmanaged...), summary, then)
}

// reportEach names subs in diagnostics of their own and counts those past framework.NamedBound in one.
func reportEach(coordinator *framework.PlanCoordinator, diags *diag.Diagnostics, severity diag.Severity,
	scope exclusiveScope, subs []client.Subscription, summary, then string) {
	named := func(i int) diag.Diagnostic {
		s := subs[i]
		detail := fmt.Sprintf("This esign_webhook_subscriptions_exclusive owns %s. "+
			"Subscription %s (%s events to %s, description %q) is in it and not in subscription_ids.\n\n%s\n\n"+
			"To keep it, adopt it: declare an esign_webhook_subscription with its event type, uri and description, import it (id = %q; terraform query lists every subscription with its configuration), and add its id to subscription_ids. "+
			"Or delete it outside Terraform.",
			scope.describe(), s.ID, s.EventType, s.URI, s.Description, then, importID(s.EventType, s.ID))
		return newDiagnostic(severity, summary+": "+describeSubscription(s), detail)
	}
	rest := func(n int) diag.Diagnostic {
		detail := fmt.Sprintf("This esign_webhook_subscriptions_exclusive owns %s. "+
			"Besides the %d named in diagnostics of their own, %d more subscriptions are in it and not in subscription_ids.\n\n"+
			"For each of them: %s\n\n"+
			"Its unmanaged attribute lists them as last read, and terraform query lists every subscription with its configuration.",
			scope.describe(), len(subs)-n, n, then)
		return newDiagnostic(severity, fmt.Sprintf("%s: %d more", summary, n), detail)
	}
	coordinator.Report(diags, summary, len(subs), named, rest)
}

func newDiagnostic(severity diag.Severity, summary, detail string) diag.Diagnostic {
	if severity == diag.SeverityError {
		return diag.NewErrorDiagnostic(summary, detail)
	}
	return diag.NewWarningDiagnostic(summary, detail)
}

func describeSubscription(s client.Subscription) string {
	return fmt.Sprintf("%s events to %s (id %s)", s.EventType, s.URI, s.ID)
}

// exclusiveScopes is what exclusive plans claim: two scopes that overlap would delete each other's subscriptions
// at every apply.
var exclusiveScopes = framework.NewOverlappingTopic(scopeIDsOverlap)

// scopeIDsOverlap compares two scopes by their ids, which the resource writes and so always parse.
func scopeIDsOverlap(a, b string) bool {
	scopeA, errA := parseExclusiveScopeID(a)
	scopeB, errB := parseExclusiveScopeID(b)
	if errA != nil || errB != nil {
		return a == b
	}
	return scopeA.overlaps(scopeB)
}

func (r *exclusiveResource) claimScope(ctx context.Context, coordinator *framework.PlanCoordinator, scope exclusiveScope, priorID string,
	req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	claim := framework.Claim{
		Topic:    exclusiveScopes,
		Key:      scope.id(),
		Resource: framework.PlannedResource(ctx, priorID, req, resp),
		HadPrior: priorID != "",
		Label:    scope.id(),
	}
	rivals := coordinator.ClaimAtPlan(claim)
	if len(rivals) == 0 {
		return
	}
	resp.Diagnostics.AddError("Two esign_webhook_subscriptions_exclusive scopes overlap: "+rivals[0].Label+" and "+scope.id(),
		"A subscription in both would be unmanaged for one of them, which would delete it at every apply while the other's configuration creates it again. "+
			"Make the scopes disjoint (uri_prefix or event_types), or keep one.")
}
