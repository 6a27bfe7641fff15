// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// A rate limit that asks for an hour fails the plan at once, with the wait and its end, and one request:
// the provider does not sit out what it would only give up on.
func TestAccRetryAfterTooLong(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: time.Hour,
		Routes: []string{emulator.RouteHooksList}})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
			ExpectError: acctest.WrappedRegexp(`GET /hooks/v1 at .*: service answered 429 Too Many Requests: .* The service asks to wait 1h0m0s, ` +
				`until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, before the next request`),
		}},
	})
	if err := acctest.ExpectRequests(tenant, emulator.RouteHooksList, 1)(); err != nil {
		t.Error(err)
	}
}
