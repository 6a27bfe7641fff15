// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// bulkSubscriptions is how many plain subscriptions the list test seeds
// besides its three particular ones: more than Terraform's default limit.
const bulkSubscriptions = 120

// Every subscription with one request however many there are, filters on
// event type (any case), uri and description, the limit, readable display
// names, identities, and resource objects equal to what an import gives.
func TestAccWebhookSubscriptionListResource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := "https://hooks.example.com/" + t.Name()
	reqs := []client.CreateSubscriptionRequest{
		{EventType: "SignatureRequestCompleted", URI: uri + "/archive", Description: "archive", Headers: map[string]string{"X-Secret": "s"}},
		{EventType: "signaturerequestcompleted", URI: uri + "/notify"},
		{EventType: "signatorysigned", URI: uri + "/archive", Description: "archive signatures"},
	}
	for i := range bulkSubscriptions {
		reqs = append(reqs, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: fmt.Sprintf("%s/bulk/%d", uri, i)})
	}
	ids := acctest.SeedSubscriptions(t, tenant, reqs...)
	archive := queryfilter.ByResourceIdentity(map[string]knownvalue.Check{
		"id": knownvalue.StringExact(ids[0]), "event_type": knownvalue.StringExact("signaturerequestcompleted"),
	})

	acctest.QueryTest(t,
		acctest.QueryStep(tenant, `
list "esign_webhook_subscription" "all" {
  provider         = esign
  limit            = 1000
  include_resource = true
}
`,
			querycheck.ExpectLength("esign_webhook_subscription.all", bulkSubscriptions+3),
			acctest.ExpectExactRequests(tenant, map[string]int{emulator.RouteSubscriptionList: 1}),
			querycheck.ExpectIdentity("esign_webhook_subscription.all", map[string]knownvalue.Check{
				"id": knownvalue.StringExact(ids[2]), "event_type": knownvalue.StringExact("signatorysigned"),
			}),
			querycheck.ExpectResourceDisplayName("esign_webhook_subscription.all", archive,
				knownvalue.StringExact("signaturerequestcompleted: "+uri+"/archive")),
			querycheck.ExpectResourceKnownValues("esign_webhook_subscription.all", archive, acctest.KnownAttributes(map[string]knownvalue.Check{
				"id":                 knownvalue.StringExact(ids[0]),
				"event_type":         knownvalue.StringExact("signaturerequestcompleted"),
				"uri":                knownvalue.StringExact(uri + "/archive"),
				"description":        knownvalue.StringExact("archive"),
				"headers":            knownvalue.Null(),
				"headers_wo_version": knownvalue.Null(),
			})),
		),
		acctest.QueryStep(tenant, fmt.Sprintf(`
list "esign_webhook_subscription" "completed" {
  provider = esign
  config {
    event_type = "SignatureRequestCompleted"
  }
}

list "esign_webhook_subscription" "archive_uri" {
  provider = esign
  config {
    uri = "%[1]s/archive"
  }
}

list "esign_webhook_subscription" "signed_archive" {
  provider = esign
  config {
    event_type  = "SIGNATORYSIGNED"
    uri         = "%[1]s/archive"
    description = "archive signatures"
  }
}

list "esign_webhook_subscription" "no_description" {
  provider = esign
  limit    = 1000
  config {
    description = ""
  }
}

list "esign_webhook_subscription" "default_limit" {
  provider = esign
}
`, uri),
			querycheck.ExpectLength("esign_webhook_subscription.completed", 2),
			querycheck.ExpectLength("esign_webhook_subscription.archive_uri", 2),
			querycheck.ExpectLength("esign_webhook_subscription.signed_archive", 1),
			querycheck.ExpectIdentity("esign_webhook_subscription.signed_archive", map[string]knownvalue.Check{
				"id": knownvalue.StringExact(ids[2]), "event_type": knownvalue.StringExact("signatorysigned"),
			}),
			querycheck.ExpectLength("esign_webhook_subscription.no_description", bulkSubscriptions+1),
			querycheck.ExpectLength("esign_webhook_subscription.default_limit", 100),
		),
		acctest.QueryErrorStep(tenant, `
list "esign_webhook_subscription" "bad" {
  provider = esign
  config {
    event_type = "signature request completed"
  }
}
`, `Attribute event_type must be an event type name`),
	)
}
