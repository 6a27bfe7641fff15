// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

func (p *esignProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var config esignProviderModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &config)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cfg, diags := resolveClientConfig(config, os.Getenv)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	cfg.UserAgent = fmt.Sprintf("terraform-provider-esign/%s (+https://%s) terraform/%s", p.version, RegistryAddress, req.TerraformVersion)
	cfg.Logger = framework.ClientLogger()

	c, err := client.New(cfg)
	if err != nil {
		resp.Diagnostics.AddError("Invalid provider configuration", err.Error())
		return
	}
	tflog.Debug(ctx, "esign provider configured", map[string]any{
		"base_url":        cfg.BaseURL,
		"auth":            authMode(cfg),
		"max_retries":     cfg.MaxRetries,
		"request_timeout": cfg.RequestTimeout.String(),
	})
	data := framework.NewProviderData(c)
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
	resp.EphemeralResourceData = data
}

// resolveClientConfig: configuration beats environment; every error names the
// attribute and its environment variable.
func resolveClientConfig(config esignProviderModel, getenv func(string) string) (client.Config, diag.Diagnostics) {
	var diags diag.Diagnostics
	str := func(v types.String, p path.Path, env string) string {
		if v.IsUnknown() {
			diags.AddAttributeError(p, "Unknown provider setting",
				fmt.Sprintf("%s depends on a value that is not known until apply. Set it to a known value, or use %s.", p, env))
			return ""
		}
		if !v.IsNull() {
			return v.ValueString()
		}
		return getenv(env)
	}

	cfg := client.Config{
		BaseURL:         str(config.BaseURL, path.Root("base_url"), envBaseURL),
		SubscriptionKey: str(config.SubscriptionKey, path.Root("subscription_key"), envSubscriptionKey),
		RequestTimeout:  client.DefaultRequestTimeout,
		MaxRetries:      client.DefaultMaxRetries,

		AllowInsecureHTTP: resolveAllowInsecureHTTP(config.AllowInsecureHTTP, getenv, &diags),
	}
	if cfg.BaseURL == "" {
		diags.AddAttributeError(path.Root("base_url"), "Missing base URL",
			"Set base_url in the provider block or the "+envBaseURL+" environment variable.")
	} else if err := validators.BaseURLForm(cfg.BaseURL); err != nil {
		// The schema validator cannot see ESIGN_BASE_URL.
		diags.AddAttributeError(path.Root("base_url"), "Invalid base URL",
			fmt.Sprintf("base_url (or %s) %s.", envBaseURL, err))
	} else if cfg.AllowInsecureHTTP {
		insecureHTTPWarning(cfg.BaseURL, &diags)
	} else if config.BaseURL.IsNull() { // ValidateConfig decides for a configured base_url
		insecureHTTPRule(cfg.BaseURL, cfg.AllowInsecureHTTP, &diags)
	}
	if cfg.SubscriptionKey == "" {
		diags.AddAttributeError(path.Root("subscription_key"), "Missing subscription key",
			"Set subscription_key in the provider block or the "+envSubscriptionKey+" environment variable.")
	}

	cfg.AccessToken, cfg.Login = resolveCredentials(config, getenv, &diags)
	for name, v := range map[string]struct{ env, value string }{
		"subscription_key": {envSubscriptionKey, cfg.SubscriptionKey}, "access_token": {envAccessToken, cfg.AccessToken},
	} {
		if err := client.CheckCredential(v.value); err != nil {
			diags.AddAttributeError(path.Root(name), "Invalid "+name, fmt.Sprintf("%s (or %s) %s: remove it.", name, v.env, err))
		}
	}

	if !config.MaxRetries.IsNull() && !config.MaxRetries.IsUnknown() {
		cfg.MaxRetries = int(config.MaxRetries.ValueInt64())
	} else if raw := getenv(envMaxRetries); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 0 || n > 20 {
			diags.AddAttributeError(path.Root("max_retries"), "Invalid max_retries",
				fmt.Sprintf("%s must be a whole number between 0 and 20, got %q.", envMaxRetries, raw))
		}
		cfg.MaxRetries = n
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = -1 // the client reads 0 as "default"; the user asked for none
	}

	if !config.RequestTimeout.IsNull() && !config.RequestTimeout.IsUnknown() {
		cfg.RequestTimeout, _ = time.ParseDuration(config.RequestTimeout.ValueString()) // validated by the schema
	}

	return cfg, diags
}

