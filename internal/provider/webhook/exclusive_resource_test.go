// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const exclusiveAddress = "esign_webhook_subscriptions_exclusive.this"

// exclusiveWarnings records the warnings of the exclusive resource's plans and applies.
func exclusiveWarnings() *warningRecorder {
	return &warningRecorder{typeName: "esign_webhook_subscriptions_exclusive"}
}

// managedSubscriptions declares count subscriptions of eventType at uri-<i> and an exclusive resource that
// owns them, with the rest of its arguments in exclusiveArgs.
func managedSubscriptions(tenant emulator.Tenant, count int, eventType, uri, exclusiveArgs string) string {
	return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "managed" {
  count       = %d
  event_type  = %q
  uri         = "%s-${count.index}"
  description = "managed ${count.index}"
}

resource "esign_webhook_subscriptions_exclusive" "this" {
  subscription_ids = esign_webhook_subscription.managed[*].id
%s
}
`, count, eventType, uri, exclusiveArgs)
}

var emptyUnmanaged = statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListExact(nil))

// Someone adds a subscription in scope and another out of scope behind Terraform's back; later one between plan
// and apply; later two whose delete fails.
func TestAccSubscriptionsExclusive_deletesWhatThePlanShows(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	config := managedSubscriptions(tenant, 2, "SignatureRequestCompleted", uri, `  event_types = ["SignatureRequestCompleted"]`)
	strayURI, outOfScopeURI, lateURI := uri+"/unreviewed", uri+"/other-type", uri+"/late"
	plans := exclusiveWarnings()

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: plans.factories(),
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					emptyUnmanaged,
					statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("id"), knownvalue.StringExact("signaturerequestcompleted")),
					statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("on_unmanaged"), knownvalue.StringExact("delete")),
				},
			},
			{
				PreConfig: func() {
					seedStray(t, key, "signaturerequestcompleted", strayURI, "added by hand")
					seedStray(t, key, "signatorysigned", outOfScopeURI, "out of scope")
					acctest.Emulator.ResetCounters(key)
					plans.reset()
				},
				Config: config,
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(exclusiveAddress, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListExact(nil))),
				ConfigStateChecks: []statecheck.StateCheck{
					emptyUnmanaged,
					onService(key, uri+"-0", uri+"-1", outOfScopeURI),
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 1),
					plans.expect("Webhook subscription not managed by Terraform will be deleted: signaturerequestcompleted events to "+strayURI,
						`description "added by hand"`, `import it (id = "signaturerequestcompleted/`),
					plans.lack(outOfScopeURI),
				},
			},
			{
				// A subscription made between plan and apply was not reviewed.
				PreConfig: func() {
					seedStray(t, key, "signaturerequestcompleted", strayURI, "again")
					acctest.Emulator.ResetCounters(key)
					plans.reset()
					plans.afterNextPlan(func() { seedStray(t, key, "signaturerequestcompleted", lateURI, "after the plan") })
				},
				Config:             config,
				ExpectNonEmptyPlan: true,
				ConfigStateChecks: []statecheck.StateCheck{
					onService(key, uri+"-0", uri+"-1", outOfScopeURI, lateURI),
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 1),
					plans.expectApplied("Webhook subscription left for the next plan: signaturerequestcompleted events to "+lateURI,
						"the plan did not name it"),
				},
			},
			{
				// Every attempt of the first delete fails (max_retries = 4): the error names it, and what was not
				// deleted stays unmanaged, which the next apply deletes.
				PreConfig: func() {
					seedStray(t, key, "signaturerequestcompleted", uri+"/a", "by hand")
					seedStray(t, key, "signaturerequestcompleted", uri+"/b", "by hand")
					acctest.Emulator.ScriptFault(key, emulator.RouteSubscriptionDelete, emulator.FaultInternalError, 5)
				},
				Config: config,
				ExpectError: acctest.WrappedRegexp(`Could not delete unmanaged webhook subscription signaturerequestcompleted events to ` +
					regexp.QuoteMeta(uri+"/a")),
			},
			{
				Config:            config,
				ConfigPlanChecks:  acctest.Converges(),
				ConfigStateChecks: []statecheck.StateCheck{emptyUnmanaged, onService(key, uri+"-0", uri+"-1", outOfScopeURI)},
			},
		},
	})
}

