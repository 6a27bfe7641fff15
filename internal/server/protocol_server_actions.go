// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// plugin-go finds actions by type assertion, which embedding does not carry through.
var _ tfprotov6.ActionServer = protocolServer{}

func (s protocolServer) ValidateActionConfig(ctx context.Context, req *tfprotov6.ValidateActionConfigRequest) (*tfprotov6.ValidateActionConfigResponse, error) {
	return s.actionServer().ValidateActionConfig(ctx, req)
}

func (s protocolServer) PlanAction(ctx context.Context, req *tfprotov6.PlanActionRequest) (*tfprotov6.PlanActionResponse, error) {
	return s.actionServer().PlanAction(ctx, req)
}

func (s protocolServer) InvokeAction(ctx context.Context, req *tfprotov6.InvokeActionRequest) (*tfprotov6.InvokeActionServerStream, error) {
	return s.actionServer().InvokeAction(ctx, req)
}

func (s protocolServer) actionServer() tfprotov6.ActionServer {
	return s.ProviderServer.(tfprotov6.ActionServer)
}