// resolveCredentials: a choice in configuration beats the environment; two at
// the same level conflict.
func resolveCredentials(config esignProviderModel, getenv func(string) string, diags *diag.Diagnostics) (string, *client.LoginCredentials) {
	loginPath := path.Root("login")
	tokenInConfig := !config.AccessToken.IsNull()
	loginInConfig := config.Login != nil

	switch {
	case tokenInConfig && loginInConfig:
		diags.AddAttributeError(loginPath, "Conflicting credentials",
			"Set either access_token or the login block in the provider block, not both.")
		return "", nil
	case tokenInConfig:
		if config.AccessToken.IsUnknown() {
			diags.AddAttributeError(path.Root("access_token"), "Unknown provider setting",
				"access_token depends on a value that is not known until apply. Set it to a known value, or use "+envAccessToken+".")
			return "", nil
		}
		if config.AccessToken.ValueString() == "" {
			diags.AddAttributeError(path.Root("access_token"), "Empty access token", "access_token is set to an empty string.")
		}
		return config.AccessToken.ValueString(), nil
	case loginInConfig:
		return "", resolveLogin(config.Login, getenv, diags)
	}

	envToken := getenv(envAccessToken)
	envLogin := getenv(envUsername) != "" || getenv(envPassword) != "" || getenv(envTenantID) != ""
	switch {
	case envToken != "" && envLogin:
		diags.AddAttributeError(path.Root("access_token"), "Conflicting credentials",
			fmt.Sprintf("Both %s and the login variables (%s, %s, %s) are set. Unset one, or choose in the provider block with access_token or login.",
				envAccessToken, envUsername, envPassword, envTenantID))
		return "", nil
	case envToken != "":
		return envToken, nil
	case envLogin:
		return "", resolveLogin(&loginModel{Username: types.StringNull(), Password: types.StringNull(), TenantID: types.StringNull()}, getenv, diags)
	}
	diags.AddAttributeError(path.Root("access_token"), "Missing credentials",
		fmt.Sprintf("Set access_token (or %s), or the login block with username, password and tenant_id (or %s, %s and %s).",
			envAccessToken, envUsername, envPassword, envTenantID))
	return "", nil
}

func resolveLogin(login *loginModel, getenv func(string) string, diags *diag.Diagnostics) *client.LoginCredentials {
	field := func(v types.String, name, env string) string {
		p := path.Root("login").AtName(name)
		if v.IsUnknown() {
			diags.AddAttributeError(p, "Unknown provider setting",
				fmt.Sprintf("login.%s depends on a value that is not known until apply. Set it to a known value, or use %s.", name, env))
			return ""
		}
		s := v.ValueString()
		if v.IsNull() {
			s = getenv(env)
		}
		if s == "" {
			diags.AddAttributeError(p, "Missing login setting",
				fmt.Sprintf("Logging in needs login.%s: set it in the login block or the %s environment variable.", name, env))
		}
		return s
	}
	creds := &client.LoginCredentials{
		Username: field(login.Username, "username", envUsername),
		Password: field(login.Password, "password", envPassword),
		TenantID: field(login.TenantID, "tenant_id", envTenantID),
	}
	if creds.TenantID != "" && login.TenantID.IsNull() && !validators.IsGUID(creds.TenantID) {
		diags.AddAttributeError(path.Root("login").AtName("tenant_id"), "Invalid tenant id",
			envTenantID+" must be a GUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301.")
	}
	return creds
}

func authMode(cfg client.Config) string {
	if cfg.Login != nil {
		return "login"
	}
	return "access_token"
}
