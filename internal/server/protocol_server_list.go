// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// plugin-go finds list resources by type assertion, which embedding does not carry through.
var _ tfprotov6.ListResourceServer = protocolServer{}

func (s protocolServer) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return s.listResourceServer().ValidateListResourceConfig(ctx, req)
}

// ListResource keeps its context: results stream after it returns (and it is one call per list block).
func (s protocolServer) ListResource(ctx context.Context, req *tfprotov6.ListResourceRequest) (*tfprotov6.ListResourceServerStream, error) {
	return s.listResourceServer().ListResource(ctx, req)
}

func (s protocolServer) listResourceServer() tfprotov6.ListResourceServer {
	return s.ProviderServer.(tfprotov6.ListResourceServer)
}
