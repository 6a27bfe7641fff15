// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

// uri_prefix lists exactly what an exclusive resource of that scope would own, with the other filters (AND), in one
// request: every scope below against every subscription made of the spellings below, whose meaning (host and port
// without case, 443 by default, unreserved percent-encodings decoded, path with case) each spelling states.
func TestAccWebhookSubscriptionListResource_uriPrefix(t *testing.T) {
	type spelling struct{ written, means string }
	hosts := []spelling{
		{"hooks.example.com", "hooks.example.com"},
		{"Hooks.Example.COM", "hooks.example.com"},
		{"hooks.example.com.partner.test", "hooks.example.com.partner.test"}, // starts with a prefix's host
		{"other.example.com", "other.example.com"},
	}
	ports := []spelling{
		{"", "443"},
		{":443", "443"},
		{":8443", "8443"},
	}
	paths := []spelling{
		{"/prod/a", "/prod/a"},
		{"/%70rod/b", "/prod/b"},
		{"/Prod/c", "/Prod/c"},
		{"/production", "/production"},
		{"/staging/a", "/staging/a"},
	}
	type subscription struct {
		client.CreateSubscriptionRequest
		hostPort, path string
	}
	var subs []subscription
	var reqs []client.CreateSubscriptionRequest
	for _, host := range hosts {
		for _, port := range ports {
			for _, p := range paths {
				scheme := "https"
				if len(subs)%3 == 0 {
					scheme = "HTTPS"
				}
				req := client.CreateSubscriptionRequest{
					EventType:   []string{"signaturerequestcompleted", "signatorysigned"}[len(subs)%2],
					URI:         scheme + "://" + host.written + port.written + p.written,
					Description: []string{"", "archive"}[len(subs)/2%2],
				}
				subs = append(subs, subscription{
					CreateSubscriptionRequest: req,
					hostPort:                  host.means + ":" + port.means,
					path:                      p.means,
				})
				reqs = append(reqs, req)
			}
		}
	}
	type scope struct {
		config         string // the list block's config
		hostPort, path string
		eventType      string // "": any
		description    *string
	}
	archive := "archive"
	scopes := []scope{
		{config: `uri_prefix = "https://hooks.example.com"`, hostPort: "hooks.example.com:443"},
		{config: `uri_prefix = "https://HOOKS.example.com:443/prod"`, hostPort: "hooks.example.com:443", path: "/prod"},
		{config: `uri_prefix = "https://hooks.example.com/prod/"`, hostPort: "hooks.example.com:443", path: "/prod/"},
		{config: `uri_prefix = "https://hooks.example.com/Prod"`, hostPort: "hooks.example.com:443", path: "/Prod"},
		{config: `uri_prefix = "https://hooks.example.com:8443/%70rod/"`, hostPort: "hooks.example.com:8443", path: "/prod/"},
		{config: `uri_prefix = "https://other.example.com/staging"`, hostPort: "other.example.com:443", path: "/staging"},
		{
			config:    "uri_prefix = \"https://hooks.example.com/prod\"\n    event_type = \"SignatorySigned\"",
			hostPort:  "hooks.example.com:443",
			path:      "/prod",
			eventType: "signatorysigned",
		},
		{
			config:      "uri_prefix = \"https://hooks.example.com\"\n    description = \"archive\"",
			hostPort:    "hooks.example.com:443",
			description: &archive,
		},
	}

	tenant := acctest.NewTenant(t)
	ids := acctest.SeedSubscriptions(t, tenant, reqs...)
	var lists string
	checks := []querycheck.QueryResultCheck{acctest.ExpectExactRequests(tenant, map[string]int{emulator.RouteSubscriptionList: 1})}
	for i, sc := range scopes {
		var want []string
		for j, s := range subs {
			in := s.hostPort == sc.hostPort && strings.HasPrefix(s.path, sc.path) &&
				(sc.eventType == "" || s.EventType == sc.eventType) &&
				(sc.description == nil || s.Description == *sc.description)
			if in {
				want = append(want, ids[j])
			}
		}
		if len(want) == 0 {
			t.Fatalf("scope %d holds no subscription: it would test nothing", i)
		}
		name := fmt.Sprintf("scope_%d", i)
		lists += fmt.Sprintf(`
list "esign_webhook_subscription" %q {
  provider = esign
  limit    = 1000
  config {
    %s
  }
}
`, name, sc.config)
		checks = append(checks, listedIDs{
			address: "esign_webhook_subscription." + name,
			want:    want,
		})
	}

	acctest.QueryTest(t,
		acctest.QueryStep(tenant, lists, checks...),
		acctest.QueryErrorStep(tenant, `
list "esign_webhook_subscription" "bad" {
  provider = esign
  config {
    uri_prefix = "https://hooks.example.com/prod?env=1"
  }
}
`, `Invalid webhook URI prefix .* must not have a query`),
	)
}

// listedIDs checks that a list block found exactly the subscriptions of want, by the id of their identity.
type listedIDs struct {
	address string
	want    []string
}

func (c listedIDs) CheckQuery(_ context.Context, req querycheck.CheckQueryRequest, resp *querycheck.CheckQueryResponse) {
	var got []string
	for _, found := range req.Query {
		if strings.TrimPrefix(found.Address, "list.") == c.address {
			id, _ := found.Identity["id"].(string)
			got = append(got, id)
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(c.want))
	if !slices.Equal(got, want) {
		resp.Error = fmt.Errorf("%s found %d subscriptions %v, want %d %v", c.address, len(got), got, len(want), want)
	}
}
