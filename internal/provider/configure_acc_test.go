// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The provider block as Terraform configures it.
func TestAccProviderConfiguration(t *testing.T) {
	for name, tc := range map[string]struct {
		provider func(t *testing.T, tenant emulator.Tenant) string
		// setsEnv: the provider block sets process environment variables, so the case cannot run in parallel.
		setsEnv  bool
		expired  bool   // the first hook list answers 401, as for an expired token
		wantErr  string // acctest.WrappedRegexp of the error, "" for success
		counters func(c map[string]int) error
	}{
		"wrong credentials": {wantErr: `401.*access_token \(ESIGN_ACCESS_TOKEN\)`,
			provider: func(_ *testing.T, tenant emulator.Tenant) string {
				tenant.AccessToken = "not-the-token-" + tenant.AccessToken[:4]
				return acctest.ProviderConfig(tenant)
			}},
		// With the login block the provider fetches its own token.
		"login mode": {
			provider: func(_ *testing.T, tenant emulator.Tenant) string { return acctest.LoginProviderConfig(tenant) },
			counters: func(c map[string]int) error {
				if c[emulator.RouteLogin] == 0 {
					return fmt.Errorf("login mode never called %s", emulator.RouteLogin)
				}
				return nil
			}},
		// A 401 in the middle of a run (an expired token) makes the provider
		// log in once more and repeat the call; the read succeeds.
		"login renews the token after a 401": {expired: true,
			provider: func(_ *testing.T, tenant emulator.Tenant) string { return acctest.LoginProviderConfig(tenant) },
			counters: func(c map[string]int) error {
				// The step's plan and apply each configure a provider and
				// log in; the 401 adds exactly one more login.
				if c[emulator.RouteLogin] < 2 || c[emulator.RouteLogin] != c[emulator.RouteHooksList] {
					return fmt.Errorf("logins = %d, hook list requests = %d: want one extra login for the one 401",
						c[emulator.RouteLogin], c[emulator.RouteHooksList])
				}
				return nil
			}},
		// With an empty provider block every setting comes from ESIGN_*.
		"environment fallbacks": {setsEnv: true,
			provider: func(t *testing.T, tenant emulator.Tenant) string {
				t.Setenv("ESIGN_BASE_URL", acctest.EmulatorURL)
				t.Setenv("ESIGN_SUBSCRIPTION_KEY", tenant.SubscriptionKey)
				t.Setenv("ESIGN_ACCESS_TOKEN", tenant.AccessToken)
				return `provider "esign" {}`
			}},
	} {
		t.Run(name, func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			step := resource.TestStep{Config: tc.provider(t, tenant) + "\ndata \"esign_supported_hooks\" \"all\" {}\n"}
			if tc.wantErr != "" {
				step.ExpectError = acctest.WrappedRegexp(tc.wantErr)
			}
			if tc.expired {
				step.PreConfig = func() {
					acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultUnauthorized, 1)
				}
			}
			run := resource.ParallelTest
			if tc.setsEnv {
				run = resource.Test
			}
			run(t, resource.TestCase{ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories, Steps: []resource.TestStep{step}})
			counters := acctest.Emulator.Counters(tenant.SubscriptionKey)
			if tc.wantErr == "" && counters[emulator.RouteHooksList] == 0 {
				t.Error("the read succeeded without reaching the tenant's service")
			}
			if tc.counters != nil {
				if err := tc.counters(counters); err != nil {
					t.Error(err)
				}
			}
		})
	}
}
