package provider

// Shared setup of the list resource tests (terraform query).

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// requiresQuery skips a test on clients without list resources and
// `terraform query`: Terraform before 1.14, every OpenTofu release so far.
var requiresQuery = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// CheckQuery makes a metadataCheck a query check too.
func (f metadataCheck) CheckQuery(_ context.Context, _ querycheck.CheckQueryRequest, resp *querycheck.CheckQueryResponse) {
	resp.Error = f()
}

// expectRequests checks the tenant's request counters exactly: every route
// in want with its count, no other route.
func expectRequests(tenant emulator.Tenant, want map[string]int) metadataCheck {
	return func() error {
		got := testEmulator.Counters(tenant.SubscriptionKey)
		if !maps.Equal(got, want) {
			return fmt.Errorf("the service got requests %v, want %v", got, want)
		}
		return nil
	}
}

// queryConfig is a query file: the provider block for a tenant and the
// list blocks.
func queryConfig(tenant emulator.Tenant, lists string) string {
	return providerConfig(tenant) + lists
}
