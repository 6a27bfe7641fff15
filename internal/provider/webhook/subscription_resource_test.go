// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"regexp"
	"testing"

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
	// A replacement is created before the old subscription is deleted, and has a new id.
	replaced := func(eventType, description, clientID string) resource.TestStep {
		return resource.TestStep{
			Config:           webhookConfig(tenant, lifecycleAttributes(eventType, uri+"-v2", description, clientID)),
			ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)),
			ConfigStateChecks: []statecheck.StateCheck{id.AddStateValue(webhookAddr, tfjsonpath.New("id")),
				onService(tenant.SubscriptionKey, uri+"-v2")},
		}
	}

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: webhookConfig(tenant, lifecycleAttributes("SignatureRequestCompleted", uri, "archive signed documents", "client-1")),
				// The service answers signaturerequestcompleted: no diff.
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionCreate),
					plancheck.ExpectSensitiveValue(webhookAddr, tfjsonpath.New("headers"))),
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
					// A simulated signing reaches the receiver with the headers.
					expectDelivered(tenant, acctest.Emulator.SimulateRequestCompleted, "signaturerequestcompleted", t.Name(), 1,
						map[string]string{"X-Client-Id": "client-1"}),
					onService(tenant.SubscriptionKey, uri),
				},
			},
			{
				// The import reads uri and description from the service. It never returns headers: an import cannot know them.
				ResourceName:            webhookAddr,
				ImportState:             true,
				ImportStateIdPrefix:     "SignatureRequestCompleted/",
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"headers"},
			},
			{
				// A change of case alone is the same subscription: updated in
				// state, never replaced, no call to the service.
				PreConfig:        func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:           webhookConfig(tenant, lifecycleAttributes("signaturerequestcompleted", uri, "archive signed documents", "client-1")),
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("signaturerequestcompleted")),
					sameID.AddStateValue(webhookAddr, tfjsonpath.New("id")),
					acctest.ExpectNoWrites(tenant),
				},
			},
			replaced("signaturerequestcompleted", "archive signed documents", "client-1"), // a new uri
			replaced("signaturerequestcompleted", "archive and notify", "client-1"),
			replaced("signaturerequestcompleted", "archive and notify", "client-2"),
			replaced("SignatorySigned", "archive and notify", "client-2"),
			{
				// Import by the plain id takes the service's spelling.
				ResourceName: webhookAddr,
				ImportState:  true,
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].Attributes["event_type"] != "signatorysigned" {
						return fmt.Errorf("imported %+v, want one subscription of type signatorysigned", states)
					}
					return nil
				},
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
				ResourceName:        webhookAddr,
				ImportState:         true,
				ImportStateIdPrefix: "SignatureRequestCompleted/",
				ExpectError:         acctest.WrappedRegexp(`has event type "signatorysigned", not "SignatureRequestCompleted"`),
			},
		},
	})
}

// An import block adopts the configured headers into state.
func TestAccWebhookSubscriptionResource_importAdoptsHeaders(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
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

	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				PreConfig:        func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:           webhookConfig(tenant, attributes("adopted-secret")) + fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n", webhookAddr, existing),
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringExact(existing)),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("SignatureRequestCompleted")),
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers"),
						knownvalue.MapExact(map[string]knownvalue.Check{"X-Client-Secret": knownvalue.StringExact("adopted-secret")})),
					acctest.ExpectNoWrites(tenant),
				},
			},
			{
				Config:           webhookConfig(tenant, attributes("rotated-secret")),
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace)),
				ConfigStateChecks: []statecheck.StateCheck{
					expectReplaced(existing, "rotated headers did not replace the adopted subscription"),
					onService(tenant.SubscriptionKey, uri),
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
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("description"), knownvalue.StringExact("")),
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
				Config:           config,
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionCreate)),
			},
			{
				// The DELETE is carried out but its answer is lost; the retry gets 404, which counts as deleted.
				PreConfig: func() {
					acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
					acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, emulator.FaultCommitThenDrop, 1)
				},
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 2)},
			},
		},
	})
}

