// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// env is a fake environment for resolveClientConfig.
type env map[string]string

func (e env) get(k string) string { return e[k] }

// with is e with the variables of kv (name, value pairs) set, or unset where the value is "".
func (e env) with(kv ...string) env {
	out := maps.Clone(e)
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
		if kv[i+1] == "" {
			delete(out, kv[i])
		}
	}
	return out
}

const guid = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

// valid holds a base URL, a subscription key and an access token.
var valid = env{envBaseURL: "https://esign.example.com", envSubscriptionKey: "k", envAccessToken: "t"}

// config is a provider block with every attribute null, then changed by set.
func config(set func(*esignProviderModel)) esignProviderModel {
	c := esignProviderModel{BaseURL: types.StringNull(), AccessToken: types.StringNull(), SubscriptionKey: types.StringNull(),
		MaxRetries: types.Int64Null(), RequestTimeout: types.StringNull(), AllowInsecureHTTP: types.BoolNull()}
	if set != nil {
		set(&c)
	}
	return c
}

// Configuration beats the environment, defaults fill the rest. Plain http:// goes to a loopback host without
// further ado, to another host only with allow_insecure_http (or its environment variable), and then every run
// warns that the credentials travel unencrypted.
func TestResolveClientConfig(t *testing.T) {
	defaults := func(baseURL string, allowInsecureHTTP bool) client.Config {
		return client.Config{BaseURL: baseURL, SubscriptionKey: "k", AccessToken: "t", MaxRetries: client.DefaultMaxRetries,
			RequestTimeout: 30 * time.Second, AllowInsecureHTTP: allowInsecureHTTP}
	}
	optIn := func(c *esignProviderModel) { c.AllowInsecureHTTP = types.BoolValue(true) }
	for _, tc := range []struct {
		name      string
		config    func(*esignProviderModel)
		env       env
		want      client.Config
		warnsHost string // "" for no warning
	}{
		//nolint:gosec // G101: made-up test values, not credentials
		{"environment", nil, valid.with(envAccessToken, "tok-from-env", envSubscriptionKey, "key-from-env", envMaxRetries, "7"),
			client.Config{BaseURL: "https://esign.example.com", AccessToken: "tok-from-env", SubscriptionKey: "key-from-env",
				MaxRetries: 7, RequestTimeout: 30 * time.Second}, ""},
		// max_retries = 0 reaches the client as "no retries" (-1), not as "the default" (0).
		//nolint:gosec // G101: made-up test values, not credentials
		{"configuration beats the environment", func(c *esignProviderModel) {
			c.BaseURL, c.AccessToken = types.StringValue("http://127.0.0.1:9999"), types.StringValue("tok-from-config")
			c.SubscriptionKey, c.MaxRetries = types.StringValue("key-from-config"), types.Int64Value(0)
			c.RequestTimeout = types.StringValue("2m")
		}, valid.with(envUsername, "ignored-user", envMaxRetries, "9"),
			client.Config{BaseURL: "http://127.0.0.1:9999", AccessToken: "tok-from-config", SubscriptionKey: "key-from-config",
				MaxRetries: -1, RequestTimeout: 2 * time.Minute}, ""},
		{"login from the environment", nil, valid.with(envAccessToken, "", envUsername, "alice", envPassword, "pw", envTenantID, guid),
			client.Config{BaseURL: "https://esign.example.com", SubscriptionKey: "k", MaxRetries: client.DefaultMaxRetries,
				RequestTimeout: 30 * time.Second, Login: &client.LoginCredentials{Username: "alice", Password: "pw", TenantID: guid}}, ""},
		{"login block beats ESIGN_ACCESS_TOKEN", func(c *esignProviderModel) {
			c.Login = &loginModel{Username: types.StringValue("bob"), Password: types.StringNull(), TenantID: types.StringNull()}
		}, valid.with(envPassword, "pw", envTenantID, guid),
			client.Config{BaseURL: "https://esign.example.com", SubscriptionKey: "k", MaxRetries: client.DefaultMaxRetries,
				RequestTimeout: 30 * time.Second, Login: &client.LoginCredentials{Username: "bob", Password: "pw", TenantID: guid}}, ""},

		{"loopback address", nil, valid.with(envBaseURL, "http://127.0.0.1:8787"), defaults("http://127.0.0.1:8787", false), ""},
		{"localhost", nil, valid.with(envBaseURL, "http://localhost:8787/prefix"), defaults("http://localhost:8787/prefix", false), ""},
		{"IPv6 loopback", nil, valid.with(envBaseURL, "http://[::1]:8787"), defaults("http://[::1]:8787", false), ""},
		{"gateway with the opt-in in configuration", optIn, valid.with(envBaseURL, "http://gateway.test:8080"),
			defaults("http://gateway.test:8080", true), "gateway.test:8080"},
		{"gateway with the opt-in from the environment", nil, valid.with(envBaseURL, "http://gateway.test:8080", envAllowInsecureHTTP, "true"),
			defaults("http://gateway.test:8080", true), "gateway.test:8080"},
		{"https with the opt-in", optIn, valid, defaults("https://esign.example.com", true), ""},
		{"loopback with the opt-in", optIn, valid.with(envBaseURL, "http://127.0.0.1:8787"), defaults("http://127.0.0.1:8787", true), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, diags := resolveClientConfig(config(tc.config), tc.env.get)
			if diags.HasError() {
				t.Fatalf("refused: %v", diags)
			}
			if !reflect.DeepEqual(cfg, tc.want) {
				t.Errorf("got  %+v\nwant %+v", cfg, tc.want)
			}
			if _, err := client.New(cfg); err != nil {
				t.Errorf("the client refuses what the provider accepted: %v", err)
			}
			warnings := diags.Warnings()
			switch {
			case tc.warnsHost == "" && len(warnings) != 0:
				t.Errorf("unexpected warnings: %v", warnings)
			case tc.warnsHost != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Detail(), tc.warnsHost) ||
				!strings.Contains(warnings[0].Detail(), "unencrypted")):
				t.Errorf("want one warning that the credentials go to %s unencrypted, got %v", tc.warnsHost, warnings)
			}
		})
	}
}

