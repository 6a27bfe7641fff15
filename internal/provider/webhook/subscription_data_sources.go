// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var (
	_ datasource.DataSourceWithConfigure = (*subscriptionDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*subscriptionsDataSource)(nil)
)

// NewSubscriptionDataSource is the esign_webhook_subscription data source.
func NewSubscriptionDataSource() datasource.DataSource {
	return &subscriptionDataSource{framework.NewDataSourceBase("_webhook_subscription", subscriptionDataSourceSchema)}
}

// NewSubscriptionsDataSource is the esign_webhook_subscriptions data source.
func NewSubscriptionsDataSource() datasource.DataSource {
	return &subscriptionsDataSource{framework.NewDataSourceBase("_webhook_subscriptions", subscriptionsDataSourceSchema)}
}

type (
	subscriptionDataSource  struct{ framework.DataSourceBase }
	subscriptionsDataSource struct{ framework.DataSourceBase }
)

// subscriptionItem is a subscription as the data sources show it; it converts to and from client.Subscription.
type subscriptionItem struct {
	ID          string `tfsdk:"id"`
	EventType   string `tfsdk:"event_type"`
	URI         string `tfsdk:"uri"`
	Description string `tfsdk:"description"`
}

// subscriptionDataAttributes: how id and event_type are given differs, what the service answers does not.
func subscriptionDataAttributes(id, eventType schema.StringAttribute) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":         id,
		"event_type": eventType,
		"uri": schema.StringAttribute{
			MarkdownDescription: "URI the events are sent to.",
			Computed:            true,
		},
		"description": schema.StringAttribute{
			MarkdownDescription: "Purpose of the subscription.",
			Computed:            true,
		},
	}
}

var subscriptionDataSourceSchema = schema.Schema{
	MarkdownDescription: "One webhook subscription, read by id and event type " +
		"(`GET /hooks/v1/subscription/{id}?eventType=`). Custom headers are never returned by the service.",
	Attributes: subscriptionDataAttributes(
		schema.StringAttribute{
			MarkdownDescription: "Subscription GUID.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		schema.StringAttribute{
			MarkdownDescription: "The subscription's event type; case does not matter. The service looks subscriptions up by id and event type.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	),
}

func (d *subscriptionDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var item subscriptionItem // id and event_type are inputs
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("id"), &item.ID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("event_type"), &item.EventType)...)
	if resp.Diagnostics.HasError() {
		return
	}
	sub, err := d.Client.GetSubscription(ctx, item.ID, item.EventType)
	if client.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("id"), "Webhook subscription not found", fmt.Sprintf(
			"The service has no subscription with id %q and event type %q (it looks a subscription up by the pair). "+
				"The esign_webhook_subscriptions data source lists every subscription.",
			item.ID, item.EventType))
		return
	}
	if err != nil {
		d.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscription", err)
		return
	}
	item.URI = sub.URI
	item.Description = sub.Description
	resp.Diagnostics.Append(resp.State.Set(ctx, &item)...)
}

type subscriptionsDataSourceModel struct {
	subscriptionFilterModel
	Subscriptions []subscriptionItem `tfsdk:"subscriptions"`
}

// subscriptionFilterModel is shared with the list resource; null selects all.
type subscriptionFilterModel struct {
	EventType types.String `tfsdk:"event_type"`
	URI       types.String `tfsdk:"uri"`
}

func (f subscriptionFilterModel) matches(s client.Subscription) bool {
	eventTypeMatches := f.EventType.IsNull() || client.CanonicalEventType(f.EventType.ValueString()) == s.EventType
	uriMatches := f.URI.IsNull() || f.URI.ValueString() == s.URI
	return eventTypeMatches && uriMatches
}

var subscriptionsDataSourceSchema = schema.Schema{
	MarkdownDescription: "Every webhook subscription of the account (`GET /hooks/v1/subscription`), optionally filtered by " +
		"event type and URI. Custom headers are never returned by the service.",
	Attributes: map[string]schema.Attribute{
		"event_type": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions to this event type; case does not matter (`SignatureRequestCompleted` = `signaturerequestcompleted`).",
			Optional:            true,
		},
		"uri": schema.StringAttribute{
			MarkdownDescription: "Only subscriptions that deliver to exactly this URI.",
			Optional:            true,
		},
		"subscriptions": schema.ListNestedAttribute{
			MarkdownDescription: "The matching subscriptions, in the order the service lists them.",
			Computed:            true,
			NestedObject: schema.NestedAttributeObject{
				Attributes: subscriptionDataAttributes(
					schema.StringAttribute{
						MarkdownDescription: "Subscription GUID.",
						Computed:            true,
					},
					schema.StringAttribute{
						MarkdownDescription: "Event type, lower-case as the service lists it.",
						Computed:            true,
					},
				),
			},
		},
	},
}

func (d *subscriptionsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var config subscriptionsDataSourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}

	set, err := d.Client.Subscriptions(ctx)
	if err != nil {
		d.ProviderData.AddAPIError(&resp.Diagnostics, "Could not list the webhook subscriptions", err)
		return
	}

	config.Subscriptions = make([]subscriptionItem, 0, len(set.Items))
	for _, s := range set.Items {
		if config.matches(s) {
			config.Subscriptions = append(config.Subscriptions, subscriptionItem(s))
		}
	}
	tflog.Debug(ctx, "listed webhook subscriptions", map[string]any{
		"total":    len(set.Items),
		"matching": len(config.Subscriptions),
	})
	resp.Diagnostics.Append(resp.State.Set(ctx, &config)...)
}
