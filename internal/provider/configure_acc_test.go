// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// With the login block the provider fetches its own token; a 401 in the middle of a run (an expired token)
// makes it log in once more and repeat the call, and the read succeeds. Refused credentials are
// TestAccOneCauseOneError's, settings from the environment every CLI test's (acctest.ProviderEnv).
func TestAccLoginRenewsTheTokenAfter401(t *testing.T) {
	tenant := acctest.NewTenant(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			PreConfig: func() {
				acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultUnauthorized, 1)
			},
			Config: acctest.LoginProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
		}},
	})
	// The step's plan and apply each configure a provider and log in; the 401 adds exactly one more login.
	c := acctest.Emulator.Counters(tenant.SubscriptionKey)
	if c[emulator.RouteLogin] < 2 || c[emulator.RouteLogin] != c[emulator.RouteHooksList] {
		t.Errorf("logins = %d, hook list requests = %d: want one extra login for the one 401", c[emulator.RouteLogin], c[emulator.RouteHooksList])
	}
}
