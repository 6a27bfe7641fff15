// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

// The data sources: esign_webhook_subscription (one, by id and event type), esign_webhook_subscriptions (all,
// filtered) and esign_supported_hooks.

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// subscriptionCheck is the expected list item for a subscription.
func subscriptionCheck(id, eventType, uri, description string) knownvalue.Check {
	return acctest.ExactStrings(map[string]string{"id": id, "event_type": eventType, "uri": uri, "description": description})
}

func TestAccWebhookSubscriptionDataSources(t *testing.T) {
	tenant := acctest.NewTenant(t)
	first, second := acctest.Receiver.URL(t.Name()+"-1"), acctest.Receiver.URL(t.Name()+"-2")
	ids := acctest.SeedSubscriptions(t, tenant,
		client.CreateSubscriptionRequest{EventType: "SignatureRequestCompleted", URI: first, Description: "a"},
		client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: first, Description: "b"},
		client.CreateSubscriptionRequest{EventType: "signaturerequestcompleted", URI: second, Description: "c"},
	)
	a := subscriptionCheck(ids[0], "signaturerequestcompleted", first, "a")
	b := subscriptionCheck(ids[1], "signatorysigned", first, "b")
	c := subscriptionCheck(ids[2], "signaturerequestcompleted", second, "c")

	one := func(eventType string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf("data \"esign_webhook_subscription\" \"one\" {\n  id = %q\n  event_type = %q\n}\n", ids[0], eventType)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: one("SignatureRequestCompleted") + fmt.Sprintf(`
data "esign_webhook_subscriptions" "all" {}

data "esign_webhook_subscriptions" "completed" {
  event_type = "SIGNATUREREQUESTCOMPLETED"
}

data "esign_webhook_subscriptions" "first_uri" {
  uri = %[1]q
}

data "esign_webhook_subscriptions" "signed_at_first" {
  event_type = "SignatorySigned"
  uri        = %[1]q
}

data "esign_webhook_subscriptions" "none" {
  uri = "%[1]s/elsewhere"
}

data "esign_supported_hooks" "all" {}
`, first),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("event_types"), knownvalue.ListExact(
					[]knownvalue.Check{knownvalue.StringExact("signaturerequestcompleted"), knownvalue.StringExact("signatorysigned")})),
				statecheck.ExpectKnownValue("data.esign_supported_hooks.all", tfjsonpath.New("hooks").AtSliceIndex(1),
					knownvalue.ObjectExact(map[string]knownvalue.Check{
						"event_type":          knownvalue.StringExact("signatorysigned"),
						"description":         knownvalue.NotNull(),
						"payload_schema_json": knownvalue.StringRegexp(regexp.MustCompile(`^\{.*"SignatoryId":"guid".*\}$`)),
					})),
				statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("event_type"), knownvalue.StringExact("SignatureRequestCompleted")),
				statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("uri"), knownvalue.StringExact(first)),
				statecheck.ExpectKnownValue("data.esign_webhook_subscription.one", tfjsonpath.New("description"), knownvalue.StringExact("a")),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.all", tfjsonpath.New("subscriptions"),
					knownvalue.ListExact([]knownvalue.Check{a, b, c})),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.all", tfjsonpath.New("event_type"), knownvalue.Null()),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.completed", tfjsonpath.New("subscriptions"),
					knownvalue.ListExact([]knownvalue.Check{a, c})),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.first_uri", tfjsonpath.New("subscriptions"),
					knownvalue.ListExact([]knownvalue.Check{a, b})),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.signed_at_first", tfjsonpath.New("subscriptions"),
					knownvalue.ListExact([]knownvalue.Check{b})),
				statecheck.ExpectKnownValue("data.esign_webhook_subscriptions.none", tfjsonpath.New("subscriptions"),
					knownvalue.ListExact([]knownvalue.Check{})),
			},
		}, {
			Config:      one("signatorysigned"),
			ExpectError: acctest.WrappedRegexp(`Webhook subscription not found.*no subscription with id "` + ids[0] + `" and event type "signatorysigned"`),
		}},
	})
}
