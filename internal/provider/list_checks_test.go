package provider

// Shared setup of the list resource tests (terraform query).

import (
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// requiresQuery skips a test on clients without list resources and
// `terraform query`: Terraform before 1.14, every OpenTofu release so far.
var requiresQuery = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// queryConfig is a query file: the provider block for a tenant and the
// list blocks.
func queryConfig(tenant emulator.Tenant, lists string) string {
	return providerConfig(tenant) + lists
}

// queryStep runs terraform query on list blocks for the tenant, its request
// counters reset first so that checks can count what the query sent.
func queryStep(tenant emulator.Tenant, lists string, checks ...querycheck.QueryResultCheck) resource.TestStep {
	return resource.TestStep{
		PreConfig:         func() { testEmulator.ResetCounters(tenant.SubscriptionKey) },
		Query:             true,
		Config:            queryConfig(tenant, lists),
		QueryResultChecks: checks,
	}
}
