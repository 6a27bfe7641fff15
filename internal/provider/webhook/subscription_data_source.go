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

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ datasource.DataSourceWithConfigure = (*subscriptionDataSource)(nil)

// NewSubscriptionDataSource is the esign_webhook_subscription data source.
func NewSubscriptionDataSource() datasource.DataSource {
	return &subscriptionDataSource{framework.NewDataSourceBase("_webhook_subscription", subscriptionDataSourceSchema)}
}

type subscriptionDataSource struct{ framework.DataSourceBase }

// subscriptionDataModel is a subscription as the data sources show
// it: this one, and each item of esign_webhook_subscriptions.
type subscriptionDataModel struct {
	ID          types.String `tfsdk:"id"`
	EventType   types.String `tfsdk:"event_type"`
	URI         types.String `tfsdk:"uri"`
	Description types.String `tfsdk:"description"`
}

// subscriptionData is what the service says of a subscription.
func subscriptionData(s client.Subscription) subscriptionDataModel {
	return subscriptionDataModel{
		ID:          types.StringValue(s.ID),
		EventType:   types.StringValue(s.EventType),
		URI:         types.StringValue(s.URI),
		Description: types.StringValue(s.Description),
	}
}

var subscriptionDataSourceSchema = schema.Schema{
	MarkdownDescription: "One webhook subscription, read by id and event type " +
		"(`GET /hooks/v1/subscription/{id}?eventType=`). Custom headers are never returned by the service.",
	Attributes: map[string]schema.Attribute{
		"id": schema.StringAttribute{
			MarkdownDescription: "Subscription GUID.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"event_type": schema.StringAttribute{
			MarkdownDescription: "The subscription's event type; case does not matter. The service looks subscriptions up by id and event type.",
			Required:            true,
			Validators:          []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"uri": schema.StringAttribute{
			MarkdownDescription: "URI the events are sent to.",
			Computed:            true,
		},
		"description": schema.StringAttribute{
			MarkdownDescription: "Purpose of the subscription.",
			Computed:            true,
		},
	},
}

func (d *subscriptionDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var config subscriptionDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}

	sub, err := d.Client.GetSubscription(ctx, config.ID.ValueString(), config.EventType.ValueString())
	if client.IsNotFound(err) {
		resp.Diagnostics.AddAttributeError(path.Root("id"), "Webhook subscription not found",
			fmt.Sprintf("The service has no subscription with id %q and event type %q. Check both: the service looks a "+
				"subscription up by the pair. The esign_webhook_subscriptions data source lists every subscription.",
				config.ID.ValueString(), config.EventType.ValueString()))
		return
	}
	if err != nil {
		d.ProviderData.AddAPIError(&resp.Diagnostics, "Could not read the webhook subscription", err)
		return
	}

	// id and event_type stay as configured: they are inputs.
	config.URI = types.StringValue(sub.URI)
	config.Description = types.StringValue(sub.Description)
	resp.Diagnostics.Append(resp.State.Set(ctx, &config)...)
}
