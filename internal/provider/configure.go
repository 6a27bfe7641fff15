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
	cfg.Logger = tflogLogger{} // the client's fields passed its gate

	c, err := client.New(cfg)
	if err != nil {
		resp.Diagnostics.AddError("Invalid provider configuration", err.Error())
		return
	}
	auth := "access_token"
	if cfg.Login != nil {
		auth = "login"
	}
	tflog.Debug(ctx, "esign provider configured", map[string]any{
		"base_url":        cfg.BaseURL,
		"auth":            auth,
		"max_retries":     max(cfg.MaxRetries, 0), // -1 is how the client is told "none"
		"request_timeout": cfg.RequestTimeout.String(),
	})

	validated := p.validated.Swap(false)
	data := &framework.ProviderData{
		Client:         c,
		ManyOperations: !validated,
	}
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
	resp.EphemeralResourceData = data
}

type tflogLogger struct{}

func (tflogLogger) Debug(ctx context.Context, msg string, fields map[string]any) {
	tflog.Debug(ctx, msg, fields)
}

// ValidateConfig decides for a configured base_url whether plain http:// is allowed (allow_insecure_http is a
// second setting), Configure for ESIGN_BASE_URL.
func (p *esignProvider) ValidateConfig(ctx context.Context, req provider.ValidateConfigRequest, resp *provider.ValidateConfigResponse) {
	p.validated.Store(true)
	var baseURL types.String
	var allow types.Bool
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("base_url"), &baseURL)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("allow_insecure_http"), &allow)...)
	if resp.Diagnostics.HasError() || baseURL.IsNull() || baseURL.IsUnknown() || allow.IsUnknown() {
		return // Configure decides, or reports the unknown value
	}
	allowed := resolveAllowInsecureHTTP(allow, os.Getenv, &resp.Diagnostics)
	if !allowed {
		insecureHTTPRule(baseURL.ValueString(), false, &resp.Diagnostics) // Configure warns when allowed
	}
}

// insecureHTTPRule: plain http:// goes to a loopback host only (the emulator) unless allowed, since every request
// carries the subscription key and a token. The form check refuses user information, so raw holds no password.
func insecureHTTPRule(raw string, allow bool, diags *diag.Diagnostics) {
	switch {
	case validators.BaseURLForm(raw) != nil || client.CheckBaseURL(raw) == nil: // not plain http:// to a remote host
	case allow:
		diags.AddAttributeWarning(path.Root("base_url"), "Credentials sent over plain http",
			fmt.Sprintf("allow_insecure_http is set and base_url is %q: the subscription key and the token (and a login password) go to that host unencrypted. "+
				"Use this for a test gateway only, never for the service.", raw))
	default:
		diags.AddAttributeError(path.Root("base_url"), "Invalid base URL",
			fmt.Sprintf("base_url (or %s) is %q: plain http:// is accepted only for a loopback host (127.0.0.1, ::1, localhost) such as the emulator, because the credentials of every request would cross the network in clear text. "+
				"Use https://; for a test gateway without TLS only, set allow_insecure_http = true (or %s=true).", envBaseURL, raw, envAllowInsecureHTTP))
	}
}

// unknownSetting: a provider setting is needed at configure, before apply.
func unknownSetting(diags *diag.Diagnostics, p path.Path, env string) {
	diags.AddAttributeError(p, "Unknown provider setting",
		fmt.Sprintf("%s depends on a value that is not known until apply. Set it to a known value, or use %s.", p, env))
}

