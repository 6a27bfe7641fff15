// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// rivalSummary matches the summary of the identical-blocks warning.
var rivalSummary = regexp.MustCompile(`^\d identical webhook subscription blocks: `)

// subscriptionBlock is an esign_webhook_subscription block; extra goes inside it.
func subscriptionBlock(name, eventType, uri, description, extra string) string {
	return fmt.Sprintf(`
resource "esign_webhook_subscription" %q {
  event_type  = %q
  uri         = %q
  description = %q
%s
}
`, name, eventType, uri, description, extra)
}

// expectRivalWarning checks that the plans warned that two blocks declare the same subscription, naming both
// by their spelling of the event type and what they track (declared: "to be created" or "subscription"), the
// uri (also in the summary), and that the receiver gets every event twice.
func expectRivalWarning(w *warningRecorder, uri string, this, other [2]string) acctest.Func {
	names := func(a, b [2]string) *regexp.Regexp {
		return regexp.MustCompile(fmt.Sprintf(`(?s)This esign_webhook_subscription \(event_type = %q, %s[^)]*\) declares the same `+
			`subscription as the esign_webhook_subscription with event_type = %q, %s`,
			a[0], regexp.QuoteMeta(a[1]), b[0], regexp.QuoteMeta(b[1])))
	}
	return func() error {
		for _, warning := range w.planned() {
			if !rivalSummary.MatchString(warning) {
				continue
			}
			summary, _, _ := strings.Cut(warning, "\n")
			if (names(this, other).MatchString(warning) || names(other, this).MatchString(warning)) && strings.Contains(summary, " to "+uri+" ") &&
				strings.Contains(warning, fmt.Sprintf("uri %q", uri)) && strings.Contains(warning, "every event twice") {
				return nil
			}
		}
		return fmt.Errorf("no plan warning names both %q and %q: %q", this, other, w.planned())
	}
}

// expectNoRivalWarning checks that no plan warned about identical blocks.
func expectNoRivalWarning(w *warningRecorder) acctest.Func {
	return func() error {
		for _, warning := range w.planned() {
			if rivalSummary.MatchString(warning) {
				return fmt.Errorf("a plan warns about identical blocks:\n%s", warning)
			}
		}
		return nil
	}
}

// Two blocks of one configuration that declare the same subscription (the event type in two spellings) get a
// warning in the plan, at the default parallelism, whichever of them Terraform plans first.
func TestAccWebhookSubscription_identicalBlocksWarnAtPlan(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	warnings := &warningRecorder{typeName: "esign_webhook_subscription"}
	reset := func() { warnings.mu.Lock(); warnings.plans, warnings.applies = nil, nil; warnings.mu.Unlock() }
	upper := subscriptionBlock("upper", "SignatorySigned", uri, "twin", "")
	lower := subscriptionBlock("lower", "signatorysigned", uri, "twin", "")
	other := subscriptionBlock("other", "SignatorySigned", uri, "not a twin", "")
	provider := acctest.ProviderConfig(tenant)
	solo := func(secret string) string {
		return provider + subscriptionBlock("solo", "SignatureRequestCompleted", uri+"/solo", "solo",
			fmt.Sprintf(`  headers = { "X-Secret" = %q }`, secret))
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: warnings.factories(),
		CheckDestroy:             acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []resource.TestStep{
			{
				Config: provider + upper + other,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectNoRivalWarning(warnings)},
				},
			},
			{
				// A new block beside an applied one.
				PreConfig: reset,
				Config:    provider + upper + other + lower,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectRivalWarning(warnings, uri,
						[2]string{"signatorysigned", "to be created"}, [2]string{"SignatorySigned", "subscription "})},
				},
			},
			{
				// Both applied: every plan says it again.
				PreConfig: reset,
				Config:    provider + upper + other + lower,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						expectRivalWarning(warnings, uri,
							[2]string{"signatorysigned", "subscription "}, [2]string{"SignatorySigned", "subscription "}),
					},
				},
			},
			{
				// Two instances of one block.
				PreConfig: reset,
				Config: provider + fmt.Sprintf(`
resource "esign_webhook_subscription" "twice" {
  count       = 2
  event_type  = "SignatorySigned"
  uri         = %q
  description = "twice"
}
`, uri+"/twice"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{expectRivalWarning(warnings, uri+"/twice",
						[2]string{"SignatorySigned", "to be created"}, [2]string{"SignatorySigned", "to be created"})},
				},
			},
			{Config: solo("one")},
			{
				// New headers replace the subscription with the same
				// arguments: Terraform plans it twice, which is no rival.
				PreConfig: reset,
				Config:    solo("two"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_webhook_subscription.solo", plancheck.ResourceActionDestroyBeforeCreate),
						expectNoRivalWarning(warnings),
						acctest.Func(func() error {
							if planned := warnings.planned(); len(planned) != 0 {
								return fmt.Errorf("the replacement's plan warns: %q", planned)
							}
							return nil
						}),
					},
				},
			},
		},
	})
}
