// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package planmodifiers

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// ReferenceIDDefault plans an unconfigured reference_id: entity_id for a
// SignatureRequest, else the state's (the service never shows it).
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

func isSignatureRequest(entityType string) bool {
	canonical, err := validators.CanonicalEntityType(entityType)
	return err == nil && canonical == client.EntitySignatureRequest
}
