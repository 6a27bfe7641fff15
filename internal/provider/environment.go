// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Environment variables read when an attribute is not set in configuration.
const (
	envBaseURL           = "ESIGN_BASE_URL"
	envAccessToken       = "ESIGN_ACCESS_TOKEN"
	envSubscriptionKey   = "ESIGN_SUBSCRIPTION_KEY"
	envUsername          = "ESIGN_USERNAME"
	envPassword          = "ESIGN_PASSWORD"
	envTenantID          = "ESIGN_TENANT_ID"
	envMaxRetries        = "ESIGN_MAX_RETRIES"
	envAllowInsecureHTTP = "ESIGN_ALLOW_INSECURE_HTTP"
)

func resolveBool(v types.Bool, name, env string, getenv func(string) string, diags *diag.Diagnostics) bool {
	p := path.Root(name)
	switch {
	case v.IsUnknown():
		diags.AddAttributeError(p, "Unknown provider setting",
			name+" depends on a value that is not known until apply. Set it to a known value, or use "+env+".")
		return false
	case !v.IsNull():
		return v.ValueBool()
	}
	raw := getenv(env)
	if raw == "" {
		return false
	}
	on, err := strconv.ParseBool(raw)
	if err != nil {
		diags.AddAttributeError(p, "Invalid "+env, fmt.Sprintf("%s must be true or false, got %q.", env, raw))
	}
	return on
}
