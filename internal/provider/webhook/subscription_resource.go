// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
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
	_ resource.ResourceWithConfigure   = (*subscriptionResource)(nil)
	_ resource.ResourceWithIdentity    = (*subscriptionResource)(nil)
	_ resource.ResourceWithImportState = (*subscriptionResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*subscriptionResource)(nil)
)

// NewSubscriptionResource is the esign_webhook_subscription resource.
func NewSubscriptionResource() resource.Resource {
	return &subscriptionResource{framework.NewResourceBase("_webhook_subscription", subscriptionSchema)}
}

type subscriptionResource struct{ framework.ResourceBase }

var subscriptionSchema = schema.Schema{
	MarkdownDescription: "A webhook subscription: the service sends an HTTPS request with the event payload to `uri` " +
		"whenever an event of `event_type` happens. The service cannot update a subscription: every change replaces it.",
	Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "The subscription's GUID, as the service returned it on creation.",
			Computed:            true,
			PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"event_type": schema.StringAttribute{
			MarkdownDescription: "The event to subscribe to, e.g. `SignatureRequestCompleted` or `signatorysigned`, in any case: " +
				"a change of case alone neither replaces the subscription nor shows as drift. Must be one of the types " +
				"`GET /hooks/v1` returns (the `esign_supported_hooks` data source), checked at plan. Changing it replaces the subscription.",
			Required:      true,
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1), validators.EventTypeName()},
			PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplaceUnlessSameCanonical(client.CanonicalEventType)},
		},
		"uri": schema.StringAttribute{
			MarkdownDescription: "Absolute `https://` URL that receives the event requests. Changing it to another URL replaces the subscription; " +
				"a spelling of the same URL (scheme and host in another case, the default port written out or left out, " +
				"an unreserved character percent-encoded or not, an empty path or `/`) neither replaces it nor shows as drift.",
			Required:      true,
			Validators:    []validator.String{validators.WebhookURI()},
			PlanModifiers: []planmodifier.String{planmodifiers.RequiresReplaceUnlessSameCanonical(client.CanonicalURI)},
		},
		"description": schema.StringAttribute{
			MarkdownDescription: "Free text stating the purpose of the subscription. Defaults to `\"\"`. Changing it replaces the subscription.",
			Optional:            true,
			Computed:            true,
			Default:             stringdefault.StaticString(""),
			PlanModifiers:       []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"headers": schema.MapAttribute{
			MarkdownDescription: "HTTP headers the service sends with every event request, e.g. a client id and secret. The " +
				"service never returns them, so the provider keeps the configured values in state (sensitive) and cannot see " +
				"changes made outside Terraform; `headers_wo` keeps them out of state. Changing them replaces the subscription " +
				"(after an import, see Import). Values must not contain CR, LF or NUL, and names the gateway sets itself " +
				"(`Host`, `Content-Length`, hop-by-hop headers such as `Connection`) are refused.",
			Optional:      true,
			Sensitive:     true,
			ElementType:   types.StringType,
			Validators:    headerRules,
			PlanModifiers: []planmodifier.Map{planmodifiers.RequiresReplaceUnlessAdopted(adoptAfterImport)},
		},
		"headers_wo": schema.MapAttribute{
			MarkdownDescription: "Write-only alternative to `headers` (Terraform 1.11 or later): sent when the subscription is " +
				"created, never stored; conflicts with `headers`. Terraform cannot see a change to it: bump `headers_wo_version` to send " +
				"new values (this replaces the subscription). The rules of `headers` apply, checked at plan if known, else before the create.",
			Optional:    true,
			WriteOnly:   true,
			ElementType: types.StringType,
			Validators:  append([]validator.Map{mapvalidator.ConflictsWith(path.MatchRoot("headers"))}, headerRules...),
		},
		"headers_wo_version": schema.Int64Attribute{
			MarkdownDescription: "Any number; change it to send the current `headers_wo` values. Changing it replaces the subscription.",
			Optional:            true,
			Validators:          []validator.Int64{int64validator.AlsoRequires(path.MatchRoot("headers_wo"))},
			PlanModifiers:       []planmodifier.Int64{planmodifiers.RequiresReplaceUnlessAdopted(adoptAfterImport)},
		},
	},
}

