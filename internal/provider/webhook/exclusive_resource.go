package webhook

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/planmodifiers"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

var (
	_ resource.ResourceWithConfigure   = (*exclusiveResource)(nil)
	_ resource.ResourceWithIdentity    = (*exclusiveResource)(nil)
	_ resource.ResourceWithImportState = (*exclusiveResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*exclusiveResource)(nil)
)

// NewSubscriptionsExclusiveResource is the esign_webhook_subscriptions_exclusive
// resource: it owns the set of subscriptions in its scope, shows in the plan
// those that are not in subscription_ids, and deletes them, fails or warns
// (on_unmanaged). Its plan is exclusive_plan.go, its apply exclusive_apply.go.
func NewSubscriptionsExclusiveResource() resource.Resource {
	return &exclusiveResource{ResourceBase: framework.NewResourceBase("_webhook_subscriptions_exclusive", exclusiveSchema)}
}

type exclusiveResource struct {
	framework.ResourceBase
}

// What on_unmanaged may say.
const (
	onUnmanagedDelete = "delete"
	onUnmanagedFail   = "fail"
	onUnmanagedWarn   = "warn"
)

type exclusiveModel struct {
	ID              types.String `tfsdk:"id"`
	SubscriptionIDs types.Set    `tfsdk:"subscription_ids"`
	EventTypes      types.Set    `tfsdk:"event_types"`
	URIPrefix       types.String `tfsdk:"uri_prefix"`
	OnUnmanaged     types.String `tfsdk:"on_unmanaged"`
	Unmanaged       types.List   `tfsdk:"unmanaged"`
}

// unmanagedType is the element type of unmanaged: a subscription as the
// service lists it.
var unmanagedType = types.ObjectType{AttrTypes: map[string]attr.Type{
	"id": types.StringType, "event_type": types.StringType, "uri": types.StringType, "description": types.StringType,
}}

var exclusiveSchema = schema.Schema{
	MarkdownDescription: "Owns the set of webhook subscriptions in its scope (the whole account unless `event_types` or " +
		"`uri_prefix` narrow it): every subscription in scope whose id is not in `subscription_ids` is unmanaged. " +
		"The plan names each unmanaged subscription by event type and uri, and the apply deletes those the plan named " +
		"(`on_unmanaged = \"delete\"`, the default), or the plan fails (`\"fail\"`), or only warns (`\"warn\"`). " +
		"A new resource's first apply deletes nothing: it records what is unmanaged, and the next plan names it.\n\n" +
		"Two of these resources in one configuration whose scopes overlap fail at plan. Destroying this resource " +
		"deletes nothing: it stops owning the set.",
	Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "The scope, as the import ID writes it: the event types in scope, lower-case, sorted and " +
				"joined by commas (`*` for every type), then `/` and `uri_prefix` when it is set.",
			Computed:      true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"subscription_ids": schema.SetAttribute{
			MarkdownDescription: "The ids of the subscriptions that belong, typically " +
				"`[for s in esign_webhook_subscription.this : s.id]`. An id that the service does not hold, or that is " +
				"out of scope, is ignored here. An id must stay in this set for as long as its subscription should exist: " +
				"one dropped from it while its `esign_webhook_subscription` stays is unmanaged from the next plan on.",
			Required:    true,
			ElementType: types.StringType,
			Validators:  []validator.Set{setvalidator.ValueStringsAre(validators.GUID())},
		},
		"event_types": schema.SetAttribute{
			MarkdownDescription: "Narrows the scope to subscriptions of these event types (any case; each must be one " +
				"`GET /hooks/v1` lists, checked at plan time). Left out: every event type. Changing the scope replaces " +
				"this resource, which deletes nothing.",
			Optional:    true,
			ElementType: types.StringType,
			Validators: []validator.Set{
				setvalidator.SizeAtLeast(1),
				setvalidator.ValueStringsAre(validators.EventTypeName()),
			},
			PlanModifiers: []planmodifier.Set{planmodifiers.SetRequiresReplaceUnlessOnlyCaseChanges()},
		},
		"uri_prefix": schema.StringAttribute{
			MarkdownDescription: "Narrows the scope to subscriptions that deliver under this URL (e.g. " +
				"`https://hooks.example.com/prod/`): an `https://` URL with a host, and optionally a port and the start of a " +
				"path, without query. A `uri` is in scope when its scheme and host match in any case, its port matches (443 " +
				"when left out), and its path starts with the prefix's path, compared with case (`/prod` also matches " +
				"`/production`; end with `/` for one folder). A prefix without a path is exactly that host " +
				"(`https://hooks.example.com` is not `https://hooks.example.com.partner.test`). Left out: every uri. Changing " +
				"it replaces this resource, which deletes nothing.",
			Optional:      true,
			Validators:    []validator.String{validators.WebhookURIPrefix()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"on_unmanaged": schema.StringAttribute{
			MarkdownDescription: "What to do about unmanaged subscriptions: `\"delete\"` (the default: the apply deletes " +
				"those the plan named, if they still exist and still do not belong), `\"fail\"` (the plan fails naming them " +
				"and nothing is written: for pipelines that must never delete) or `\"warn\"` (the plan warns, the apply " +
				"does nothing). Must be known at plan.",
			Optional:   true,
			Computed:   true,
			Default:    stringdefault.StaticString(onUnmanagedDelete),
			Validators: []validator.String{stringvalidator.OneOf(onUnmanagedDelete, onUnmanagedFail, onUnmanagedWarn)},
		},
		"unmanaged": schema.ListNestedAttribute{
			MarkdownDescription: "The subscriptions in scope whose id is not in `subscription_ids`, as last read, ordered " +
				"by event type, uri and id. After an apply that deleted them it is empty.",
			Computed: true,
			NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"id":          schema.StringAttribute{Computed: true, MarkdownDescription: "The subscription's GUID."},
				"event_type":  schema.StringAttribute{Computed: true, MarkdownDescription: "Its event type, lower-case."},
				"uri":         schema.StringAttribute{Computed: true, MarkdownDescription: "Where it sends events."},
				"description": schema.StringAttribute{Computed: true, MarkdownDescription: "Its description."},
			}},
		},
	},
}

