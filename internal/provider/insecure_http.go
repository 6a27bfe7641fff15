// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// Plain http:// goes to a loopback host only (the emulator) unless allow_insecure_http: every request carries
// the subscription key and a token. ValidateConfig decides for a configured base_url, Configure for ESIGN_BASE_URL.

var _ provider.ProviderWithValidateConfig = (*esignProvider)(nil)

func (p *esignProvider) ValidateConfig(ctx context.Context, req provider.ValidateConfigRequest, resp *provider.ValidateConfigResponse) {
	var baseURL types.String
	var allow types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("base_url"), &baseURL)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("allow_insecure_http"), &allow)...)
	if resp.Diagnostics.HasError() || baseURL.IsNull() || baseURL.IsUnknown() || allow.IsUnknown() {
		return // Configure decides, or reports the unknown value
	}
	insecureHTTPRule(baseURL.ValueString(), resolveAllowInsecureHTTP(allow, os.Getenv, &resp.Diagnostics), &resp.Diagnostics)
}

func insecureHTTPRule(raw string, allow bool, diags *diag.Diagnostics) {
	if allow || !plainHTTPToRemoteHost(raw) {
		return
	}
	// The form check refuses user information, so raw holds no password.
	diags.AddAttributeError(path.Root("base_url"), "Invalid base URL", fmt.Sprintf("base_url (or %s) is %q: plain http:// "+
		"is accepted only for a loopback host (127.0.0.1, ::1, localhost) such as the emulator, because every request "+
		"carries the subscription key and a token (and a login its password), which over http would cross the network "+
		"in clear text. Use https://; for a test gateway without TLS only, set allow_insecure_http = true (or %s=true).",
		envBaseURL, raw, envAllowInsecureHTTP))
}

func plainHTTPToRemoteHost(raw string) bool {
	return validators.BaseURLForm(raw) == nil && client.CheckBaseURL(raw) != nil
}

func resolveAllowInsecureHTTP(v types.Bool, getenv func(string) string, diags *diag.Diagnostics) bool {
	return resolveBool(v, "allow_insecure_http", envAllowInsecureHTTP, getenv, diags)
}

func insecureHTTPWarning(baseURL string, diags *diag.Diagnostics) {
	if !plainHTTPToRemoteHost(baseURL) {
		return // https, or http to loopback: the opt-in changes nothing
	}
	diags.AddAttributeWarning(path.Root("base_url"), "Credentials sent over plain http",
		fmt.Sprintf("allow_insecure_http is set and base_url is %q: the subscription key and the token (and a login "+
			"password) go to that host unencrypted. Use this for a test gateway only, never for the service.", baseURL))
}