var headerRules = []validator.Map{mapvalidator.KeysAre(validators.HeaderName()), mapvalidator.ValueStringsAre(validators.HeaderValue())}

// While a private mark is set, plans adopt the configured headers after an import.
// A plan that adopts nothing stores nothing, so each Read moves the mark on.
const privateKeyHeadersUnverified = "imported_headers_unverified"

// The marks, in the order the Reads after an import set them. States in use carry each of these spellings.
const (
	markImported        = `"imported"`  // set by ImportState
	markReadAfterImport = `true`        // the Read that followed the import
	markRefreshed       = `"refreshed"` // the first Read of a later operation
)

// headersMarkAfterRead is the mark a Read leaves: the next one, or none after markRefreshed.
func headersMarkAfterRead(mark string) []byte {
	switch mark {
	case markImported:
		return []byte(markReadAfterImport)
	case markReadAfterImport:
		return []byte(markRefreshed)
	}
	return nil
}

func adoptAfterImport(ctx context.Context, req planmodifiers.AdoptionRequest, diags *diag.Diagnostics) bool {
	mark, d := req.Private.GetKey(ctx, privateKeyHeadersUnverified)
	diags.Append(d...)
	switch string(mark) {
	case markImported, markReadAfterImport, markRefreshed:
	default:
		return false
	}
	var id types.String
	diags.Append(req.State.GetAttribute(ctx, path.Root("id"), &id)...)
	summary := "Imported webhook headers could not be verified: subscription " + id.ValueString()
	detail := fmt.Sprintf("Subscription %s was imported, and the service never returns headers: the configured headers (or headers_wo_version) are taken into state as they are, without a replacement. "+
		"If the subscription does not carry them, replace it (terraform apply -replace=<address>). "+
		"Later changes replace it as usual.", id.ValueString())
	diags.AddWarning(summary, detail)
	return true
}

func (r *subscriptionResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = subscriptionIdentity.Schema
}

