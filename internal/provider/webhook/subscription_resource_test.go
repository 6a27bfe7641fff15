// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/config"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const webhookAddr = "esign_webhook_subscription.test"

var guidRegexp = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// webhookConfig is the provider block and one subscription with the given attribute lines.
func webhookConfig(tenant emulator.Tenant, attributes string) string {
	return acctest.ProviderConfig(tenant) + `
resource "esign_webhook_subscription" "test" {
` + attributes + `
  lifecycle {
    create_before_destroy = true
  }
}
`
}

// plainWebhookConfig is webhookConfig with a subscription that sets only its event type and URI.
func plainWebhookConfig(tenant emulator.Tenant, eventType, uri string) string {
	return webhookConfig(tenant, fmt.Sprintf(`
  event_type = %q
  uri        = %q
`, eventType, uri))
}

// lifecycleAttributes are the attribute lines of the lifecycle test's
// subscription, whose one header is X-Client-Id.
func lifecycleAttributes(eventType, uri, description, clientID string) string {
	return fmt.Sprintf(`
  event_type  = %q
  uri         = %q
  description = %q
  headers     = { "X-Client-Id" = %q }
`, eventType, uri, description, clientID)
}

// Create, import in both ID forms, an in-place change of case only, and a
// replacement for every other attribute.
func TestAccWebhookSubscriptionResource_lifecycle(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	id := statecheck.CompareValue(compare.ValuesDiffer())
	sameID := statecheck.CompareValue(compare.ValuesSame())

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: webhookConfig(tenant, lifecycleAttributes("SignatureRequestCompleted", uri, "archive signed documents", "client-1")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectSensitiveValue(webhookAddr, tfjsonpath.New("headers")),
					},
					// The service answers signaturerequestcompleted: no diff.
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringRegexp(guidRegexp)),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("SignatureRequestCompleted")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("uri"), knownvalue.StringExact(uri)),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("description"), knownvalue.StringExact("archive signed documents")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers"),
						knownvalue.MapExact(map[string]knownvalue.Check{"X-Client-Id": knownvalue.StringExact("client-1")})),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo_version"), knownvalue.Null()),
					statecheck.ExpectSensitiveValue(webhookAddr, tfjsonpath.New("headers")),
					id.AddStateValue(webhookAddr, tfjsonpath.New("id")),
					sameID.AddStateValue(webhookAddr, tfjsonpath.New("id")),
					// A simulated signing reaches the receiver with the headers and every payload field.
					expectDelivered(tenant, acctest.Emulator.SimulateRequestCompleted, emulator.Event{
						SignatureRequestID: "7c9e6679-7425-40de-944b-e07fc1f90ae7", DepartmentID: "0e4a5bd2-6c5e-4a4e-9c8b-2f6d3c1e9a10",
						CreatorID: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d", Timestamp: time.Date(2025, 6, 1, 8, 30, 0, 0, time.UTC),
					}, "signaturerequestcompleted", t.Name(), 1, map[string]string{"X-Client-Id": "client-1"}),
					acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
						subs := expectEmulatorSubscriptions(t, tenant.SubscriptionKey, 1)
						want := emulator.Subscription{EventType: "signaturerequestcompleted", URI: uri, Description: "archive signed documents"}
						got, _ := acctest.StateID(req, webhookAddr)
						want.ID = got
						if len(subs) == 1 && subs[0] != want {
							return fmt.Errorf("emulator holds %+v, want %+v", subs[0], want)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      webhookAddr,
				ImportState:       true,
				ImportStateIdFunc: importID(webhookAddr, "SignatureRequestCompleted"),
				ImportStateVerify: true,
				// The service never returns headers: an import cannot know them.
				ImportStateVerifyIgnore: []string{"headers"},
			},
			{
				// A change of case alone is the same subscription: updated in
				// state, never replaced, no call to the service.
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    webhookConfig(tenant, lifecycleAttributes("signaturerequestcompleted", uri, "archive signed documents", "client-1")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("signaturerequestcompleted")),
					sameID.AddStateValue(webhookAddr, tfjsonpath.New("id")),
					acctest.ExpectNoWrites(tenant),
				},
			},
			replaceStep(tenant, id.AddStateValue, lifecycleAttributes("signaturerequestcompleted", uri+"-v2", "archive signed documents", "client-1")),
			replaceStep(tenant, id.AddStateValue, lifecycleAttributes("signaturerequestcompleted", uri+"-v2", "archive and notify", "client-1")),
			replaceStep(tenant, id.AddStateValue, lifecycleAttributes("signaturerequestcompleted", uri+"-v2", "archive and notify", "client-2")),
			replaceStep(tenant, id.AddStateValue, lifecycleAttributes("SignatorySigned", uri+"-v2", "archive and notify", "client-2")),
			{
				// Import by the plain id takes the service's spelling.
				ResourceName:      webhookAddr,
				ImportState:       true,
				ImportStateIdFunc: importID(webhookAddr, ""),
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].Attributes["event_type"] != "signatorysigned" {
						return fmt.Errorf("imported %+v, want one subscription of type signatorysigned", states)
					}
					return nil
				},
			},
		},
	})
}

