package webhook_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// adoptingProviderConfig is the provider block for a tenant with
// adopt_identical_subscriptions set.
func adoptingProviderConfig(tenant emulator.Tenant) string {
	return strings.Replace(acctest.ProviderConfig(tenant), `provider "esign" {`,
		`provider "esign" {`+"\n  adopt_identical_subscriptions = true", 1)
}

// With adopt_identical_subscriptions, the apply would take an identical
// subscription that a resource of the run tracks for a leftover (it sees
// only what changes, and a create_before_destroy replacement sets the old
// state aside before it plans the create). So such a plan fails, before
// anything is written: a replacement that keeps event_type, uri and
// description, and a new block beside an applied identical one, whichever
// Terraform plans first. With the setting off, the replacement goes ahead.
func TestAccWebhookSubscription_adoptRefusesWhatTheRunTracks(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	solo := func(secret string) string {
		return subscriptionBlock("solo", "SignatorySigned", uri, "solo", fmt.Sprintf(`  headers = { "X-Secret" = %q }`, secret))
	}
	writes := func() int { return acctest.Emulator.Writes(tenant.SubscriptionKey) }
	var writesBefore int
	noWrite := func() {
		if n := writes(); n != writesBefore {
			t.Errorf("the refused plan was followed by %d writes", n-writesBefore)
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []resource.TestStep{
			{Config: adoptingProviderConfig(tenant) + solo("one")},
			{
				PreConfig: func() { writesBefore = writes() },
				Config:    adoptingProviderConfig(tenant) + solo("two"),
				ExpectError: acctest.WrappedRegexp(`Cannot adopt identical webhook subscriptions in this plan .* ` +
					`\(the subscription this resource replaces\).*with create_before_destroy, the very subscription being replaced`),
			},
			{
				PreConfig: func() { noWrite(); writesBefore = writes() },
				Config:    adoptingProviderConfig(tenant) + solo("one") + subscriptionBlock("twin", "signatorysigned", uri, "solo", ""),
				ExpectError: acctest.WrappedRegexp(`(Cannot adopt identical webhook subscriptions in this plan .* \(tracked by another ` +
					`resource of this configuration\)|Two resources would track one webhook subscription)`),
			},
			{
				PreConfig: func() { noWrite() },
				Config:    acctest.ProviderConfig(tenant) + solo("two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_webhook_subscription.solo", plancheck.ResourceActionDestroyBeforeCreate),
					},
				},
			},
		},
	})
}
