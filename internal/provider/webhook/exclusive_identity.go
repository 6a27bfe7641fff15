package webhook

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The identity of an esign_webhook_subscriptions_exclusive is its scope,
// spelled canonically (event types lower-case and sorted), so that
// `import { identity = { uri_prefix = "https://hooks.example.com/prod/" } }`
// names the part of the account a configuration owns. The other resources'
// identities are strings read straight from state (framework.StateIdentity);
// this one holds a list, so it is set here from the scope.

var exclusiveIdentitySchema = identityschema.Schema{
	Attributes: map[string]identityschema.Attribute{
		"event_types": identityschema.ListAttribute{
			Description:       "The event types in scope, lower-case and sorted; empty or left out: every event type.",
			ElementType:       types.StringType,
			OptionalForImport: true,
		},
		"uri_prefix": identityschema.StringAttribute{
			Description:       "The URI prefix of the scope; empty or left out: every URI.",
			OptionalForImport: true,
		},
	},
}

type exclusiveIdentityModel struct {
	EventTypes types.List   `tfsdk:"event_types"`
	URIPrefix  types.String `tfsdk:"uri_prefix"`
}

// setExclusiveIdentity stores scope as the identity, when the client asked
// for one (identity is Terraform and OpenTofu 1.12 and later) and nothing
// failed.
func setExclusiveIdentity(ctx context.Context, scope exclusiveScope, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	if identity == nil || diags.HasError() {
		return
	}
	eventTypes, d := types.ListValueFrom(ctx, types.StringType, scope.eventTypes)
	diags.Append(d...)
	model := exclusiveIdentityModel{EventTypes: eventTypes, URIPrefix: types.StringValue(scope.uriPrefix)}
	diags.Append(identity.Set(ctx, model)...)
}

// exclusiveImportIDOfIdentity is the import ID the identity stands for.
func exclusiveImportIDOfIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity) (string, diag.Diagnostics) {
	var model exclusiveIdentityModel
	diags := identity.Get(ctx, &model)
	var eventTypes []string
	if !diags.HasError() && !model.EventTypes.IsNull() {
		diags.Append(model.EventTypes.ElementsAs(ctx, &eventTypes, false)...)
	}
	return newExclusiveScope(eventTypes, model.URIPrefix.ValueString()).id(), diags
}
