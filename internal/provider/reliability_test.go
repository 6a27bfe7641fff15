// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Reliability: a provider run in CI meets lost answers, rate limits and server errors.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// stateIDsOfType lists the ids of every resource of a type in the state.
func stateIDsOfType(req statecheck.CheckStateRequest, resourceType string) []string {
	var ids []string
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		return nil
	}
	for _, r := range req.State.Values.RootModule.Resources {
		if r.Type == resourceType {
			id, _ := r.AttributeValues["id"].(string)
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// expectStateMatchesSubscriptions checks that the state tracks exactly the
// subscriptions the emulator holds, n of them, each once.
func expectStateMatchesSubscriptions(key string, n int) statecheck.StateCheck {
	return acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
		inState := stateIDsOfType(req, "esign_webhook_subscription")
		var onService []string
		for _, s := range acctest.ManagedSubscriptions(key) {
			onService = append(onService, s.ID)
		}
		sort.Strings(onService)
		switch {
		case len(onService) != n:
			return fmt.Errorf("the emulator holds %d subscriptions, want %d", len(onService), n)
		case len(slices.Compact(slices.Clone(inState))) != len(inState):
			return fmt.Errorf("the state tracks a subscription twice: %v", inState)
		case !slices.Equal(inState, onService):
			return fmt.Errorf("state and service differ:\n state   %v\n service %v", inState, onService)
		}
		return nil
	})
}

// Chaos: a fifth of all requests fail with 5xx or 429, some connections drop before or after the service
// acted.
func TestAccReliability_chaos(t *testing.T) {
	tenant := acctest.NewTenantWithOtherOwner(t)
	acctest.Emulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{
		ErrorRate:          0.15,
		RateLimitRate:      0.05,
		RetryAfter:         0,
		DropRate:           0.03,
		CommitThenDropRate: 0.03,
		Seed:               20260406,
	})
	config := fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  access_token     = %q
  subscription_key = %q
  max_retries      = 10
}

resource "esign_webhook_subscription" "chaos" {
  count       = 50
  event_type  = count.index %% 2 == 0 ? "SignatureRequestCompleted" : "SignatorySigned"
  # 40 endpoints for 50 subscriptions: ten pairs are identical.
  uri         = "%s/${count.index %% 40}"
  description = "chaos"
  headers     = { "X-Chaos-Index" = tostring(count.index) }
}

resource "esign_metadata_entry" "chaos" {
  count       = 100
  entity_type = "SignatureRequest"
  entity_id   = "sr-${count.index %% 10}"
  key         = "key-${count.index}"
  value       = "value-${count.index}"
}
`, acctest.EmulatorURL, tenant.AccessToken, tenant.SubscriptionKey, acctest.Receiver.URL(t.Name()))

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectStateMatchesSubscriptions(tenant.SubscriptionKey, 50),
					acctest.Func(func() error {
						c := acctest.Emulator.Counters(tenant.SubscriptionKey)
						t.Logf("requests per route under faults: %v", c)
						if c[emulator.RouteSubscriptionCreate] <= 50 {
							return fmt.Errorf("%d create requests: the faults did not strike, the test proves nothing", c[emulator.RouteSubscriptionCreate])
						}
						stored := acctest.Emulator.Metadata(tenant.SubscriptionKey)
						if len(stored) != 100 {
							return fmt.Errorf("the emulator holds %d metadata entries, want 100", len(stored))
						}
						for _, m := range stored {
							if want := "value-" + strings.TrimPrefix(m.Key, "key-"); m.Value != want {
								return fmt.Errorf("%s/%s: value %q, want %q", m.EntityID, m.Key, m.Value, want)
							}
						}
						return nil
					}),
				},
			},
			{
				// Under the same faults, a fresh plan sees no change.
				Config:   config,
				PlanOnly: true,
			},
		},
	})
}

// ambiguousSubscriptionConfig declares count identical subscriptions.
func ambiguousSubscriptionConfig(tenant emulator.Tenant, uri string, count int, headerValue string) string {
	return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "test" {
  count       = %d
  event_type  = "SignatureRequestCompleted"
  uri         = %q
  description = "identical"
  headers     = { "X-Version" = %q }

  lifecycle {
    create_before_destroy = true
  }
}
`, count, uri, headerValue)
}

// ambiguousCreateStep applies count identical subscriptions (with the header value version) while the create
// after the first skip ones fails with kind, and expects the state to track exactly the subscriptions the
// service holds, after creates create requests.
func ambiguousCreateStep(tenant emulator.Tenant, uri string, kind emulator.FaultKind, skip, count int, version string, creates int) resource.TestStep {
	return resource.TestStep{
		PreConfig: func() {
			acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
			acctest.Emulator.ScriptFaultAfter(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, kind, skip, 1)
		},
		Config: ambiguousSubscriptionConfig(tenant, uri, count, version),
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: []statecheck.StateCheck{
			expectStateMatchesSubscriptions(tenant.SubscriptionKey, count),
			acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, creates),
		},
	}
}