// replaceStep applies a changed configuration and expects the subscription
// to be replaced (created before the old one is deleted) with a new id.
func replaceStep(tenant emulator.Tenant, addID func(string, tfjsonpath.Path) statecheck.StateCheck, attributes string) resource.TestStep {
	return resource.TestStep{
		Config: webhookConfig(tenant, attributes),
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)},
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: []statecheck.StateCheck{
			addID(webhookAddr, tfjsonpath.New("id")),
			acctest.Func(func() error {
				if n := len(acctest.Emulator.Subscriptions(tenant.SubscriptionKey)); n != 1 {
					return fmt.Errorf("after the replacement the emulator holds %d subscriptions, want 1", n)
				}
				return nil
			}),
		},
	}
}

// A lower-case configuration, imported by the plain id: the import matches the configuration exactly.
func TestAccWebhookSubscriptionResource_importPlainID(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := plainWebhookConfig(tenant, "signatorysigned", acctest.Receiver.URL(t.Name()))
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers"), knownvalue.Null()),
				},
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				ResourceName:      webhookAddr,
				ImportState:       true,
				ImportStateIdFunc: importID(webhookAddr, ""),
				ImportStateVerify: true,
			},
			{
				ResourceName:      webhookAddr,
				ImportState:       true,
				ImportStateIdFunc: importID(webhookAddr, "signatorysigned"),
				ImportStateVerify: true,
			},
			{
				ResourceName:  webhookAddr,
				ImportState:   true,
				ImportStateId: "signatorysigned/not/a-valid-id",
				ExpectError:   acctest.WrappedRegexp(`Invalid import ID.*<event_type>/<id>.*plain <id>`),
			},
			{
				ResourceName:  webhookAddr,
				ImportState:   true,
				ImportStateId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
				ExpectError:   acctest.WrappedRegexp(`Webhook subscription not found.*3f2504e0-4f89-11d3-9a0c-0305e82c3301`),
			},
			{
				ResourceName:      webhookAddr,
				ImportState:       true,
				ImportStateIdFunc: importID(webhookAddr, "SignatureRequestCompleted"),
				ExpectError:       acctest.WrappedRegexp(`has event type "signatorysigned", not "SignatureRequestCompleted"`),
			},
		},
	})
}

// An import block adopts the configured headers into state.
func TestAccWebhookSubscriptionResource_importAdoptsHeaders(t *testing.T) {
	tenant := acctest.NewTenant(t)
	path := t.Name()
	uri := acctest.Receiver.URL(path)
	existing := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{
		EventType: "SignatureRequestCompleted", URI: uri, Description: "pre-existing",
		Headers: map[string]string{"X-Client-Secret": "adopted-secret"},
	})[0]
	attributes := func(secret string) string {
		return fmt.Sprintf(`
  event_type  = "SignatureRequestCompleted"
  uri         = %q
  description = "pre-existing"
  headers     = { "X-Client-Secret" = %q }
`, uri, secret)
	}
	importBlock := fmt.Sprintf(`
import {
  to = %s
  id = %q
}
`, webhookAddr, existing)

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    webhookConfig(tenant, attributes("adopted-secret")) + importBlock,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringExact(existing)),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("SignatureRequestCompleted")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers"),
						knownvalue.MapExact(map[string]knownvalue.Check{"X-Client-Secret": knownvalue.StringExact("adopted-secret")})),
					acctest.ExpectNoWrites(tenant),
				},
			},
			{
				Config: webhookConfig(tenant, attributes("rotated-secret")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
						id, err := acctest.StateID(req, webhookAddr)
						if err != nil {
							return err
						}
						if id == existing {
							return fmt.Errorf("the subscription was not replaced")
						}
						subs := acctest.Emulator.Subscriptions(tenant.SubscriptionKey)
						if len(subs) != 1 || subs[0].ID != id {
							return fmt.Errorf("the emulator holds %+v, want only %s", subs, id)
						}
						return nil
					}),
				},
			},
		},
	})
}