// A new exclusive resource's plan cannot name what its apply would delete: it shows unmanaged as known after apply,
// the apply deletes nothing, the next one does. A subscription that an apply creates is in subscription_ids only
// once it exists (unknown at plan).
func TestAccSubscriptionsExclusive_unknownAtPlan(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	before, late, strayURI := uri+"/before-the-plan", uri+"/after-the-plan", uri+"/stray"
	config := func(count int, suffix string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "managed" {
  count      = %d
  event_type = "signatorysigned"
  uri        = "%s-${count.index}%s"
  lifecycle {
    create_before_destroy = true
  }
}

resource "esign_webhook_subscriptions_exclusive" "this" {
  subscription_ids = esign_webhook_subscription.managed[*].id
}
`, count, uri, suffix)
	}
	plans := exclusiveWarnings()

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: plans.factories(),
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					seedStray(t, key, "signatorysigned", before, "by hand")
					acctest.Emulator.ResetCounters(key)
					plans.afterNextPlan(func() { seedStray(t, key, "signaturerequestcompleted", late, "by hand") })
				},
				Config: config(1, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(exclusiveAddress, tfjsonpath.New("unmanaged"))},
				},
				ExpectNonEmptyPlan: true,
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 0),
					onService(key, uri+"-0", before, late),
					statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListSizeExact(2)),
					plans.expect("Webhook subscription not managed by Terraform: signatorysigned events to "+before,
						"the first apply deletes nothing"),
					plans.expectApplied("Webhook subscription left for the next plan: signatorysigned events to "+before,
						"this resource is new"),
					plans.expectApplied("Webhook subscription left for the next plan: signaturerequestcompleted events to " + late),
				},
			},
			{
				PreConfig:        func() { acctest.Emulator.ResetCounters(key) },
				Config:           config(1, ""),
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectResourceAction(exclusiveAddress, plancheck.ResourceActionUpdate)),
				ConfigStateChecks: []statecheck.StateCheck{
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 2),
					onService(key, uri+"-0"),
					emptyUnmanaged,
				},
			},
			{
				PreConfig: func() {
					seedStray(t, key, "signaturerequestcompleted", strayURI, "left over")
					plans.reset()
				},
				Config:           config(3, ""),
				ConfigPlanChecks: acctest.Converges(plancheck.ExpectUnknownValue(exclusiveAddress, tfjsonpath.New("unmanaged"))),
				ConfigStateChecks: []statecheck.StateCheck{
					emptyUnmanaged,
					onService(key, uri+"-0", uri+"-1", uri+"-2"),
					plans.expect("will be deleted: signaturerequestcompleted events to "+strayURI, "subscription_ids is known only after apply"),
				},
			},
			{
				PreConfig: func() {
					acctest.Emulator.ResetCounters(key)
					plans.reset()
				},
				Config:           config(3, "-renamed"),
				ConfigPlanChecks: acctest.Converges(),
				ConfigStateChecks: []statecheck.StateCheck{
					emptyUnmanaged,
					onService(key, uri+"-0-renamed", uri+"-1-renamed", uri+"-2-renamed"),
					// Each old subscription is deleted once, by its own resource.
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 3),
					plans.lack(""),
				},
			},
		},
	})
}

// What would keep the apply from doing what the plan shows fails the plan, and nothing is written, not even the
// subscription the configuration adds: on_unmanaged = "fail" with an unmanaged subscription, and a scope or
// on_unmanaged known only after apply.
func TestAccSubscriptionsExclusive_planFails(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	strayURI := uri + "/stray"
	seedStray(t, key, "signatorysigned", strayURI, "by hand")
	acctest.Emulator.ResetCounters(key)
	unknown := acctest.WrappedRegexp(`The scope and on_unmanaged of esign_webhook_subscriptions_exclusive must be known at plan`)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: managedSubscriptions(tenant, 1, "signatorysigned", uri, `  on_unmanaged = "fail"`),
				ExpectError: acctest.WrappedRegexp(`Webhook subscription not managed by Terraform: signatorysigned events to ` +
					regexp.QuoteMeta(strayURI) + `.*on_unmanaged = "fail": nothing is written`),
			},
			{
				Config: managedSubscriptions(tenant, 1, "signatorysigned", uri,
					`  uri_prefix = "${esign_webhook_subscription.managed[0].uri}/${esign_webhook_subscription.managed[0].id}"`),
				ExpectError: unknown,
			},
			{
				Config: managedSubscriptions(tenant, 1, "signatorysigned", uri,
					`  on_unmanaged = esign_webhook_subscription.managed[0].id == "" ? "warn" : "delete"`),
				ExpectError: unknown,
			},
			{
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectNoWrites(tenant), onService(key, strayURI)},
			},
		},
	})
}

// on_unmanaged = "warn" lists the unmanaged subscriptions in the plan and in the state, and writes nothing,
// nor when subscription_ids gains one.
func TestAccSubscriptionsExclusive_warnWritesNothing(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	kept := seedStray(t, key, "signatorysigned", uri+"/kept", "declared")
	stray := seedStray(t, key, "signaturerequestcompleted", uri+"/stray", "by hand")
	acctest.Emulator.ResetCounters(key)
	plans := exclusiveWarnings()
	config := func(ids, more string) string {
		return acctest.ProviderConfig(tenant) + more + fmt.Sprintf(`
resource "esign_webhook_subscriptions_exclusive" "this" {
  subscription_ids = [%s]
  on_unmanaged     = "warn"
}
`, ids)
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: plans.factories(),
		CheckDestroy:             func(*terraform.State) error { return onService(key, kept.URI, stray.URI)() },
		Steps: []resource.TestStep{{
			Config:           config(fmt.Sprintf("%q", strings.ToUpper(kept.ID)), ""),
			ConfigPlanChecks: acctest.Converges(),
			ConfigStateChecks: []statecheck.StateCheck{
				acctest.ExpectNoWrites(tenant),
				statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListExact([]knownvalue.Check{
					acctest.ExactStrings(map[string]string{"id": stray.ID, "event_type": "signaturerequestcompleted", "uri": stray.URI, "description": "by hand"}),
				})),
				plans.expect("Webhook subscription not managed by Terraform: signaturerequestcompleted events to "+stray.URI,
					`on_unmanaged = "warn"`),
				plans.lack(kept.URI),
			},
		}, {
			// An update deletes nothing either (mutation audit B16).
			Config: config(fmt.Sprintf("%q, esign_webhook_subscription.added.id", kept.ID),
				subscriptionBlock("added", "signatorysigned", uri+"/added", "declared", "")),
			ConfigPlanChecks: acctest.Converges(),
			ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 0),
				onService(key, kept.URI, stray.URI, uri+"/added")},
		}},
	})
}

// 2,000 unmanaged subscriptions: the plan names 20 and counts the rest, in
// warn mode (a warning each made 1.9 MB) and in fail mode.
func TestAccSubscriptionsExclusive_manyUnmanaged(t *testing.T) {
	tenant := acctest.NewTenant(t)
	tf := acctest.NewTerraformDir(t, acctest.TerraformCLI(t), acctest.BuildProvider(t), acctest.ProviderEnv(tenant)...)
	uri := acctest.Receiver.URL(t.Name())
	secret := acctest.RandomSecret(t, "code-") // the first, named, holds its receiver's credential and a hostile description
	seedStray(t, tenant.SubscriptionKey, "signatorysigned", uri+"/0?code="+secret, "by hand \x1b[32mApply complete!")
	for i := 1; i < 2000; i++ {
		seedStray(t, tenant.SubscriptionKey, "signatorysigned", fmt.Sprintf("%s/%d", uri, i), "by hand")
	}
	config := func(mode string) {
		acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), acctest.RequiredProviders+`provider "esign" {}
resource "esign_webhook_subscriptions_exclusive" "this" {
  subscription_ids = []
  on_unmanaged     = "`+mode+`"
}
`)
	}
	var outputs []string
	for _, mode := range []string{"fail", "warn"} {
		config(mode)
		out := tf.Run(map[string]int{"fail": 1}[mode], "plan", "-input=false", "-no-color")
		flat := strings.Join(strings.Fields(out), " ")
		if n := strings.Count(flat, ": Webhook subscription not managed by Terraform: signatorysigned events to "); len(out) > 100_000 ||
			n != 20 || !strings.Contains(flat, ": Webhook subscription not managed by Terraform: 1980 more ") {
			t.Errorf("%s: the plan of %d bytes names %d subscriptions, want 20 and a count:\n%.5000s", mode, len(out), n, out)
		}
		outputs = append(outputs, out)
	}
	// The unmanaged list in state, shown by the plan that deletes it.
	outputs = append(outputs, tf.Run(0, "apply", "-auto-approve", "-input=false", "-no-color"))
	config("delete")
	outputs = append(outputs, tf.Run(0, "plan", "-input=false", "-no-color"))
	for _, out := range outputs {
		if strings.Contains(out, secret) || strings.Contains(out, "\x1b") || !strings.Contains(out, "/0?code=…") {
			t.Errorf("a receiver's query value or an escape sequence is in the output:\n%.3000q", out)
		}
	}
}

// A plan of 200 subscriptions and an exclusive resource that owns them costs the requests the subscriptions
// alone cost.
func TestAccSubscriptionsExclusive_noExtraRequest(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := managedSubscriptions(tenant, 200, "signatorysigned", acctest.Receiver.URL(t.Name()), "")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ConfigStateChecks: []statecheck.StateCheck{emptyUnmanaged}},
			{
				// A plan-only step plans without refresh, then with it.
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    config,
				PlanOnly:  true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						acctest.ExpectExactRequests(tenant, map[string]int{emulator.RouteSubscriptionList: 1}),
					},
				},
			},
		},
	})
}

// The resource imports by its scope, written as an import ID or as an identity.
func TestAccSubscriptionsExclusive_import(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	config := managedSubscriptions(tenant, 1, "signatorysigned", uri,
		fmt.Sprintf("  event_types = [\"SignatorySigned\", \"signaturerequestcompleted\"]\n  uri_prefix = %q", uri))
	scopeID := "signatorysigned,signaturerequestcompleted/" + uri
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("id"), knownvalue.StringExact(scopeID)),
				},
			},
			{
				ResourceName:            exclusiveAddress,
				ImportState:             true,
				ImportStateId:           scopeID,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"subscription_ids", "unmanaged", "event_types"},
			},
			{
				ResourceName:  exclusiveAddress,
				ImportState:   true,
				ImportStateId: "signatorysigned,nosuchtype",
				ExpectError:   acctest.WrappedRegexp(`Unsupported event type .*"nosuchtype" is not supported`),
			},
		},
	})
}

// An import block with the identity (the scope) adopts the resource, and
// the plan then takes the configuration's subscription_ids.
func TestAccSubscriptionsExclusive_importByIdentity(t *testing.T) {
	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	resource.ParallelTest(t, resource.TestCase{
		// Resource identity and import blocks with identity: Terraform 1.12.
		TerraformVersionChecks:   acctest.RequiresIdentity,
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: managedSubscriptions(tenant, 1, "signatorysigned", uri, fmt.Sprintf("  uri_prefix = %q", uri)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectIdentity(exclusiveAddress, map[string]knownvalue.Check{
						"event_types": knownvalue.ListExact(nil),
						"uri_prefix":  knownvalue.StringExact(uri),
					}),
				},
			},
			{
				ResourceName:       exclusiveAddress,
				ImportState:        true,
				ImportStateKind:    resource.ImportBlockWithResourceIdentity,
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: resource.ImportPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(exclusiveAddress, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListExact(nil)),
					},
				},
			},
		},
	})
}

// Two root modules share one account, each owning the subscriptions under its own uri_prefix.
func TestAccSubscriptionsExclusive_disjointScopes(t *testing.T) {
	bin, pluginDir := acctest.ProviderCLI(t, 0, "")
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	prefix := map[string]string{
		"a": acctest.Receiver.URL(t.Name() + "/a/"),
		"b": acctest.Receiver.URL(t.Name() + "/b/"),
	}
	dirs := map[string]*acctest.TerraformDir{}
	for name, uriPrefix := range prefix {
		dirs[name] = acctest.NewTerraformDir(t, bin, pluginDir, acctest.ProviderEnv(tenant)...)
		acctest.WriteFile(t, filepath.Join(dirs[name].Dir, "main.tf"), acctest.RequiredProviders+fmt.Sprintf(`
resource "esign_webhook_subscription" "mine" {
  count      = 2
  event_type = "signatorysigned"
  uri        = "%[1]s${count.index}"
}

resource "esign_webhook_subscriptions_exclusive" "mine" {
  subscription_ids = esign_webhook_subscription.mine[*].id
  uri_prefix       = %[1]q
}
`, uriPrefix))
	}
	declared := []string{prefix["a"] + "0", prefix["a"] + "1", prefix["b"] + "0", prefix["b"] + "1"}
	applyBoth := func() {
		t.Helper()
		a, b := dirs["a"].Start("apply", "-auto-approve", "-no-color"), dirs["b"].Start("apply", "-auto-approve", "-no-color")
		for name, run := range map[string]*acctest.RunningTerraform{"a": a, "b": b} {
			if err := run.Err(); err != nil {
				t.Fatalf("apply of %s: %v\n%s", name, err, run.Output())
			}
		}
		if err := onService(key, declared...)(); err != nil {
			t.Fatal(err)
		}
	}

	// Both start at once from nothing: each new exclusive resource lists
	// the other's subscriptions, out of its scope.
	applyBoth()

	seedStray(t, key, "signatorysigned", prefix["a"]+"by-hand", "made by hand")
	seedStray(t, key, "signatorysigned", prefix["b"]+"by-hand", "made by hand")
	plan := dirs["a"].Run(0, "plan", "-no-color")
	if want := `Warning: Webhook subscription not managed by Terraform will be deleted: signatorysigned events to ` +
		regexp.QuoteMeta(prefix["a"]+"by-hand"); !acctest.WrappedRegexp(want).MatchString(plan) {
		t.Errorf("the plan of a lacks %q:\n%s", want, plan)
	}
	if strings.Contains(plan, prefix["b"]) {
		t.Errorf("the plan of a names b's subscriptions:\n%s", plan)
	}

	applyBoth()
	for _, dir := range dirs {
		dir.Run(0, "plan", "-no-color", "-detailed-exitcode") // 2 if the plan is not empty
	}
}

// Two exclusive resources of one configuration whose scopes overlap (every event type and one of them; a
// prefix and one under it, spelled in another case) fail at plan, naming both scopes, and nothing is written.
func TestAccSubscriptionsExclusive_scopesNeverFight(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	config := func(a, aURI, b, bURI string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "a" {
  event_type = "signaturerequestcompleted"
  uri        = %q
}

resource "esign_webhook_subscription" "b" {
  event_type = "signatorysigned"
  uri        = %q
}

resource "esign_webhook_subscriptions_exclusive" "a" {
  subscription_ids = [esign_webhook_subscription.a.id]
%s
}

resource "esign_webhook_subscriptions_exclusive" "b" {
  subscription_ids = [esign_webhook_subscription.b.id]
%s
}
`, aURI, bURI, a, b)
	}
	overlap := func(a, b string) *regexp.Regexp {
		a, b = regexp.QuoteMeta(a), regexp.QuoteMeta(b)
		return acctest.WrappedRegexp(`Two esign_webhook_subscriptions_exclusive scopes overlap: (` + a + ` and ` + b + `|` + b + ` and ` + a + `)`)
	}
	disjoint := config(`  uri_prefix = "https://hooks.example.com"`, "https://hooks.example.com/a",
		`  uri_prefix = "https://hooks.example.com.partner.test/"`, "https://hooks.example.com.partner.test/b")
	applied := resource.TestStep{
		PreConfig:        func() { acctest.Emulator.ResetCounters(key) },
		Config:           disjoint,
		ConfigPlanChecks: acctest.Converges(),
		ConfigStateChecks: []statecheck.StateCheck{
			acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 0),
			onService(key, "https://hooks.example.com/a", "https://hooks.example.com.partner.test/b"),
		},
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig:   func() { acctest.Emulator.ResetCounters(key) },
				Config:      config("", uri+"/a", `  event_types = ["SignatorySigned"]`, uri+"/b"),
				ExpectError: overlap("*", "signatorysigned"),
			},
			{
				Config: config(fmt.Sprintf("  uri_prefix = %q", uri+"/"), uri+"/a",
					fmt.Sprintf("  uri_prefix = %q", strings.Replace(uri, "https://", "HTTPS://", 1)+"/b/"), uri+"/b/0"),
				ExpectError: overlap("*/"+uri+"/", "*/"+strings.Replace(uri, "https://", "HTTPS://", 1)+"/b/"),
			},
			{
				Config:            acctest.ProviderConfig(tenant),
				ConfigStateChecks: []statecheck.StateCheck{acctest.ExpectNoWrites(tenant), onService(key)},
			},
			applied, applied, applied,
			{
				// A new scope replaces the resource; Terraform plans both halves
				// of a replacement, which are one resource, not two that overlap.
				Config: config(`  uri_prefix = "https://HOOKS.example.com/"`, "https://hooks.example.com/a",
					`  uri_prefix = "https://hooks.example.com.partner.test/"`, "https://hooks.example.com.partner.test/b"),
				ConfigPlanChecks: acctest.Converges(
					plancheck.ExpectResourceAction("esign_webhook_subscriptions_exclusive.a", plancheck.ResourceActionReplace)),
			},
		},
	})
}

