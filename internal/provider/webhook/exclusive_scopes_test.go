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
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Two root modules share one account, each owning the subscriptions under
// its own uri_prefix. Applied at once, with a subscription made by hand in
// each scope, each deletes only the one in its scope and never the other's
// subscriptions.
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
	}

	// Both start at once from nothing: each new exclusive resource lists
	// the other's subscriptions, out of its scope.
	applyBoth()
	if err := onService(key, declared...)(); err != nil {
		t.Fatal(err)
	}

	seedStray(t, key, "signatorysigned", prefix["a"]+"by-hand", "made by hand")
	seedStray(t, key, "signatorysigned", prefix["b"]+"by-hand", "made by hand")
	plan := dirs["a"].Run(0, "plan", "-no-color")
	for _, want := range []string{
		`Warning: Webhook subscription not managed by Terraform will be deleted: signatorysigned events to ` +
			regexp.QuoteMeta(prefix["a"]+"by-hand"),
	} {
		if !acctest.WrappedRegexp(want).MatchString(plan) {
			t.Errorf("the plan of a lacks %q:\n%s", want, plan)
		}
	}
	if regexp.MustCompile(regexp.QuoteMeta(prefix["b"])).MatchString(plan) {
		t.Errorf("the plan of a names b's subscriptions:\n%s", plan)
	}

	applyBoth()
	if err := onService(key, declared...)(); err != nil {
		t.Fatal(err)
	}
	for name, dir := range dirs {
		if out := dir.Run(0, "plan", "-no-color", "-detailed-exitcode"); !regexp.MustCompile(`No changes`).MatchString(out) {
			t.Errorf("the plan of %s after the apply is not empty:\n%s", name, out)
		}
	}
}

// Two exclusive resources of one configuration whose scopes overlap (every
// event type and one of them; a prefix and one under it, spelled in
// another case) fail at plan, naming both scopes, and nothing is written.
// Disjoint scopes that text would confuse (a host and a longer host) never
// fight: three applies in a row delete nothing and end with a clean plan.
// A new scope replaces a resource without overlapping itself.
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
		PreConfig: func() { acctest.Emulator.ResetCounters(key) },
		Config:    disjoint,
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
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
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_webhook_subscriptions_exclusive.a", plancheck.ResourceActionReplace),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
		},
	})
}
