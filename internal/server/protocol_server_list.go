package server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// plugin-go serves list resources only when the provider's server is also a
// tfprotov6.ListResourceServer, which it checks by type assertion (on the
// deprecated ProviderServerWithListResource, ProviderServer plus this);
// embedding does not carry that interface through protocolServer.
var _ tfprotov6.ListResourceServer = protocolServer{}

// ValidateListResourceConfig forwards to the framework's server.
func (s protocolServer) ValidateListResourceConfig(ctx context.Context, req *tfprotov6.ValidateListResourceConfigRequest) (*tfprotov6.ValidateListResourceConfigResponse, error) {
	return s.listResourceServer().ValidateListResourceConfig(ctx, req)
}

// ListResource forwards to the framework's server. Its results are produced
// after it returns, while plugin-go streams them, so the call's context is
// not released on return as the per-resource calls' are (a query is one
// call per list block, not one per resource).
func (s protocolServer) ListResource(ctx context.Context, req *tfprotov6.ListResourceRequest) (*tfprotov6.ListResourceServerStream, error) {
	return s.listResourceServer().ListResource(ctx, req)
}

// listResourceServer is the framework's server as a list resource server,
// which it always is (terraform-plugin-framework v1.14 and later).
func (s protocolServer) listResourceServer() tfprotov6.ListResourceServer {
	return s.ProviderServer.(tfprotov6.ListResourceServer)
}
