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

// resolved is resolveClientConfig's answer for a configuration that must be
// accepted.
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
