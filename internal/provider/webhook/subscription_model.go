// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

type subscriptionModel struct {
	ID               types.String `tfsdk:"id"`
	EventType        types.String `tfsdk:"event_type"`
	URI              types.String `tfsdk:"uri"`
	Description      types.String `tfsdk:"description"`
	Headers          types.Map    `tfsdk:"headers"`
	HeadersWO        types.Map    `tfsdk:"headers_wo"`
	HeadersWOVersion types.Int64  `tfsdk:"headers_wo_version"`
}

// flattenSubscription keeps the configured spelling of the event type when it
// differs only in case; headers are never returned.
func flattenSubscription(sub client.Subscription, m *subscriptionModel) {
	m.ID = types.StringValue(sub.ID)
	if client.CanonicalEventType(m.EventType.ValueString()) != sub.EventType {
		m.EventType = types.StringValue(sub.EventType)
	}
	m.URI = types.StringValue(sub.URI)
	m.Description = types.StringValue(sub.Description)
	m.HeadersWO = types.MapNull(types.StringType)
}