// The apply never infers absence from a list: a named subscription the list leaves out (an empty answer during
// maintenance, between plan and apply) is read by id and deleted all the same; and every named delete is
// attempted, each failure reported, however many fail.
func TestAccSubscriptionsExclusive_neverInfersAbsence(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	config := managedSubscriptions(tenant, 1, "signatorysigned", uri, "")
	plans := exclusiveWarnings()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: plans.factories(),
		Steps: []resource.TestStep{
			{
				Config: config,
			},
			{
				PreConfig: func() {
					seedStray(t, key, "signatorysigned", uri+"/unlisted", "by hand")
					acctest.Emulator.ResetCounters(key)
					plans.afterNextPlan(func() {
						acctest.Emulator.SetAnswerForms(key, emulator.AnswerForms{EmptyLists: 1})
					})
				},
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					onService(key, uri+"-0"),
					acctest.ExpectRequests(tenant, emulator.RouteSubscriptionDelete, 1),
				},
			},
			{
				PreConfig: func() {
					for _, name := range []string{"a", "b", "c"} {
						seedStray(t, key, "signatorysigned", uri+"/"+name, "by hand")
					}
					// Every attempt of every delete fails (max_retries = 4).
					acctest.Emulator.ScriptFault(key, emulator.RouteSubscriptionDelete, emulator.FaultInternalError, 15)
				},
				Config: config,
				ExpectError: acctest.WrappedRegexp(`(?s)Could not delete unmanaged webhook subscription signatorysigned events to ` +
					regexp.QuoteMeta(uri+"/a") + `.*Could not delete unmanaged webhook subscription signatorysigned events to ` +
					regexp.QuoteMeta(uri+"/b") + `.*Could not delete unmanaged webhook subscription signatorysigned events to ` +
					regexp.QuoteMeta(uri+"/c")),
			},
			{
				Config:            config,
				ConfigPlanChecks:  acctest.Converges(),
				ConfigStateChecks: []statecheck.StateCheck{emptyUnmanaged, onService(key, uri+"-0")},
			},
		},
	})
}

// A refresh during which the service lists nothing (maintenance) keeps what it found unmanaged before, read by
// id: an empty list says nothing is gone, and a drift check must still see it.
func TestAccSubscriptionsExclusive_refreshConfirmsByID(t *testing.T) {
	tenant := acctest.NewTenant(t)
	key := tenant.SubscriptionKey
	uri := acctest.Receiver.URL(t.Name())
	seedStray(t, key, "signatorysigned", uri+"/by-hand", "by hand")
	config := managedSubscriptions(tenant, 1, "signatorysigned", uri, `  on_unmanaged = "warn"`)
	stillUnmanaged := statecheck.ExpectKnownValue(exclusiveAddress, tfjsonpath.New("unmanaged"), knownvalue.ListSizeExact(1))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{stillUnmanaged},
			},
			{
				PreConfig: func() {
					acctest.Emulator.SetAnswerForms(key, emulator.AnswerForms{EmptyLists: 1000})
				},
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{stillUnmanaged},
			},
			{
				PreConfig: func() { acctest.Emulator.SetAnswerForms(key, emulator.AnswerForms{}) },
				Config:    config,
			},
		},
	})
}
