package provider

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// adopt_identical_subscriptions reaches the client from configuration, else
// from ESIGN_ADOPT_IDENTICAL_SUBSCRIPTIONS, else false; configuration wins,
// and an env value that is no bool is an error that names the variable.
func TestResolveAdoptIdenticalSubscriptions(t *testing.T) {
	base := env{envBaseURL: "https://esign.example.com", envSubscriptionKey: "k", envAccessToken: "t"}
	with := func(value string) env {
		e := env{envAdoptIdentical: value}
		for k, v := range base {
			e[k] = v
		}
		return e
	}
	configured := func(v types.Bool) esignProviderModel {
		c := nullConfig()
		c.AdoptIdenticalSubscriptions = v
		return c
	}
	for _, tc := range []struct {
		name   string
		config esignProviderModel
		env    env
		want   bool
	}{
		{"default", nullConfig(), base, false},
		{"from the environment", nullConfig(), with("true"), true},
		{"configuration beats the environment", configured(types.BoolValue(false)), with("true"), false},
		{"in configuration", configured(types.BoolValue(true)), base, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if cfg := resolved(t, tc.config, tc.env); cfg.AdoptIdenticalSubscriptions != tc.want {
				t.Errorf("AdoptIdenticalSubscriptions = %t, want %t", cfg.AdoptIdenticalSubscriptions, tc.want)
			}
		})
	}

	_, diags := resolveClientConfig(nullConfig(), with("sometimes").get)
	if !diags.HasError() || !strings.Contains(diags.Errors()[0].Detail(), envAdoptIdentical+` must be true or false, got "sometimes"`) {
		t.Errorf("an env value that is not a bool: %v", diags)
	}
}
