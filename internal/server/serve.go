// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package server serves the provider over plugin protocol 6: the framework's server with the call-context
// fix (protocolServer). Removing the package is serving provider.New with providerserver.Serve.
package server

import (
	"io"
	"log"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

// Serve serves the provider until Terraform stops it; debug is managed debug mode (delve).
func Serve(version string, debug bool) error {
	// Only net/http writes to the standard logger here, and what it writes is a peer's bytes ("Unsolicited
	// response received on idle HTTP channel starting with ..."), unchecked by the client's gate.
	log.SetOutput(io.Discard)
	var opts []tf6server.ServeOpt
	if debug {
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