// terraform import of a subscription, then headers_wo with headers_wo_version: the first plan adopts the version,
// and a new version replaces the subscription to send new values, which reach the service (and the receiver) but
// never the plan or the state.
func TestAccWebhookSubscriptionResource_headersWriteOnly(t *testing.T) {
	tenant := acctest.NewTenant(t)
	path := t.Name()
	uri := acctest.Receiver.URL(path)
	secret := acctest.RandomSecret(t, "wo-")
	existing := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri})[0]
	step := func(version int, secret string) resource.TestStep {
		return resource.TestStep{
			Config: webhookConfig(tenant, fmt.Sprintf(`
  event_type         = "SignatorySigned"
  uri                = %q
  headers_wo         = { "X-Client-Secret" = var.secret }
  headers_wo_version = %d
`, uri, version)) + ephemeralVariable("secret"),
			ConfigVariables: config.Variables{"secret": config.StringVariable(secret)},
		}
	}
	imported, adopted, bumped := step(1, secret), step(1, secret), step(2, secret+"-2")
	imported.ResourceName, imported.ImportState, imported.ImportStateId, imported.ImportStatePersist = webhookAddr, true, existing, true
	adopted.ConfigPlanChecks = acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate), acctest.PlanLacks(secret))
	adopted.ConfigPlanChecks.PostApplyPostRefresh = append(adopted.ConfigPlanChecks.PostApplyPostRefresh, acctest.PlanLacks(secret))
	adopted.ConfigStateChecks = []statecheck.StateCheck{
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringExact(existing)),
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("event_type"), knownvalue.StringExact("SignatorySigned")),
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo_version"), knownvalue.Int64Exact(1)),
		acctest.StateLacks(secret),
	}
	// secret is the start of the new value, so neither is in the plan or the state.
	bumped.ConfigPlanChecks = acctest.Converges(plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionReplace), acctest.PlanLacks(secret))
	bumped.ConfigStateChecks = []statecheck.StateCheck{
		expectReplaced(existing, "bumping headers_wo_version did not replace the subscription"),
		acctest.StateLacks(secret),
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("headers_wo"), knownvalue.Null()),
		expectDelivered(tenant, acctest.Emulator.SimulateSignatorySigned, "signatorysigned", path, 1, map[string]string{"X-Client-Secret": secret + "-2"}),
	}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		TerraformVersionChecks: acctest.RequiresWriteOnly,
		Steps:                  []resource.TestStep{imported, adopted, bumped},
	})
}

// A client without write-only attributes (Terraform before 1.11, OpenTofu 1.6) cannot use headers_wo.
func TestAccWebhookSubscriptionResource_headersWOOnOlderClients(t *testing.T) {
	tenant := acctest.NewTenant(t)
	// CheckDestroy: nothing reached the service.
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		// Clients from 1.11 on accept headers_wo (headersWriteOnly above);
		// SkipAbove compares with 1.10.0, so 1.10.x is skipped as well.
		TerraformVersionChecks: []tfversion.TerraformVersionCheck{tfversion.SkipAbove(tfversion.Version1_10_0)},
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
}

// When a create's answer is lost after the service carried it out, the provider finds the new subscription instead
// of posting again (and tracks it: else the plan after the apply would create it again), and says so: another
// writer's identical create at that moment could not be told from its own.
func TestAccWebhookSubscriptionResource_createOutcomeUnknown(t *testing.T) {
	tenant := acctest.NewTenantWithOtherOwner(t)
	uri := acctest.Receiver.URL(t.Name())
	warnings := &warningRecorder{typeName: "esign_webhook_subscription"}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: warnings.factories(),
		CheckDestroy:             acctest.CheckSubscriptionsDestroyed(tenant.SubscriptionKey),
		Steps: []resource.TestStep{{
			PreConfig: func() {
				acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
			},
			Config: plainWebhookConfig(tenant, "SignatureRequestCompleted", uri),
			ConfigStateChecks: []statecheck.StateCheck{
				onService(tenant.SubscriptionKey, uri),
				acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, 1),
				warnings.expectApplied("was found after a lost answer", "took it as the one its request created"),
			},
		}},
	})
}

// A create whose answer is lost on an account whose list was empty before: what the service made cannot be told
// from another owner's identical subscription (an empty list may be a service in maintenance), so the apply stops,
// naming it with its import id, and never sends the create again. Imported, it is this resource's.
func TestAccWebhookSubscriptionResource_lostCreateOnAnEmptyAccount(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := plainWebhookConfig(tenant, "SignatureRequestCompleted", acctest.Receiver.URL(t.Name()))
	importID := func(*terraform.State) (string, error) {
		held := acctest.Emulator.Subscriptions(tenant.SubscriptionKey)
		if len(held) != 1 {
			return "", fmt.Errorf("the service holds %d subscriptions, want the 1 the lost create made", len(held))
		}
		return "SignatureRequestCompleted/" + held[0].ID, nil // as the error suggests
	}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
				},
				Config:      config,
				ExpectError: acctest.WrappedRegexp(`The list before the first create was empty.*import id "SignatureRequestCompleted/`),
			},
			{
				Config:             config,
				ResourceName:       webhookAddr,
				ImportState:        true,
				ImportStateIdFunc:  importID,
				ImportStatePersist: true,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionCreate, 1),
				},
			},
		},
	})
}

