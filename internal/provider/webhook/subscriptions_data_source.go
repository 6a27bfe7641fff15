// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

var _ datasource.DataSourceWithConfigure = (*subscriptionsDataSource)(nil)

// NewSubscriptionsDataSource is the esign_webhook_subscriptions data source.
func NewSubscriptionsDataSource() datasource.DataSource {
	return &subscriptionsDataSource{framework.NewDataSourceBase("_webhook_subscriptions", subscriptionsDataSourceSchema)}
}

type subscriptionsDataSource struct{ framework.DataSourceBase }

type subscriptionsDataSourceModel struct {
	subscriptionFilterModel
	Subscriptions []subscriptionDataModel `tfsdk:"subscriptions"`
}

// subscriptionFilterModel is shared with the list resource; null selects all.
type subscriptionFilterModel struct {
	EventType types.String `tfsdk:"event_type"`
	URI       types.String `tfsdk:"uri"`
}

func (f subscriptionFilterModel) matches(s client.Subscription) bool {
	return (f.EventType.IsNull() || strings.EqualFold(f.EventType.ValueString(), s.EventType)) &&
		(f.URI.IsNull() || f.URI.ValueString() == s.URI)
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
				Attributes: map[string]schema.Attribute{
					"id": schema.StringAttribute{
						MarkdownDescription: "Subscription GUID.",
						Computed:            true,
					},
					"event_type": schema.StringAttribute{
						MarkdownDescription: "Event type, lower-case as the service lists it.",
						Computed:            true,
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

	config.Subscriptions = make([]subscriptionDataModel, 0, len(set.Items))
	for _, s := range set.Items {
		if config.matches(s) {
			config.Subscriptions = append(config.Subscriptions, subscriptionData(s))
		}
	}
	tflog.Debug(ctx, "listed webhook subscriptions", map[string]any{"total": len(set.Items), "matching": len(config.Subscriptions)})
	resp.Diagnostics.Append(resp.State.Set(ctx, &config)...)
}
