package webhook

import (
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// subscriptionModel is an esign_webhook_subscription as Terraform holds it:
// the state of the resource and of each list result.
type subscriptionModel struct {
	ID               types.String `tfsdk:"id"`
	EventType        types.String `tfsdk:"event_type"`
	URI              types.String `tfsdk:"uri"`
	Description      types.String `tfsdk:"description"`
	Headers          types.Map    `tfsdk:"headers"`
	HeadersWO        types.Map    `tfsdk:"headers_wo"`
	HeadersWOVersion types.Int64  `tfsdk:"headers_wo_version"`
}

// flattenSubscription copies what the service returns into the model. The
// configured spelling of the event type is kept when it differs only in
// case; headers are never returned and stay as they are.
func flattenSubscription(sub client.Subscription, m *subscriptionModel) {
	m.ID = types.StringValue(sub.ID)
	if !strings.EqualFold(m.EventType.ValueString(), sub.EventType) {
		m.EventType = types.StringValue(sub.EventType)
	}
	m.URI = types.StringValue(sub.URI)
	m.Description = types.StringValue(sub.Description)
	m.HeadersWO = types.MapNull(types.StringType)
}