// ModifyPlan tells the coordinator what the plan declares and which subscription its prior state holds, even
// for a destroy (DESIGN.md, "Leftovers after a crash, and identical blocks").
func (r *subscriptionResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.Client == nil { // Terraform validates with an unconfigured provider
		return
	}
	var plan, prior subscriptionModel // prior.ID is null without a prior state
	if !req.Plan.Raw.IsNull() {
		plan = framework.Get[subscriptionModel](ctx, req.Plan, &resp.Diagnostics)
	}
	if !req.State.Raw.IsNull() {
		prior = framework.Get[subscriptionModel](ctx, req.State, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	coordinator := r.ProviderData.Coordinator()
	priorID := prior.ID.ValueString()
	if priorID != "" {
		namedBy := coordinator.TrackAtPlan(priorID)
		if namedBy != "" {
			warnNamedBefore(&resp.Diagnostics, priorID, namedBy)
		}
	}
	if req.Plan.Raw.IsNull() {
		return
	}
	// An existing subscription whose type the service no longer lists is left alone: only a new type is checked.
	eventType := plan.EventType.ValueString()
	typeChanged := client.CanonicalEventType(prior.EventType.ValueString()) != client.CanonicalEventType(eventType)
	if !plan.EventType.IsUnknown() && typeChanged {
		checkEventTypes(ctx, r.ProviderData, path.Root("event_type"), []string{eventType}, &resp.Diagnostics)
	}
	resource := framework.PlannedResource(ctx, priorID, req, resp)
	if plan.EventType.IsUnknown() || plan.URI.IsUnknown() || plan.Description.IsUnknown() {
		return
	}
	declared := declaredSubscription{
		eventType:   eventType,
		uri:         plan.URI.ValueString(),
		description: plan.Description.ValueString(),
	}
	claim := subscriptionClaim(declared, resource, priorID != "")
	rivals := coordinator.ClaimAtPlan(claim)
	if len(rivals) > 0 {
		redacted := declared
		redacted.uri = r.Client.RedactURI(declared.uri)
		warnRivals(coordinator, &resp.Diagnostics, claim, redacted, rivals)
	}
	if priorID == "" && !resp.Diagnostics.HasError() {
		warnLeftovers(ctx, r.ProviderData, coordinator, declared, &resp.Diagnostics)
	}
}

func (r *subscriptionResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	defer subscriptionIdentity.AfterCreate(resp)
	plan := framework.Get[subscriptionModel](ctx, req.Plan, &resp.Diagnostics)
	var headersWO types.Map
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("headers_wo"), &headersWO)...)
	if resp.Diagnostics.HasError() {
		return
	}
	// The plan-time check is skipped when the type was unknown then.
	checkEventTypes(ctx, r.ProviderData, path.Root("event_type"), []string{plan.EventType.ValueString()}, &resp.Diagnostics)
	headers := plan.Headers
	if headers.IsNull() {
		headers = headersWO
	}
	body := client.CreateSubscriptionRequest{
		Description: plan.Description.ValueString(),
		URI:         plan.URI.ValueString(),
		EventType:   plan.EventType.ValueString(),
		Headers:     stringMap(ctx, headers, &resp.Diagnostics),
	}
	if resp.Diagnostics.HasError() {
		return
	}
	// The create is not idempotent: after a lost answer the client looks before it sends again.
	var created client.CreatedSubscription
	interrupted, err := framework.UninterruptedWrite(ctx, r.Client, func(ctx context.Context) (err error) {
		created, err = r.Client.CreateSubscriptionOnce(ctx, body, r.ProviderData.Coordinator().Tracked())
		return err
	})
	if errors.Is(err, client.ErrOutcomeUnknown) {
		err = fmt.Errorf("%w%s", err, "\n\nThe subscription may have been created. "+
			"Before applying again, look for it (data source esign_webhook_subscriptions, filtered by event_type and uri) and import it (terraform import <address> <event_type>/<id>), or delete it, so that no duplicate is left behind.")
	}
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not create the webhook subscription", err)
		return
	}
	tflog.Info(ctx, "created webhook subscription", map[string]any{
		"id":           created.ID,
		"adopted":      created.Adopted,
		"requests":     created.Requests,
		"event_type":   body.EventType,
		"uri":          r.Client.RedactURI(body.URI),
		"header_names": slices.Sorted(maps.Keys(body.Headers)),
	})
	if interrupted {
		warnDoneDespiteInterrupt(&resp.Diagnostics, created.ID, "created")
	}
	if created.Adopted {
		warnAdopted(&resp.Diagnostics, created.ID)
	}
	plan.ID = types.StringValue(created.ID)
	// The create's answer is an id: the first Read shows the forms the service keeps.
	written := []framework.Written{
		{
			Attribute:      "uri",
			Sent:           body.URI,
			FirstReadTells: true,
		},
		{
			Attribute:      "description",
			Sent:           body.Description,
			FirstReadTells: true,
		},
	}
	framework.RecordWritten(ctx, resp.Private, written, &resp.Diagnostics)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *subscriptionResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	defer subscriptionIdentity.AfterRead(req, resp)
	state := framework.Get[subscriptionModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	addSecrets(r.Client, stringMap(ctx, state.Headers, &resp.Diagnostics), state.URI.ValueString())
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscriptions", err)
		return
	}
	sub, found := set.Find(state.ID.ValueString())
	if !found {
		// A list may leave out what exists (a page it did not say it left, an answer during maintenance): only a
		// read by id says that the subscription is gone.
		confirmed, err := r.Client.GetSubscription(ctx, state.ID.ValueString(), state.EventType.ValueString())
		if client.IsNotFound(err) {
			tflog.Info(ctx, "webhook subscription no longer exists; removing it from state", map[string]any{
				"id": state.ID.ValueString(),
			})
			resp.State.RemoveResource(ctx)
			return
		}
		if err != nil {
			r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscription", err)
			return
		}
		sub = *confirmed
	}
	r.ProviderData.Coordinator().Track(sub.ID) // no create of this run adopts it after a lost answer, nor warns about it
	configured := state
	flattenSubscription(sub, &state)
	uri := framework.ValueAfterRead(ctx, resp.Private, "uri", configured.URI.ValueString(), state.URI.ValueString(), &resp.Diagnostics)
	description := framework.ValueAfterRead(ctx, resp.Private, "description", configured.Description.ValueString(), sub.Description, &resp.Diagnostics)
	state.URI = types.StringValue(uri.Value)
	state.Description = types.StringValue(description.Value)
	if uri.Learned {
		warnStoredForm(&resp.Diagnostics, sub.ID, "uri", r.Client.RedactURI(configured.URI.ValueString()), r.Client.RedactURI(sub.URI))
	}
	if description.Learned {
		warnStoredForm(&resp.Diagnostics, sub.ID, "description", configured.Description.ValueString(), r.Client.Redact(sub.Description))
	}
	mark, diags := req.Private.GetKey(ctx, privateKeyHeadersUnverified)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyHeadersUnverified, headersMarkAfterRead(string(mark)))...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &state)...)
}

