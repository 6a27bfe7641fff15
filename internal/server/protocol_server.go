// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package server serves the provider over plugin protocol 6: the framework's server with the call-context
// fix (protocolServer). Removing the package is serving provider.New with providerserver.Serve.
package server

import (
	"context"
	"io"
	"log"
	"os"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

// Serve serves the provider until Terraform stops it; managedDebug is managed debug mode (delve).
func Serve(version string, managedDebug bool) error {
	// Only net/http writes to the standard logger here, and what it writes is a peer's bytes ("Unsolicited
	// response received on idle HTTP channel starting with ..."), unchecked by the client's gate.
	log.SetOutput(io.Discard)
	// The framework allocates about 0.3 MB per resource in a plan, nearly all of it garbage at once: collecting at
	// three times the live heap rather than twice takes a fifth less CPU (bench/README.md, "GOGC"). The user's wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	var opts []tf6server.ServeOpt
	if managedDebug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	return tf6server.Serve(provider.RegistryAddress, func() tfprotov6.ProviderServer { return New(version) }, opts...)
}

// New is the provider's protocol 6 server.
func New(version string) tfprotov6.ProviderServer {
	return protocolServer{ProviderServer: providerserver.NewProtocol6(provider.New(version)())()}
}

// QuietLogsUnlessAsked: unset, the SDK's and the provider's loggers default to TRACE and format every line
// (JSON, by hclog) that Terraform then discards: a third of the provider's CPU in a plan, a tenth in an apply
// (terraform-plugin-framework#1269). The provider's logger reads TF_LOG_PROVIDER_ESIGN, not TF_LOG_PROVIDER.
// Call it first in main.
func QuietLogsUnlessAsked() {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") && !strings.HasPrefix(kv, "TF_LOG_PATH") {
			return
		}
	}
	for _, name := range []string{"TF_LOG_SDK", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_PROTO", "TF_LOG_PROVIDER_ESIGN"} {
		_ = os.Setenv(name, "OFF")
	}
}

// protocolServer gives per-instance calls a callContext: the framework keeps every call's context until
// StopProvider, 620 MB for a plan of 5,000 resources, 41 MB with this (DESIGN.md, "Framework workarounds").
type protocolServer struct {
	tfprotov6.ProviderServer
}

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

// callContext is a call's context that lets go of the request once the call returns: the framework keeps a
// cancel func per call until StopProvider (protocolServer), and with it whatever that func's context holds.
type callContext struct {
	request     atomic.Pointer[context.Context] // nil once released
	done        <-chan struct{}                 // fixed: Done must return the same channel every time
	deadline    time.Time
	hasDeadline bool
}

// newCallContext wraps ctx for one call; release must run when it returns.
func newCallContext(ctx context.Context) (c *callContext, release func()) {
	c = &callContext{done: ctx.Done()}
	c.deadline, c.hasDeadline = ctx.Deadline()
	c.request.Store(&ctx)
	return c, func() { c.request.Store(nil) }
}

func (c *callContext) Deadline() (time.Time, bool) { return c.deadline, c.hasDeadline }

func (c *callContext) Done() <-chan struct{} { return c.done }

func (c *callContext) Err() error {
	if ctx := c.request.Load(); ctx != nil {
		return (*ctx).Err()
	}
	select { // released: the exact cause went with the request
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func (c *callContext) Value(key any) any {
	if ctx := c.request.Load(); ctx != nil {
		return (*ctx).Value(key)
	}
	return nil
}