// Each case must fail and the error must name the attribute and its env variable. TestAccInvalidConfigurations
// has the errors a provider block alone causes; these need the environment, or a value Terraform cannot send.
func TestResolveClientConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config func(*esignProviderModel)
		env    env
		want   []string
	}{
		{"bad base url scheme", nil, valid.with(envBaseURL, "ftp://x"), []string{"base_url", envBaseURL, "https://"}},
		{"conflicting env credentials", nil, valid.with(envUsername, "u"), []string{envAccessToken, envUsername}},
		{"tenant id from env not a GUID", nil, valid.with(envAccessToken, "", envUsername, "u", envPassword, "p", envTenantID, "acme"),
			[]string{envTenantID, "GUID"}},
		{"bad max retries env", nil, valid.with(envMaxRetries, "many"), []string{envMaxRetries}},
		{"unknown base url", func(c *esignProviderModel) { c.BaseURL = types.StringUnknown() }, valid, []string{"base_url", envBaseURL}},
		{"http base url to another host", nil, valid.with(envBaseURL, "http://api.esign.example.com"),
			[]string{"base_url", envBaseURL, `"http://api.esign.example.com"`, "loopback", "clear text", "allow_insecure_http", envAllowInsecureHTTP}},
		{"http base url with the opt-in refused in configuration", func(c *esignProviderModel) { c.AllowInsecureHTTP = types.BoolValue(false) },
			valid.with(envBaseURL, "http://10.1.2.3:8080", envAllowInsecureHTTP, "true"), []string{"base_url", `"http://10.1.2.3:8080"`}},
		{"allow insecure http env not a bool", nil, valid.with(envAllowInsecureHTTP, "yes please"), []string{envAllowInsecureHTTP, `"yes please"`}},
		{"unknown allow insecure http", func(c *esignProviderModel) { c.AllowInsecureHTTP = types.BoolUnknown() }, valid,
			[]string{"allow_insecure_http", envAllowInsecureHTTP}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := resolveClientConfig(config(tc.config), tc.env.get)
			if !diags.HasError() {
				t.Fatal("expected an error")
			}
			var text strings.Builder
			for _, d := range diags.Errors() {
				text.WriteString(d.Summary() + ": " + d.Detail() + "\n")
			}
			for _, w := range tc.want {
				if !strings.Contains(text.String(), w) {
					t.Errorf("error does not mention %q:\n%s", w, text.String())
				}
			}
		})
	}
}