// terraform import (the CLI command), then a configuration with headers_wo and headers_wo_version.
func TestAccWebhookSubscriptionResource_importAdoptsHeadersWOVersion(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	existing := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri})[0]
	attributes := func(version int) string {
		return fmt.Sprintf(`
  event_type         = "SignatorySigned"
  uri                = %q
  headers_wo         = { "X-Token" = var.token }
  headers_wo_version = %d
`, uri, version)
	}
	token := config.Variables{"token": config.StringVariable("wo-import-token")}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		TerraformVersionChecks: acctest.RequiresWriteOnly,
		Steps: []resource.TestStep{
			{
				Config:             webhookConfig(tenant, attributes(1)) + ephemeralVariable("token"),
				ConfigVariables:    token,
				ResourceName:       webhookAddr,
				ImportState:        true,
				ImportStateId:      existing,
				ImportStatePersist: true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].ID != existing || states[0].Attributes["event_type"] != "signatorysigned" {
						return fmt.Errorf("imported %+v", states)
					}
					return nil
				},
			},
			{
				Config:          webhookConfig(tenant, attributes(1)) + ephemeralVariable("token"),
				ConfigVariables: token,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate),
						acctest.PlanLacks("wo-import-token"),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringExact(existing)),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("SignatorySigned")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo_version"), knownvalue.Int64Exact(1)),
					acctest.StateLacks("wo-import-token"),
				},
			},
			{
				Config:          webhookConfig(tenant, attributes(2)) + ephemeralVariable("token"),
				ConfigVariables: token,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectReplaced(existing, "bumping headers_wo_version did not replace the subscription"),
				},
			},
		},
	})
}

// A subscription deleted outside Terraform is planned for creation again;
// deleting one that is gone by the time the DELETE lands succeeds.
func TestAccWebhookSubscriptionResource_outOfBandDelete(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := plainWebhookConfig(tenant, "SignatureRequestCompleted", acctest.Receiver.URL(t.Name()))
	var firstID string
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.StateFunc(func(req statecheck.CheckStateRequest) (err error) {
						firstID, err = acctest.StateID(req, webhookAddr)
						return err
					}),
				},
			},
			{
				PreConfig: func() {
					if !acctest.Emulator.DeleteSubscription(tenant.SubscriptionKey, firstID) {
						t.Fatalf("subscription %s was not on the emulator", firstID)
					}
				},
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
						id, err := acctest.StateID(req, webhookAddr)
						if err == nil && id == firstID {
							err = fmt.Errorf("the subscription was not created again")
						}
						return err
					}),
				},
			},
			{
				// The DELETE is carried out but its answer is lost; the retry
				// gets 404, which counts as deleted.
				PreConfig: func() {
					acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
					acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, emulator.FaultCommitThenDrop, 1)
				},
				Config: acctest.ProviderConfig(tenant),
				// Two DELETE requests: the one whose answer was lost and the retry.
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 2)},
			},
		},
	})
}

