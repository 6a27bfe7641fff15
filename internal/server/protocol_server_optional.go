// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// plugin-go finds list resources and actions by type assertion, which embedding does not carry through. These
// calls keep their context: results stream after they return, and they are few per command.
var (
	_ tfprotov6.ListResourceServer = protocolServer{}
	_ tfprotov6.ActionServer       = protocolServer{}
)

func (s protocolServer) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return s.ProviderServer.(tfprotov6.ListResourceServer).ValidateListResourceConfig(ctx, req)
}

func (s protocolServer) ListResource(ctx context.Context, req *tfprotov6.ListResourceRequest) (*tfprotov6.ListResourceServerStream, error) {
	return s.ProviderServer.(tfprotov6.ListResourceServer).ListResource(ctx, req)
}

func (s protocolServer) ValidateActionConfig(ctx context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	return s.ProviderServer.(tfprotov6.ActionServer).ValidateActionConfig(ctx, req)
}

func (s protocolServer) PlanAction(ctx context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	return s.ProviderServer.(tfprotov6.ActionServer).PlanAction(ctx, req)
}

func (s protocolServer) InvokeAction(ctx context.Context, req *tfprotov6.InvokeActionRequest) (*tfprotov6.InvokeActionServerStream, error) {
	return s.ProviderServer.(tfprotov6.ActionServer).InvokeAction(ctx, req)
}