// The service carries out a create and the answer is lost, or the create fails ambiguously without effect.
func TestAccReliability_ambiguousCreate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		kind    emulator.FaultKind
		creates int // requests that reach the service for one subscription
	}{
		{"committed then dropped", emulator.FaultCommitThenDrop, 1}, // adopted, not repeated
		{"dropped before processing", emulator.FaultDrop, 2},        // nothing found, sent again
		{"gateway timeout", emulator.FaultGatewayTimeout, 2},
		{"internal server error", emulator.FaultInternalError, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tenant := acctest.NewTenantWithOtherOwner(t)
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
				CheckDestroy:             acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
				Steps:                    []resource.TestStep{ambiguousCreateStep(tenant, acctest.Receiver.URL(t.Name()), tc.kind, 0, 1, "v1", tc.creates)},
			})
		})
	}
}

// Identical subscriptions cannot be told apart in a list.
func TestAccReliability_ambiguousCreateOfIdenticalSubscriptions(t *testing.T) {
	tenant := acctest.NewTenantWithOtherOwner(t)
	uri := acctest.Receiver.URL(t.Name())
	// A header change replaces all three, new ones first.
	replaceAll := ambiguousCreateStep(tenant, uri, emulator.FaultBadGateway, 2, 3, "v2", 4)
	replaceAll.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{
		plancheck.ExpectResourceAction("esign_webhook_subscription.test[0]", plancheck.ResourceActionCreateBeforeDestroy),
	}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			// Two identical creates in one apply, the second one's answer
			// lost: the first one's subscription is a sibling, not its own.
			ambiguousCreateStep(tenant, uri, emulator.FaultCommitThenDrop, 1, 2, "v1", 2),
			// A third, identical to the two in state; its create fails
			// without effect. The two existing ones are not adoptable.
			ambiguousCreateStep(tenant, uri, emulator.FaultServiceUnavailable, 0, 3, "v1", 2),
			replaceAll,
			// The same with the lost answer of the last create, after the service acted.
			ambiguousCreateStep(tenant, uri, emulator.FaultCommitThenDrop, 2, 3, "v3", 3),
		},
	})
}

// A base_url with a wrong path prefix answers 404 everywhere.
func TestAccReliability_wrongBaseURLKeepsState(t *testing.T) {
	for _, c := range []struct {
		name, resources, readSummary, resourceType string
		count                                      int
	}{
		{
			name: "subscriptions", resourceType: "esign_webhook_subscription", count: 3,
			readSummary: "Could not read the webhook subscriptions",
			resources: `
resource "esign_webhook_subscription" "kept" {
  count      = 3
  event_type = count.index == 0 ? "SignatorySigned" : "SignatureRequestCompleted"
  uri        = "${var.receiver}/${count.index}"
}
`,
		},
		{
			// Entries of two entities: each entity's list answers 404.
			name: "metadata entries", resourceType: "esign_metadata_entry", count: 4,
			readSummary: "Could not read the metadata entry",
			resources: `
resource "esign_metadata_entry" "kept" {
  count       = 4
  entity_type = "SignatureRequest"
  entity_id   = "sr-kept-${count.index % 2}"
  key         = "key-${count.index}"
  value       = "value-${count.index}"
}
`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			config := func(baseURL string) string {
				return acctest.ProviderConfigAt(baseURL, tenant) + fmt.Sprintf("variable \"receiver\" {\n  default = %q\n}\n",
					acctest.Receiver.URL(t.Name())) + c.resources
			}
			wrongBaseURL := acctest.WrappedRegexp(c.readSummary + `.*answered 404.*does not point at its API.*Check base_url .*path prefix`)
			inState := acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
				if ids := stateIDsOfType(req, c.resourceType); len(ids) != c.count {
					return fmt.Errorf("the state holds %d %s, want %d: %v", len(ids), c.resourceType, c.count, ids)
				}
				return nil
			})
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: config(acctest.EmulatorURL), ConfigStateChecks: []statecheck.StateCheck{inState}},
					{
						// A plan (and an apply) stops at the refresh.
						Config:      config(acctest.EmulatorURL + "/wrong"),
						ExpectError: wrongBaseURL,
					},
					{
						// terraform refresh, which would write what it read.
						RefreshState: true,
						ExpectError:  wrongBaseURL,
					},
					{
						Config: config(acctest.EmulatorURL),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{inState},
					},
				},
			})
		})
	}
}

// A rate limit that asks for an hour fails the plan at once, with the wait and its end, and one request:
// the provider does not sit out what it would only give up on.
func TestAccRetryAfterTooLong(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: time.Hour,
		Routes: []string{emulator.RouteHooksList}})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
			ExpectError: acctest.WrappedRegexp(`GET /hooks/v1 at .*: service answered 429 Too Many Requests: .* The service asks to wait 1h0m0s, ` +
				`until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, before the next request`),
		}},
	})
	if err := acctest.ExpectRequests(tenant, emulator.RouteHooksList, 1)(); err != nil {
		t.Error(err)
	}
}
