// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider

import (
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// env is a fake environment for resolveClientConfig.
type env map[string]string

func (e env) get(k string) string { return e[k] }

// resolved is resolveClientConfig's answer for a configuration that must be accepted.
func resolved(t *testing.T, config esignProviderModel, e env) client.Config {
	t.Helper()
	cfg, diags := resolveClientConfig(config, e.get)
	if diags.HasError() {
		t.Fatalf("unexpected errors: %v", diags)
	}
	return cfg
}

func nullConfig() esignProviderModel {
	return esignProviderModel{
		BaseURL:         types.StringNull(),
		AccessToken:     types.StringNull(),
		SubscriptionKey: types.StringNull(),
		MaxRetries:      types.Int64Null(),
		RequestTimeout:  types.StringNull(),

		AllowInsecureHTTP: types.BoolNull(),
	}
}

func TestResolveClientConfigEnvFallbacks(t *testing.T) {
	cfg := resolved(t, nullConfig(), env{ //nolint:gosec // G101: made-up test values, not credentials
		envBaseURL:         "https://esign.example.com",
		envAccessToken:     "tok-from-env",
		envSubscriptionKey: "key-from-env",
		envMaxRetries:      "7",
	})
	if cfg.BaseURL != "https://esign.example.com" || cfg.AccessToken != "tok-from-env" || cfg.SubscriptionKey != "key-from-env" {
		t.Errorf("env values not used: %+v", cfg)
	}
	if cfg.MaxRetries != 7 {
		t.Errorf("MaxRetries = %d, want 7", cfg.MaxRetries)
	}
	if cfg.RequestTimeout != 30*time.Second {
		t.Errorf("RequestTimeout = %s, want the 30s default", cfg.RequestTimeout)
	}
	if cfg.Login != nil {
		t.Errorf("login must stay unset with a token")
	}
}

func TestResolveClientConfigConfigurationBeatsEnv(t *testing.T) {
	c := nullConfig()
	c.BaseURL = types.StringValue("http://127.0.0.1:9999")
	c.AccessToken = types.StringValue("tok-from-config")
	c.SubscriptionKey = types.StringValue("key-from-config")
	c.MaxRetries = types.Int64Value(0)
	c.RequestTimeout = types.StringValue("2m")
	cfg := resolved(t, c, env{
		envBaseURL: "https://ignored.example.com", envAccessToken: "ignored", envSubscriptionKey: "ignored",
		envUsername: "ignored-user", envMaxRetries: "9",
	})
	if cfg.BaseURL != "http://127.0.0.1:9999" || cfg.AccessToken != "tok-from-config" || cfg.SubscriptionKey != "key-from-config" {
		t.Errorf("configuration must win over env: %+v", cfg)
	}
	if cfg.MaxRetries != -1 {
		t.Errorf("max_retries = 0 must reach the client as 'no retries' (-1), got %d", cfg.MaxRetries)
	}
	if cfg.RequestTimeout != 2*time.Minute {
		t.Errorf("RequestTimeout = %s, want 2m", cfg.RequestTimeout)
	}
}

func TestResolveClientConfigLoginFromEnv(t *testing.T) {
	cfg := resolved(t, nullConfig(), env{
		envBaseURL: "https://esign.example.com", envSubscriptionKey: "k",
		envUsername: "alice", envPassword: "pw-secret", envTenantID: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
	})
	if cfg.Login == nil || cfg.Login.Username != "alice" || cfg.Login.Password != "pw-secret" || cfg.AccessToken != "" {
		t.Fatalf("login credentials not taken from env: %+v", cfg)
	}
}

func TestResolveClientConfigLoginBlockBeatsEnvToken(t *testing.T) {
	c := nullConfig()
	c.Login = &loginModel{Username: types.StringValue("bob"), Password: types.StringNull(), TenantID: types.StringNull()}
	cfg := resolved(t, c, env{
		envBaseURL: "https://esign.example.com", envSubscriptionKey: "k", envAccessToken: "env-token",
		envPassword: "pw", envTenantID: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
	})
	if cfg.Login == nil || cfg.Login.Username != "bob" || cfg.Login.Password != "pw" || cfg.AccessToken != "" {
		t.Fatalf("the login block must win over ESIGN_ACCESS_TOKEN: %+v", cfg)
	}
}

// Each case must fail and the error must name the attribute and its env variable.
func TestResolveClientConfigErrors(t *testing.T) {
	base := env{envBaseURL: "https://esign.example.com", envSubscriptionKey: "k", envAccessToken: "t"}
	with := func(overrides env) env {
		e := env{}
		for k, v := range base {
			e[k] = v
		}
		for k, v := range overrides {
			if v == "" {
				delete(e, k)
			} else {
				e[k] = v
			}
		}
		return e
	}
	cases := []struct {
		name   string
		config func(*esignProviderModel)
		env    env
		want   []string
	}{
		{"missing base url", nil, with(env{envBaseURL: ""}), []string{"base_url", envBaseURL}},
		{"bad base url scheme", nil, with(env{envBaseURL: "ftp://x"}), []string{"base_url", envBaseURL, "https://"}},
		{"missing subscription key", nil, with(env{envSubscriptionKey: ""}), []string{"subscription_key", envSubscriptionKey}},
		{"missing credentials", nil, with(env{envAccessToken: ""}), []string{"access_token", envAccessToken, envUsername}},
		{"conflicting env credentials", nil, with(env{envUsername: "u"}), []string{envAccessToken, envUsername}},
		{"conflicting config credentials", func(c *esignProviderModel) {
			c.AccessToken = types.StringValue("t")
			c.Login = &loginModel{Username: types.StringValue("u"), Password: types.StringValue("p"), TenantID: types.StringNull()}
		}, base, []string{"access_token", "login"}},
		{"login without password", func(c *esignProviderModel) {
			c.Login = &loginModel{Username: types.StringValue("u"), Password: types.StringNull(), TenantID: types.StringValue("3f2504e0-4f89-11d3-9a0c-0305e82c3301")}
		}, with(env{envAccessToken: ""}), []string{"login.password", envPassword}},
		{"tenant id from env not a GUID", nil, with(env{envAccessToken: "", envUsername: "u", envPassword: "p", envTenantID: "acme"}), []string{envTenantID, "GUID"}},
		{"bad max retries env", nil, with(env{envMaxRetries: "many"}), []string{envMaxRetries}},
		{"unknown base url", func(c *esignProviderModel) { c.BaseURL = types.StringUnknown() }, base, []string{"base_url", envBaseURL}},
		{"http base url to another host", nil, with(env{envBaseURL: "http://api.esign.example.com"}),
			[]string{"base_url", envBaseURL, `"http://api.esign.example.com"`, "loopback", "clear text", "allow_insecure_http", envAllowInsecureHTTP}},
		{"http base url with the opt-in refused in configuration", func(c *esignProviderModel) { c.AllowInsecureHTTP = types.BoolValue(false) },
			with(env{envBaseURL: "http://10.1.2.3:8080", envAllowInsecureHTTP: "true"}), []string{"base_url", `"http://10.1.2.3:8080"`}},
		{"allow insecure http env not a bool", nil, with(env{envAllowInsecureHTTP: "yes please"}), []string{envAllowInsecureHTTP, `"yes please"`}},
		{"unknown allow insecure http", func(c *esignProviderModel) { c.AllowInsecureHTTP = types.BoolUnknown() }, base,
			[]string{"allow_insecure_http", envAllowInsecureHTTP}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := nullConfig()
			if tc.config != nil {
				tc.config(&c)
			}
			_, diags := resolveClientConfig(c, tc.env.get)
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

// Plain http:// goes to a loopback host without further ado, to another host only with allow_insecure_http
// (or its environment variable), and then every run warns that the credentials travel unencrypted.
func TestResolveClientConfigInsecureHTTP(t *testing.T) {
	base := env{envSubscriptionKey: "k", envAccessToken: "t"}
	with := func(kv ...string) env {
		e := env{}
		for k, v := range base {
			e[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			e[kv[i]] = kv[i+1]
		}
		return e
	}
	optIn := nullConfig()
	optIn.AllowInsecureHTTP = types.BoolValue(true)
	for _, tc := range []struct {
		name      string
		config    esignProviderModel
		env       env
		allow     bool
		warnsHost string // "" for no warning
	}{
		{"loopback address", nullConfig(), with(envBaseURL, "http://127.0.0.1:8787"), false, ""},
		{"localhost", nullConfig(), with(envBaseURL, "http://localhost:8787/prefix"), false, ""},
		{"IPv6 loopback", nullConfig(), with(envBaseURL, "http://[::1]:8787"), false, ""},
		{"gateway with the opt-in in configuration", optIn, with(envBaseURL, "http://gateway.test:8080"), true, "gateway.test:8080"},
		{"gateway with the opt-in from the environment", nullConfig(),
			with(envBaseURL, "http://gateway.test:8080", envAllowInsecureHTTP, "true"), true, "gateway.test:8080"},
		{"https with the opt-in", optIn, with(envBaseURL, "https://api.esign.example.com"), true, ""},
		{"loopback with the opt-in", optIn, with(envBaseURL, "http://127.0.0.1:8787"), true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, diags := resolveClientConfig(tc.config, tc.env.get)
			if diags.HasError() {
				t.Fatalf("refused: %v", diags)
			}
			if cfg.AllowInsecureHTTP != tc.allow {
				t.Errorf("AllowInsecureHTTP = %t, want %t", cfg.AllowInsecureHTTP, tc.allow)
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
