// Package server serves the esign provider to Terraform over plugin
// protocol 6: the plugin framework's protocol server for the provider,
// wrapped by protocolServer, which works around the framework where a plan
// of thousands of resources needs it (see protocolServer, and the table of
// workarounds in DESIGN.md). Every workaround that stands between Terraform
// and the framework lives here: removing them all is deleting this package,
// serving provider.New with providerserver.Serve in main.go and in
// internal/cmd/esign-bench/profiled-provider, and making every server.New
// (the test factories of internal/acctest, tests that wrap the server)
// providerserver.NewProtocol6(provider.New(version))().
package server

import (
	"os"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

// Serve serves the provider to Terraform until Terraform stops it. debug
// starts it in managed debug mode (for delve).
func Serve(version string, debug bool) error {
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	return tf6server.Serve(provider.RegistryAddress, func() tfprotov6.ProviderServer {
		return New(version)
	}, opts...)
}

// New returns the provider's protocol 6 server: the plugin framework's
// server for a new provider, wrapped by protocolServer. The release binary,
// the benchmark's profiling build and the acceptance tests all run it. It
// reads ESIGN_DISABLE_REFRESH_SHORTCUT (envDisableRefreshShortcut) once,
// here: true sends every refresh to the framework.
func New(version string) tfprotov6.ProviderServer {
	p := newConfiguredProvider(provider.New(version)())
	return protocolServer{
		ProviderServer: providerserver.NewProtocol6(p)(),
		shortcut:       newRefreshShortcut(p, os.Getenv),
	}
}