// resolveClientConfig: configuration beats environment; every error names the attribute and its environment variable.
func resolveClientConfig(config esignProviderModel, getenv func(string) string) (client.Config, diag.Diagnostics) {
	var diags diag.Diagnostics
	str := func(v types.String, p path.Path, env string) string {
		if v.IsUnknown() {
			unknownSetting(&diags, p, env)
			return ""
		}
		if !v.IsNull() {
			return v.ValueString()
		}
		return getenv(env)
	}

	baseURL := str(config.BaseURL, path.Root("base_url"), envBaseURL)
	subscriptionKey := str(config.SubscriptionKey, path.Root("subscription_key"), envSubscriptionKey)
	allowInsecureHTTP := resolveAllowInsecureHTTP(config.AllowInsecureHTTP, getenv, &diags)
	cfg := client.Config{
		BaseURL:           baseURL,
		SubscriptionKey:   subscriptionKey,
		RequestTimeout:    client.DefaultRequestTimeout,
		MaxRetries:        client.DefaultMaxRetries,
		AllowInsecureHTTP: allowInsecureHTTP,
	}
	if cfg.BaseURL == "" {
		diags.AddAttributeError(path.Root("base_url"), "Missing base URL",
			"Set base_url in the provider block or the "+envBaseURL+" environment variable.")
	} else if err := validators.BaseURLForm(cfg.BaseURL); err != nil {
		// The schema validator cannot see ESIGN_BASE_URL.
		diags.AddAttributeError(path.Root("base_url"), "Invalid base URL", fmt.Sprintf("base_url (or %s) %s.", envBaseURL, err))
	} else if cfg.AllowInsecureHTTP || config.BaseURL.IsNull() { // ValidateConfig refuses a configured base_url
		insecureHTTPRule(cfg.BaseURL, cfg.AllowInsecureHTTP, &diags)
	}
	if cfg.SubscriptionKey == "" {
		diags.AddAttributeError(path.Root("subscription_key"), "Missing subscription key",
			"Set subscription_key in the provider block or the "+envSubscriptionKey+" environment variable.")
	}

	cfg.AccessToken, cfg.Login = resolveCredentials(config, getenv, &diags)
	checkCredential(&diags, "subscription_key", envSubscriptionKey, cfg.SubscriptionKey)
	checkCredential(&diags, "access_token", envAccessToken, cfg.AccessToken)

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

// checkCredential: a credential with a control character (a trailing line break) fails here, before any request.
func checkCredential(diags *diag.Diagnostics, name, env, value string) {
	if err := client.CheckCredential(value); err != nil {
		diags.AddAttributeError(path.Root(name), "Invalid "+name, fmt.Sprintf("%s (or %s) %s: remove it.", name, env, err))
	}
}

func resolveAllowInsecureHTTP(v types.Bool, getenv func(string) string, diags *diag.Diagnostics) bool {
	p := path.Root("allow_insecure_http")
	raw := getenv(envAllowInsecureHTTP)
	switch {
	case v.IsUnknown():
		unknownSetting(diags, p, envAllowInsecureHTTP)
	case !v.IsNull():
		return v.ValueBool()
	case raw != "":
		on, err := strconv.ParseBool(raw)
		if err != nil {
			diags.AddAttributeError(p, "Invalid "+envAllowInsecureHTTP,
				fmt.Sprintf("%s must be true or false, got %q.", envAllowInsecureHTTP, raw))
		}
		return on
	}
	return false
}

// resolveCredentials: a choice in configuration beats the environment; two at the same level conflict.
func resolveCredentials(config esignProviderModel, getenv func(string) string, diags *diag.Diagnostics) (string, *client.LoginCredentials) {
	switch {
	case !config.AccessToken.IsNull() && config.Login != nil:
		diags.AddAttributeError(path.Root("login"), "Conflicting credentials",
			"Set either access_token or the login block in the provider block, not both.")
		return "", nil
	case config.AccessToken.IsUnknown():
		unknownSetting(diags, path.Root("access_token"), envAccessToken)
		return "", nil
	case !config.AccessToken.IsNull():
		if config.AccessToken.ValueString() == "" {
			diags.AddAttributeError(path.Root("access_token"), "Empty access token", "access_token is set to an empty string.")
		}
		return config.AccessToken.ValueString(), nil
	case config.Login != nil:
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
		fromEnvironment := &loginModel{
			Username: types.StringNull(),
			Password: types.StringNull(),
			TenantID: types.StringNull(),
		}
		return "", resolveLogin(fromEnvironment, getenv, diags)
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
			unknownSetting(diags, p, env)
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
