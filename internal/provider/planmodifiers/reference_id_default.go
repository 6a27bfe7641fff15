package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// ReferenceIDDefault plans a metadata entry's reference_id when it is not
// configured: a signature request's own id (entity_id) for a
// SignatureRequest entry (entity_type in any case), otherwise what the state already holds (the
// service keeps it and never shows it), or null for a new entry.
func ReferenceIDDefault() planmodifier.String { return referenceIDDefault{} }

type referenceIDDefault struct{}

func (referenceIDDefault) Description(context.Context) string {
	return "defaults to entity_id for a SignatureRequest, else keeps the value in state"
}

func (m referenceIDDefault) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (referenceIDDefault) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var entityType, entityID types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("entity_type"), &entityType)...)
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("entity_id"), &entityID)...)
	if resp.Diagnostics.HasError() {
		return
	}
	switch {
	case entityType.IsUnknown():
		resp.PlanValue = types.StringUnknown()
	case isSignatureRequest(entityType.ValueString()):
		resp.PlanValue = entityID // unknown while entity_id is
	case !req.StateValue.IsNull():
		resp.PlanValue = req.StateValue
	default:
		resp.PlanValue = types.StringNull()
	}
}

// isSignatureRequest: entity_type is SignatureRequest, in any case.
func isSignatureRequest(entityType string) bool {
	canonical, err := validators.CanonicalEntityType(entityType)
	return err == nil && canonical == client.EntitySignatureRequest
}
