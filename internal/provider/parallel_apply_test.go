package provider

import (
	"fmt"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/testcheck"
)

// Apply runs its writes in parallel: Terraform's -parallelism (10 by
// default) reaches the service, because the provider holds no lock across
// writes. Only creates of identical subscriptions wait for each other (see
// internal/client/subscriptions_create.go), and these have distinct URIs.
func TestAccApplyWritesInParallel(t *testing.T) {
	tenant := newTestTenant(t)
	// Every request takes 300 ms, so writes that Terraform runs together
	// are in the service together.
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{Latency: 300 * time.Millisecond})

	entries := providerConfig(tenant) + `
resource "esign_metadata_entry" "m" {
  count       = 12
  entity_type = "Document"
  entity_id   = "parallel-${count.index % 2}"
  key         = "k${count.index}"
  value       = "v"
}
`
	subscriptions := entries + `
resource "esign_webhook_subscription" "s" {
  count      = 6
  event_type = "signatorysigned"
  uri        = "https://hooks.example.com/parallel/${count.index}"
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// 12 upserts, 10 at a time; a little slack for a
				// loaded machine.
				Config:            entries,
				ConfigStateChecks: []statecheck.StateCheck{expectPeakConcurrentWrites(tenant, 8)},
			},
			{
				// 6 creates, all at once once the supported hooks and
				// the subscription list have been read.
				PreConfig:         func() { testEmulator.ResetCounters(tenant.SubscriptionKey) },
				Config:            subscriptions,
				ConfigStateChecks: []statecheck.StateCheck{expectPeakConcurrentWrites(tenant, 5)},
			},
		},
	})
}

// expectPeakConcurrentWrites checks that at least n writes of the tenant
// were in the service at the same time since its counters were reset.
func expectPeakConcurrentWrites(tenant emulator.Tenant, n int) statecheck.StateCheck {
	return testcheck.Func(func() error {
		if peak := testEmulator.PeakConcurrentWrites(tenant.SubscriptionKey); peak < n {
			return fmt.Errorf("at most %d writes were in the service at once during apply, want at least %d", peak, n)
		}
		return nil
	})
}