// DESIGN.md, "One list read per refresh": refreshing 30 subscriptions makes one list
// request and no single reads.
func TestAccWebhookSubscriptionResource_refreshListsOnce(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "many" {
  count       = 30
  event_type  = count.index %% 2 == 0 ? "SignatureRequestCompleted" : "signatorysigned"
  uri         = "%s-${count.index}"
  description = "subscription ${count.index}"
}
`, acctest.Receiver.URL(t.Name()))
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.Func(func() error {
						if n := len(acctest.Emulator.Subscriptions(tenant.SubscriptionKey)); n != 30 {
							return fmt.Errorf("%d subscriptions, want 30", n)
						}
						return nil
					}),
				},
			},
			{
				// A plan-only step runs one plan without refresh and one with.
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    config,
				PlanOnly:  true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						acctest.ExpectRequests(tenant, emulator.RouteSubscriptionList, 1),
						acctest.ExpectRequests(tenant, emulator.RouteSubscriptionGet, 0),
					},
				},
			},
		},
	})
}

// headers_wo reaches the service (and the receiver) but never the plan or
// the state; headers_wo_version replaces the subscription to send new values.
func TestAccWebhookSubscriptionResource_headersWriteOnly(t *testing.T) {
	tenant := acctest.NewTenant(t)
	path := t.Name()
	secret := fmt.Sprintf("wo-secret-%d", time.Now().UnixNano())
	hcl := func(version int) string {
		return webhookConfig(tenant, fmt.Sprintf(`
  event_type         = "SignatorySigned"
  uri                = %q
  headers_wo         = { "X-Client-Secret" = var.secret }
  headers_wo_version = %d
`, acctest.Receiver.URL(path), version)) + ephemeralVariable("secret")
	}
	ev := emulator.Event{
		SignatureRequestID: "5b0d1c2e-0000-4000-8000-000000000001", DepartmentID: "5b0d1c2e-0000-4000-8000-000000000002",
		CreatorID: "5b0d1c2e-0000-4000-8000-000000000003", SignatoryID: "5b0d1c2e-0000-4000-8000-000000000004",
		Timestamp: time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC),
	}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		TerraformVersionChecks: acctest.RequiresWriteOnly,
		Steps: []resource.TestStep{
			{
				Config:          hcl(1),
				ConfigVariables: config.Variables{"secret": config.StringVariable(secret)},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{acctest.PlanLacks(secret)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan(), acctest.PlanLacks(secret)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.StateLacks(secret),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo_version"), knownvalue.Int64Exact(1)),
					expectDelivered(tenant, acctest.Emulator.SimulateSignatorySigned, ev, "signatorysigned", path, 1, map[string]string{"X-Client-Secret": secret}),
				},
			},
			{
				// A new value alone is invisible; the version bump sends it.
				Config:          hcl(2),
				ConfigVariables: config.Variables{"secret": config.StringVariable(secret + "-2")},
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace),
						acctest.PlanLacks(secret),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.StateLacks(secret),
					expectDelivered(tenant, acctest.Emulator.SimulateSignatorySigned, ev, "signatorysigned", path, 2, map[string]string{"X-Client-Secret": secret + "-2"}),
				},
			},
		},
	})
}

// A client without write-only attributes (Terraform before 1.11, OpenTofu 1.6) cannot use headers_wo.
func TestAccWebhookSubscriptionResource_headersWOOnOlderClients(t *testing.T) {
	tenant := acctest.NewTenant(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		// Clients from 1.11 on accept headers_wo (headersWriteOnly above);
		// SkipAbove compares with 1.10.0, so 1.10.x is skipped as well.
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipAbove(tfversion.Version1_10_0)},
		CheckDestroy:           acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []resource.TestStep{{
			Config: webhookConfig(tenant, fmt.Sprintf(`
  event_type         = "SignatorySigned"
  uri                = %q
  headers_wo         = { "X-Client-Secret" = "not-sent" }
  headers_wo_version = 1
`, acctest.Receiver.URL(t.Name()))),
			ExpectError: acctest.WrappedRegexp(`WriteOnly Attribute Not Allowed.*headers_wo.*Terraform 1\.11 and later`),
		}},
	})
	expectEmulatorSubscriptions(t, tenant.SubscriptionKey, 0)
}

// When a create's answer is lost after the service carried it out, the
// provider finds the new subscription instead of posting again.
func TestAccWebhookSubscriptionResource_createOutcomeUnknown(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{{
			PreConfig: func() {
				acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
			},
			Config: webhookConfig(tenant, fmt.Sprintf(`
  event_type  = "SignatureRequestCompleted"
  uri         = %q
  description = "survives a lost answer"
`, acctest.Receiver.URL(t.Name()))),
			ConfigStateChecks: []statecheck.StateCheck{
				acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
					id, err := acctest.StateID(req, webhookAddr)
					if err != nil {
						return err
					}
					subs := acctest.Emulator.Subscriptions(tenant.SubscriptionKey)
					if len(subs) != 1 || subs[0].ID != id {
						return fmt.Errorf("state id %s, emulator holds %+v: want exactly that one", id, subs)
					}
					return nil
				}),
				// The create was never sent again.
				acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, 1),
			},
		}},
	})
}
