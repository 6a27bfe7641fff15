package server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// protocolServer is the framework's protocol server with two changes, both
// for plans of thousands of resources.
//
// It works around a memory leak in terraform-plugin-framework v1.19.0: its
// protocol server keeps every call's context, and with it the request's
// loggers and gRPC stream, until StopProvider, which Terraform sends on an
// interrupt, not at the end of a plan (callContext says where). That was
// 390 MB of provider RSS for a plan of 5,000 resources, 620 MB with refresh,
// and the garbage collector marking all of it again and again. The calls
// Terraform makes once per resource or data source instance, the methods
// below, get a callContext that lets go of the request when the call
// returns. The rest go straight through: schema, provider configuration and
// stop happen a few times per command, and GenerateResourceConfig only with
// terraform plan -generate-config-out, once per import block.
// TestProtocolServerLetsGoOfRequests calls each method below through this
// server and through the bare framework's; TestProtocolServerCallsAreAllTested
// fails when a method is added here, or to the protocol, without a test.
//
// Embedding forwards the methods of tfprotov6.ProviderServer only. The
// optional interfaces that plugin-go looks for by type assertion are not
// forwarded by it: list resources are, by the methods in
// protocol_server_list.go (without them `terraform query` finds no list
// resource); actions and state stores are not, since the provider has none,
// and one added later needs its methods forwarded the same way.
type protocolServer struct {
	tfprotov6.ProviderServer
}

// forward runs one call of the framework's server with a callContext, which
// lets go of the request when the call returns.
func forward[Req, Resp any](ctx context.Context, req Req, call func(context.Context, Req) (Resp, error)) (Resp, error) {
	callCtx, release := newCallContext(ctx)
	defer release()
	return call(callCtx, req)
}

func (s protocolServer) ValidateResourceConfig(ctx context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return forward(ctx, req, s.ProviderServer.ValidateResourceConfig)
}

func (s protocolServer) UpgradeResourceState(ctx context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	return forward(ctx, req, s.ProviderServer.UpgradeResourceState)
}

func (s protocolServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return forward(ctx, req, s.ProviderServer.ReadResource)
}

func (s protocolServer) PlanResourceChange(ctx context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return forward(ctx, req, s.ProviderServer.PlanResourceChange)
}

func (s protocolServer) ApplyResourceChange(ctx context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return forward(ctx, req, s.ProviderServer.ApplyResourceChange)
}

func (s protocolServer) ImportResourceState(ctx context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	return forward(ctx, req, s.ProviderServer.ImportResourceState)
}

func (s protocolServer) MoveResourceState(ctx context.Context, req *tfprotov6.MoveResourceStateRequest) (*tfprotov6.MoveResourceStateResponse, error) {
	return forward(ctx, req, s.ProviderServer.MoveResourceState)
}

func (s protocolServer) UpgradeResourceIdentity(ctx context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	return forward(ctx, req, s.ProviderServer.UpgradeResourceIdentity)
}

func (s protocolServer) ValidateDataResourceConfig(ctx context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	return forward(ctx, req, s.ProviderServer.ValidateDataResourceConfig)
}

func (s protocolServer) ReadDataSource(ctx context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	return forward(ctx, req, s.ProviderServer.ReadDataSource)
}
