package provider_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The provider block as Terraform configures it: credentials refused or
// missing, the login block, a token renewed after a 401, and settings from
// ESIGN_* variables. Each reads esign_supported_hooks, the smallest call
// that needs credentials.

func TestAccProviderRejectsWrongCredentials(t *testing.T) {
	tenant := acctest.NewTenant(t)
	tenant.AccessToken = "not-the-token-" + tenant.AccessToken[:4]
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      acctest.ProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
			ExpectError: regexp.MustCompile(`(?s)401.*access_token \(ESIGN_ACCESS_TOKEN\)`),
		}},
	})
}

// With the login block the provider fetches its own token; when the service
// expires it mid-run, the next call logs in again and succeeds.
func TestAccProviderLoginMode(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := acctest.LoginProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("event_types").AtSliceIndex(0),
					knownvalue.StringExact("signaturerequestcompleted")),
			},
		}},
	})
	if n := acctest.Emulator.Counters(tenant.SubscriptionKey)[emulator.RouteLogin]; n == 0 {
		t.Errorf("login mode never called %s", emulator.RouteLogin)
	}
}

// A 401 in the middle of a run (an expired token) makes the provider log in
// once more and repeat the call; the read succeeds.
func TestAccProviderLoginRenewsTokenAfter401(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := acctest.LoginProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			PreConfig: func() {
				acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultUnauthorized, 1)
			},
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("event_types").AtSliceIndex(1),
					knownvalue.StringExact("signatorysigned")),
			},
		}},
	})
	counters := acctest.Emulator.Counters(tenant.SubscriptionKey)
	// The step's plan and apply each configure a provider and log in; the
	// 401 adds exactly one more login.
	if counters[emulator.RouteLogin] < 2 || counters[emulator.RouteLogin] != counters[emulator.RouteHooksList] {
		t.Errorf("logins = %d, hook list requests = %d: want one extra login for the one 401", counters[emulator.RouteLogin], counters[emulator.RouteHooksList])
	}
}

// With an empty provider block every setting comes from ESIGN_* variables.
// Not parallel: it sets process environment variables.
func TestAccProviderEnvFallbacks(t *testing.T) {
	tenant := acctest.NewTenant(t)
	t.Setenv("ESIGN_BASE_URL", acctest.EmulatorURL)
	t.Setenv("ESIGN_SUBSCRIPTION_KEY", tenant.SubscriptionKey)
	t.Setenv("ESIGN_ACCESS_TOKEN", tenant.AccessToken)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "esign" {}
data "esign_supported_hooks" "all" {}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("event_types").AtSliceIndex(0),
					knownvalue.StringExact("signaturerequestcompleted")),
			},
		}},
	})
	if n := acctest.Emulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n == 0 {
		t.Error("the provider did not reach the tenant named by the environment")
	}
}

func TestAccProviderMissingCredentials(t *testing.T) {
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: `
provider "esign" {
  base_url         = "` + acctest.EmulatorURL + `"
  subscription_key = "some-key"
}
data "esign_supported_hooks" "all" {}
`,
			ExpectError: regexp.MustCompile(`(?s)Missing credentials.*access_token \(or ESIGN_ACCESS_TOKEN\)`),
		}},
	})
}