// Update never calls the service, which has no update: what is left is a change of case in event_type, or
// headers adopted after an import.
func (r *subscriptionResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	defer subscriptionIdentity.AfterUpdate(resp)
	plan := framework.Get[subscriptionModel](ctx, req.Plan, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	addSecrets(r.Client, stringMap(ctx, plan.Headers, &resp.Diagnostics), plan.URI.ValueString())
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyHeadersUnverified, nil)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, &plan)...)
}

func (r *subscriptionResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	state := framework.Get[subscriptionModel](ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	id := state.ID.ValueString()
	r.ProviderData.Coordinator().Track(id) // no create of this run takes it
	interrupted, err := framework.UninterruptedWrite(ctx, r.Client, func(ctx context.Context) error {
		return r.Client.DeleteSubscription(ctx, id, state.EventType.ValueString())
	})
	if err != nil && !client.IsNotFound(err) {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not delete the webhook subscription", err)
		return
	}
	tflog.Info(ctx, "deleted webhook subscription", map[string]any{"id": id, "already_gone": err != nil})
	if interrupted && err == nil {
		warnDoneDespiteInterrupt(&resp.Diagnostics, id, "deleted")
	}
}

func (r *subscriptionResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	subscriptionIdentity.ImportState(ctx, req, resp, r.importByID)
}

// importByID looks the id up, so the plain form learns its event type and a wrong ID fails here.
func (r *subscriptionResource) importByID(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	eventType, id, err := parseImportID(req.ID)
	if err != nil {
		framework.AddImportIDError(&resp.Diagnostics, req.ID, err)
		return
	}
	set, err := r.Client.Subscriptions(ctx)
	if err != nil {
		r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscriptions", err)
		return
	}
	sub, listed := set.Find(id)
	if !listed {
		// A list may leave out what exists (a page it did not say it left, an answer during maintenance): only a
		// read by id says that there is none.
		found, err := r.Client.FindSubscription(ctx, id, eventType)
		if client.IsNotFound(err) {
			resp.Diagnostics.AddError("Webhook subscription not found", fmt.Sprintf("The service has no subscription with id %q. Expected %s.", id, importIDForm))
			return
		}
		if err != nil {
			r.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscription", err)
			return
		}
		sub = *found
	}
	if eventType != "" && client.CanonicalEventType(eventType) != sub.EventType {
		resp.Diagnostics.AddError("Webhook subscription has another event type", fmt.Sprintf(
			"Subscription %q has event type %q, not %q. Import it as %s/%s or as %s.", id, sub.EventType, eventType, sub.EventType, sub.ID, sub.ID))
		return
	}
	r.ProviderData.Coordinator().Track(sub.ID)
	model := importedSubscription(sub, eventType)
	resp.Diagnostics.Append(resp.State.Set(ctx, &model)...)
	resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyHeadersUnverified, []byte(markImported))...)
}

