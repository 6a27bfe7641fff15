// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

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

func TestAccSupportedHooksDataSource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("event_types"),
					knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("signaturerequestcompleted"),
						knownvalue.StringExact("signatorysigned"),
					})),
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("hooks").AtSliceIndex(1).AtMapKey("event_type"),
					knownvalue.StringExact("signatorysigned")),
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("hooks").AtSliceIndex(1).AtMapKey("payload_schema_json"),
					knownvalue.StringRegexp(regexp.MustCompile(`^\{.*"SignatoryId":"guid".*\}$`))),
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("hooks").AtSliceIndex(0).AtMapKey("description"),
					knownvalue.NotNull()),
			},
		}},
	})
	if n := acctest.Emulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n == 0 {
		t.Errorf("the data source never called %s", emulator.RouteHooksList)
	}
}
