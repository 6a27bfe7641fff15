package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// NewWebhookSubscriptionResourceWithIdentity is the esign_webhook_subscription
// resource the provider serves.
func NewWebhookSubscriptionResourceWithIdentity() resource.Resource {
	return withIdentity{newWebhookSubscriptionResource(), webhookSubscriptionIdentities}
}

// webhookSubscriptionIdentities: a subscription is named by its id and
// event type.
var webhookSubscriptionIdentities = stateIdentity{
	schema:   webhookSubscriptionIdentitySchema,
	of:       webhookSubscriptionIdentityOfState,
	importID: webhookImportIDOfIdentity,
}

// webhookSubscriptionIdentitySchema: the id names a subscription; the event
// type is part of it because the service's get and delete routes need it
// (?eventType=), and is optional on import, where the provider looks it up.
// It is stored lower-case, as the service lists it, so that the identity
// stays the same whatever spelling the configuration uses.
var webhookSubscriptionIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"id": identityschema.StringAttribute{
			Description:       "The subscription's GUID.",
			RequiredForImport: true,
		},
		"event_type": identityschema.StringAttribute{
			Description: "The subscription's event type, lower-case as the service lists it. Optional on import " +
				"(any case): the provider looks it up, and rejects an import whose event type differs.",
			OptionalForImport: true,
		},
	},
}

var webhookSubscriptionIdentityType = webhookSubscriptionIdentitySchema.Type().TerraformType(context.Background())

type webhookSubscriptionIdentityModel struct {
	ID        types.String `tfsdk:"id"`
	EventType types.String `tfsdk:"event_type"`
}

// webhookSubscriptionIdentity is the identity of the subscription id of
// eventType, in any spelling.
func webhookSubscriptionIdentity(id, eventType string) tftypes.Value {
	return tftypes.NewValue(webhookSubscriptionIdentityType, map[string]tftypes.Value{
		"id":         tftypes.NewValue(tftypes.String, id),
		"event_type": tftypes.NewValue(tftypes.String, strings.ToLower(eventType)),
	})
}

// webhookSubscriptionIdentityOfState is the identityOfState of a subscription.
func webhookSubscriptionIdentityOfState(state tftypes.Value) (tftypes.Value, error) {
	o := newRawObject(state)
	id, eventType := o.String("id"), o.String("event_type")
	if err := o.Err(); err != nil {
		return tftypes.Value{}, err
	}
	return webhookSubscriptionIdentity(id.ValueString(), eventType.ValueString()), nil
}

// webhookImportIDOfIdentity is <event_type>/<id>, or <id> when the identity
// has no event type.
func webhookImportIDOfIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity) (string, diag.Diagnostics) {
	var m webhookSubscriptionIdentityModel
	diags := identity.Get(ctx, &m)
	if diags.HasError() {
		return "", diags
	}
	id, eventType := m.ID.ValueString(), m.EventType.ValueString()
	switch {
	case id == "" || strings.Contains(id, "/"):
		diags.AddError("Invalid import identity",
			fmt.Sprintf("The identity's id %q is not a subscription id: it must be the subscription's GUID, "+
				"e.g. 3f2504e0-4f89-11d3-9a0c-0305e82c3301.", id))
	case eventType != "" && !validators.IsEventTypeName(eventType):
		diags.AddError("Invalid import identity",
			fmt.Sprintf("The identity's event_type %q is not an event type: it must be an event type name such as "+
				"SignatureRequestCompleted (letters and digits), or left out.", eventType))
	case eventType != "":
		return webhookImportID(eventType, id), diags
	}
	return id, diags
}