// Three subscriptions, one on each page where the service pages its list: a list that says it is partial is
// followed or refused, an empty one is checked by id, and no plan ever creates one again.
func TestAccWebhookSubscription_listsAreEvidence(t *testing.T) {
	maintenance := acctest.ListAnswer{
		Name:  "empty during maintenance",
		Forms: emulator.AnswerForms{EmptyLists: 1000},
	}
	config := func(t *testing.T, tenant emulator.Tenant) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "paged" {
  count      = 3
  event_type = "signatorysigned"
  uri        = "%s/${count.index}"
}

data "esign_webhook_subscriptions" "all" {
  depends_on = [esign_webhook_subscription.paged]
}
`, acctest.Receiver.URL(t.Name()))
	}
	createdOnce := func(tenant emulator.Tenant) statecheck.StateCheck {
		return acctest.Func(func() error {
			if n := len(acctest.Emulator.Subscriptions(tenant.SubscriptionKey)); n != 3 {
				return fmt.Errorf("the service holds %d subscriptions, want the 3 created once", n)
			}
			return nil
		})
	}
	acctest.TestListAnswers(t, append(acctest.ListAnswers, maintenance), config, createdOnce)
}

// A service that keeps what it is sent in another form (trimmed text, host case, the default port written out)
// replaces nothing and shows no change: the state keeps the configured values.
func TestAccWebhookSubscription_storedFormsAreLearned(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{NormaliseStored: true})
	config := webhookConfig(tenant, `
  event_type  = "signatorysigned"
  uri         = "https://Hooks.Example.COM/stored-forms"
  description = " padded "
`)
	configured := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("uri"), knownvalue.StringExact("https://Hooks.Example.COM/stored-forms")),
		statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("description"), knownvalue.StringExact(" padded ")),
		acctest.Func(func() error {
			stored := acctest.Emulator.Subscriptions(tenant.SubscriptionKey)
			if len(stored) != 1 || stored[0].URI != "https://hooks.example.com:443/stored-forms" || stored[0].Description != "padded" {
				return fmt.Errorf("the service holds %+v, want one subscription in its own forms", stored)
			}
			return nil
		}),
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: configured,
			},
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: configured,
			},
			{
				RefreshState: true,
			},
			{
				Config:            config,
				ConfigStateChecks: configured,
			},
		},
	})
}

// An imported subscription whose uri the configuration spells as another form of the same URL is updated in
// state, not replaced, and shows no change after that.
func TestAccWebhookSubscription_uriComparesAsURL(t *testing.T) {
	tenant := acctest.NewTenant(t)
	stored, err := acctest.Emulator.AddSubscription(tenant.SubscriptionKey, "signatorysigned", "https://hooks.example.com:443/imported", "")
	if err != nil {
		t.Fatal(err)
	}
	config := webhookConfig(tenant, `
  event_type = "signatorysigned"
  uri        = "https://Hooks.Example.COM/imported"
`) + fmt.Sprintf(`
import {
  to = %s
  id = %q
}
`, webhookAddr, stored.ID)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(webhookAddr, plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(webhookAddr, tfjsonpath.New("id"), knownvalue.StringExact(stored.ID)),
				},
			},
		},
	})
}

// A service that answers a delete 410 Gone has deleted: destroy succeeds and leaves nothing in state.
func TestAccWebhookSubscription_goneIsDeleted(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{DeleteAnswersGone: true})
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		Steps: []resource.TestStep{
			{
				Config: webhookConfig(tenant, `
  event_type = "signatorysigned"
  uri        = "https://hooks.example.com/gone"
`),
			},
			{
				Config: webhookConfig(tenant, `
  event_type = "signatorysigned"
  uri        = "https://hooks.example.com/gone-replaced"
`),
				ConfigStateChecks: []statecheck.StateCheck{
					onService(tenant.SubscriptionKey, "https://hooks.example.com/gone-replaced"),
				},
			},
		},
	})
}