func (r *exclusiveResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = exclusiveIdentitySchema
}

// scopeOf is the model's scope; ok is false while a part of it is unknown.
func scopeOf(ctx context.Context, m exclusiveModel, diags *diag.Diagnostics) (scope exclusiveScope, ok bool) {
	if m.EventTypes.IsUnknown() || m.URIPrefix.IsUnknown() {
		return exclusiveScope{}, false
	}
	var eventTypes []string
	if !m.EventTypes.IsNull() {
		diags.Append(m.EventTypes.ElementsAs(ctx, &eventTypes, false)...)
	}
	return newExclusiveScope(eventTypes, m.URIPrefix.ValueString()), true
}

// knownIDs answers the known ids of set, and whether every element (and
// the set itself) is known. An id of a subscription that this apply
// creates is unknown at plan time.
func knownIDs(set types.Set) (ids idSet, allKnown bool) {
	ids = idSet{}
	if set.IsUnknown() || set.IsNull() {
		return ids, set.IsNull()
	}
	allKnown = true
	for _, v := range set.Elements() {
		s, ok := v.(types.String)
		if !ok || s.IsUnknown() || s.IsNull() {
			allKnown = false
			continue
		}
		ids[strings.ToLower(s.ValueString())] = true
	}
	return ids, allKnown
}

// unmanagedValue is the value of unmanaged for these subscriptions.
func unmanagedValue(subs []client.Subscription) types.List {
	elems := make([]attr.Value, 0, len(subs))
	for _, s := range subs {
		elems = append(elems, types.ObjectValueMust(unmanagedType.AttrTypes, map[string]attr.Value{
			"id": types.StringValue(s.ID), "event_type": types.StringValue(s.EventType),
			"uri": types.StringValue(s.URI), "description": types.StringValue(s.Description),
		}))
	}
	return types.ListValueMust(unmanagedType, elems)
}

// Read lists the subscriptions (the one list request every subscription
// resource of the refresh shares) and records which in scope are not in
// subscription_ids: drift that the plan then shows.
func (r *exclusiveResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state exclusiveModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	scope, _ := scopeOf(ctx, state, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscriptions", err)
		return
	}
	belong, _ := knownIDs(state.SubscriptionIDs)
	state.ID = types.StringValue(scope.id())
	state.Unmanaged = unmanagedValue(scope.outside(set.Items, belong))
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
	setExclusiveIdentity(ctx, scope, resp.Identity, &resp.Diagnostics)
}

// Delete deletes nothing: the subscriptions stay, and nothing owns the set
// any more.
func (r *exclusiveResource) Delete(ctx context.Context, _ resource.DeleteRequest, _ *resource.DeleteResponse) {
	tflog.Info(ctx, "esign_webhook_subscriptions_exclusive removed from state; no subscription was deleted")
}

// ImportState imports by scope: the import ID (exclusiveImportIDForm) or
// the identity. The imported resource owns nothing yet (subscription_ids
// is empty), so the first plan lists everything in scope that the
// configuration's subscription_ids leaves out.
func (r *exclusiveResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	id := req.ID
	if id == "" && req.Identity != nil {
		var diags diag.Diagnostics
		id, diags = exclusiveImportIDOfIdentity(ctx, req.Identity)
		if resp.Diagnostics.Append(diags...); resp.Diagnostics.HasError() {
			return
		}
	}
	scope, err := parseExclusiveScopeID(id)
	if err != nil {
		framework.AddImportIDError(&resp.Diagnostics, id, err)
		return
	}
	if len(scope.eventTypes) > 0 {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_types"), scope.eventTypes, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	model := exclusiveModel{
		ID: types.StringValue(scope.id()), SubscriptionIDs: types.SetValueMust(types.StringType, nil),
		EventTypes: types.SetNull(types.StringType), URIPrefix: types.StringNull(),
		OnUnmanaged: types.StringValue(onUnmanagedDelete), Unmanaged: types.ListNull(unmanagedType),
	}
	if len(scope.eventTypes) > 0 {
		model.EventTypes, _ = types.SetValueFrom(ctx, types.StringType, scope.eventTypes)
	}
	if scope.uriPrefix != "" {
		model.URIPrefix = types.StringValue(scope.uriPrefix)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &model)...)
	setExclusiveIdentity(ctx, scope, resp.Identity, &resp.Diagnostics)
}