type subscriptionModel struct {
	ID               types.String `tfsdk:"id"`
	EventType        types.String `tfsdk:"event_type"`
	URI              types.String `tfsdk:"uri"`
	Description      types.String `tfsdk:"description"`
	Headers          types.Map    `tfsdk:"headers"`
	HeadersWO        types.Map    `tfsdk:"headers_wo"`
	HeadersWOVersion types.Int64  `tfsdk:"headers_wo_version"`
}

// flattenSubscription keeps the configured spelling of the event type when it differs only in case, and of the
// uri when it is the same URL; headers are never returned, and the framework nulls headers_wo in every state.
func flattenSubscription(sub client.Subscription, m *subscriptionModel) {
	m.ID = types.StringValue(sub.ID)
	if client.CanonicalEventType(m.EventType.ValueString()) != sub.EventType {
		m.EventType = types.StringValue(sub.EventType)
	}
	if !client.SameURI(m.URI.ValueString(), sub.URI) {
		m.URI = types.StringValue(sub.URI)
	}
	m.Description = types.StringValue(sub.Description)
}

// importedSubscription is the state an import makes. The ID's spelling of the event type is kept, so that a
// configuration written the same way shows no difference.
func importedSubscription(s client.Subscription, eventType string) subscriptionModel {
	m := subscriptionModel{
		EventType:        types.StringValue(eventType),
		Headers:          types.MapNull(types.StringType),
		HeadersWO:        types.MapNull(types.StringType),
		HeadersWOVersion: types.Int64Null(),
	}
	flattenSubscription(s, &m)
	return m
}

// stringMap converts a map(string) value; null and unknown give nil.
func stringMap(ctx context.Context, m types.Map, diags *diag.Diagnostics) map[string]string {
	if m.IsNull() || m.IsUnknown() {
		return nil
	}
	out := make(map[string]string, len(m.Elements()))
	diags.Append(m.ElementsAs(ctx, &out, false)...)
	return out
}

// warnDoneDespiteInterrupt names the subscription in the summary, or Terraform folds the warnings of several into one.
func warnDoneDespiteInterrupt(diags *diag.Diagnostics, id, done string) {
	summary := "Run interrupted: webhook subscription " + done + " anyway: " + id
	detail := "Terraform was interrupted after this request was sent. " +
		"The service may carry out a sent request whether or not anyone waits, so the provider waited for the answer: subscription " + id + " was " + done + ", and the state says so. " +
		"Run the command again to finish the rest."
	diags.AddWarning(summary, detail)
}

// warnAdopted names a subscription taken after a lost answer: the service has no idempotency key, so another
// writer's identical create at that moment cannot be told from this one's.
func warnAdopted(diags *diag.Diagnostics, id string) {
	summary := "Webhook subscription " + id + " was found after a lost answer"
	detail := "The service's answer to the create was lost. The provider then found subscription " + id + ", identical to this one and new since its first look, and took it as the one its request created, without sending the request again. " +
		"Had another writer (another configuration or Terraform run) created an identical subscription at that moment, this could be that one, with that writer's headers, which the service never shows. " +
		"If another configuration declares the same subscription, see that only one of them keeps it."
	diags.AddWarning(summary, detail)
}

// warnStoredForm says, once, in which form the service keeps a value the provider sent: the state keeps the
// configured value, and the next plans show no change. Both values passed the gate where they may hold a secret.
func warnStoredForm(diags *diag.Diagnostics, id, attribute, configured, inService string) {
	summary := fmt.Sprintf("The service keeps the %s of webhook subscription %s in another form", attribute, id)
	detail := fmt.Sprintf("The service answers %s = %q for the %q that was sent. "+
		"The state keeps the configured value, and while the service answers this form, plans show no change; any other change made outside Terraform still shows as drift. "+
		"Once an apply (or terraform apply -refresh-only) records this, plans no longer say it.",
		attribute, inService, configured)
	diags.AddWarning(summary, detail)
}

// addSecrets tells the gate a subscription's secrets: its header values and its URI's query values.
func addSecrets(c *client.Client, headers map[string]string, uri string) {
	c.AddSecrets(slices.Collect(maps.Values(headers))...)
	c.AddSecrets(client.URISecrets(uri)...)
}
