// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The headers of an imported subscription are adopted by the first plan after the import, not by a later one.
func TestAccWebhookSubscriptionResource_importStopsAdoptingAfterApplyWithoutHeaders(t *testing.T) {
	for _, flow := range []string{"terraform import", "import block"} {
		t.Run(flow, func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			uri := acctest.Receiver.URL(t.Name())
			existing := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri})[0]
			config := func(headers string) string {
				return webhookConfig(tenant, fmt.Sprintf(`
  event_type = "signatorysigned"
  uri        = %q
  %s
`, uri, headers))
			}
			const withHeaders = `headers = { "X-Added" = "later" }`
			importStep := resource.TestStep{
				Config:             config(""),
				ResourceName:       webhookAddr,
				ImportState:        true,
				ImportStateId:      existing,
				ImportStatePersist: true,
			}
			if flow == "import block" {
				importStep = resource.TestStep{
					Config:           config("") + fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", webhookAddr, existing),
					ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionNoop)),
				}
			}
			acctest.SubscriptionsTest(t, tenant, resource.TestCase{
				Steps: []resource.TestStep{
					importStep,
					{
						// terraform plan with headers: they would be adopted, but nothing is stored.
						Config:             config(withHeaders),
						PlanOnly:           true,
						ExpectNonEmptyPlan: true,
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)},
						},
					},
					{
						// An apply without headers: nothing to adopt.
						Config:           config(""),
						ConfigPlanChecks: acctest.Converges(plancheck.ExpectEmptyPlan()),
					},
					{
						Config:           config(withHeaders),
						ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)),
						ConfigStateChecks: []statecheck.StateCheck{
							expectReplaced(existing, "the headers were adopted into the imported subscription instead of replacing it"),
						},
					},
				},
			})
		})
	}
}

// An import while the service's lists answer empty (a service in maintenance may) reads the subscription by id,
// with the event type of the import ID or, for a plain id, each supported one: a list is no proof of absence.
func TestAccWebhookSubscriptionResource_importWhileListsAreEmpty(t *testing.T) {
	for _, idForm := range []string{"plain id", "lower-case type/id", "CamelCase type/id"} {
		t.Run(idForm, func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			uri := acctest.Receiver.URL(t.Name())
			existing := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri})[0]
			eventType, importID := "signatorysigned", existing
			switch idForm {
			case "lower-case type/id":
				importID = eventType + "/" + existing
			case "CamelCase type/id":
				eventType = "SignatorySigned"
				importID = eventType + "/" + existing
			}
			config := webhookConfig(tenant, fmt.Sprintf(`
  event_type = %q
  uri        = %q
`, eventType, uri))
			acctest.Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{EmptyLists: 1000})
			acctest.SubscriptionsTest(t, tenant, resource.TestCase{
				Steps: []resource.TestStep{
					{
						Config:             config,
						ResourceName:       webhookAddr,
						ImportState:        true,
						ImportStateId:      importID,
						ImportStatePersist: true,
					},
					{
						Config:           config,
						ConfigPlanChecks: acctest.Converges(plancheck.ExpectEmptyPlan()),
						ConfigStateChecks: []statecheck.StateCheck{
							onService(tenant.SubscriptionKey, uri),
						},
					},
					{
						PreConfig: func() {
							acctest.Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{})
						},
						Config:           config,
						ConfigPlanChecks: acctest.Converges(plancheck.ExpectEmptyPlan()),
					},
				},
			})
		})
	}
}
