// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The identity is the id and the lower-case event type, set by create and kept through a change of case.
func TestAccWebhookSubscriptionResource_identity(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	sameIdentity := statecheck.CompareValue(compare.ValuesSame())
	identity := func() []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectIdentity(webhookAddr, map[string]knownvalue.Check{
				"id":         knownvalue.StringRegexp(guidRegexp),
				"event_type": knownvalue.StringExact("signaturerequestcompleted"),
			}),
			statecheck.ExpectIdentityValueMatchesState(webhookAddr, tfjsonpath.New("id")),
			sameIdentity.AddStateValue(webhookAddr, tfjsonpath.New("id")),
		}
	}
	camelCase, lowerCase := plainWebhookConfig(tenant, "SignatureRequestCompleted", uri), plainWebhookConfig(tenant, "signaturerequestcompleted", uri)

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		// Resource identity and import blocks with identity: Terraform 1.12.
		TerraformVersionChecks: acctest.RequiresIdentity,
		Steps: []resource.TestStep{
			{
				Config:            camelCase,
				ConfigStateChecks: identity(),
			},
			{
				// The identity names the event type lower-case, so the import takes that spelling.
				ResourceName:       webhookAddr,
				ImportState:        true,
				ImportStateKind:    resource.ImportBlockWithResourceIdentity,
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: resource.ImportPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)},
				},
			},
			{
				// A change of case is the same subscription, with the same identity.
				Config: lowerCase,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: identity(),
			},
			{
				ResourceName:    webhookAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithResourceIdentity,
			},
		},
	})
}

// Subscriptions made outside Terraform, adopted by import blocks with an
// identity: with or without the event type (in any case), never written to.
func TestAccWebhookSubscriptionResource_importByIdentity(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	ids := acctest.SeedSubscriptions(t, tenant,
		client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri + "/a", Description: "a"},
		client.CreateSubscriptionRequest{EventType: "SignatureRequestCompleted", URI: uri + "/b"},
	)
	config := acctest.ProviderConfig(tenant) +
		acctest.ImportByIdentity("esign_webhook_subscription.a", fmt.Sprintf(`{ id = %q }`, ids[0])) + fmt.Sprintf(`
resource "esign_webhook_subscription" "a" {
  event_type  = "signatorysigned"
  uri         = "%s/a"
  description = "a"
}
`, uri) +
		acctest.ImportByIdentity("esign_webhook_subscription.b", fmt.Sprintf(`{ id = %q, event_type = "SignatureRequestCompleted" }`, ids[1])) + fmt.Sprintf(`
resource "esign_webhook_subscription" "b" {
  event_type = "SignatureRequestCompleted"
  uri        = "%s/b"
}
`, uri)
	importOne := func(identity string) string {
		return config + acctest.ImportByIdentity("esign_webhook_subscription.c", identity) + fmt.Sprintf(`
resource "esign_webhook_subscription" "c" {
  event_type = "signatorysigned"
  uri        = "%s/c"
}
`, uri)
	}

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		// Import blocks with identity: Terraform 1.12.
		TerraformVersionChecks: acctest.RequiresIdentity,
		Steps: []resource.TestStep{
			acctest.ImportsOnlyStep(tenant, config, []string{"esign_webhook_subscription.a", "esign_webhook_subscription.b"},
				statecheck.ExpectIdentity("esign_webhook_subscription.a", map[string]knownvalue.Check{
					"id": knownvalue.StringExact(ids[0]), "event_type": knownvalue.StringExact("signatorysigned"),
				}),
				statecheck.ExpectIdentity("esign_webhook_subscription.b", map[string]knownvalue.Check{
					"id": knownvalue.StringExact(ids[1]), "event_type": knownvalue.StringExact("signaturerequestcompleted"),
				}),
				statecheck.ExpectKnownValue("esign_webhook_subscription.b", tfjsonpath.New("event_type"),
					knownvalue.StringExact("SignatureRequestCompleted")),
			),
			{
				// An identity is an import ID (TestAccWebhookSubscriptionResource_lifecycle has the other errors).
				Config:      importOne(fmt.Sprintf(`{ id = %q, event_type = "signatorysigned" }`, ids[1])),
				ExpectError: acctest.WrappedRegexp(`has event type "signaturerequestcompleted", not "signatorysigned"`),
			},
			{
				Config:      importOne(fmt.Sprintf(`{ id = "signatorysigned/%s" }`, ids[0])),
				ExpectError: acctest.WrappedRegexp(`Invalid import identity.*id "signatorysigned/`),
			},
			{
				Config:      importOne(fmt.Sprintf(`{ id = %q, event_type = "signatory signed" }`, ids[0])),
				ExpectError: acctest.WrappedRegexp(`Invalid import identity.*event_type "signatory signed"`),
			},
		},
	})
}
