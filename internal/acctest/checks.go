// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

// Checks and steps that tests of every kind share.

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// WrappedRegexp matches a diagnostic that Terraform may have wrapped: every
// space in pattern matches any run of white space, and . matches newlines.
func WrappedRegexp(pattern string) *regexp.Regexp {
	return regexp.MustCompile("(?s)" + strings.ReplaceAll(pattern, " ", `\s+`))
}

// ExactStrings checks an object whose attributes are these strings, and
// no other.
func ExactStrings(attrs map[string]string) knownvalue.Check {
	checks := make(map[string]knownvalue.Check, len(attrs))
	for name, v := range attrs {
		checks[name] = knownvalue.StringExact(v)
	}
	return knownvalue.ObjectExact(checks)
}

// Converges is the plan checks of a step whose plan passes preApply and
// whose apply leaves nothing to change.
func Converges(preApply ...plancheck.PlanCheck) resource.ConfigPlanChecks {
	return resource.ConfigPlanChecks{PreApply: preApply, PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
}

// ImportsOnlyStep applies config, whose import blocks adopt what exists on
// the tenant's service: the plan imports each of addresses and changes
// nothing, the apply writes nothing, and the plan after it is empty. checks
// are the step's further state checks.
func ImportsOnlyStep(tenant emulator.Tenant, config string, addresses []string, checks ...statecheck.StateCheck) resource.TestStep {
	noChange := make([]plancheck.PlanCheck, 0, len(addresses))
	for _, a := range addresses {
		noChange = append(noChange, plancheck.ExpectResourceAction(a, plancheck.ResourceActionNoop))
	}
	return resource.TestStep{
		PreConfig:         func() { Emulator.ResetCounters(tenant.SubscriptionKey) },
		Config:            config,
		ConfigPlanChecks:  Converges(noChange...),
		ConfigStateChecks: append(checks, ExpectNoWrites(tenant)),
	}
}

// ExpectRequests checks that the tenant sent n requests to route (an
// emulator.Route* name) since its counters were last reset.
func ExpectRequests(tenant emulator.Tenant, route string, n int) Func {
	return func() error {
		counters := Emulator.Counters(tenant.SubscriptionKey)
		if got := counters[route]; got != n {
			return fmt.Errorf("%d requests to %s, want %d (all requests since the counters were reset: %v)", got, route, n, counters)
		}
		return nil
	}
}

// ExpectNoWrites checks that nothing was written to the tenant's service
// since its counters were last reset: no POST, PUT or DELETE, not even one
// that failed.
func ExpectNoWrites(tenant emulator.Tenant) Func {
	return func() error {
		if n := Emulator.Writes(tenant.SubscriptionKey); n != 0 {
			return fmt.Errorf("%d writes reached the service, want none (all requests since the counters were reset: %v)",
				n, Emulator.Counters(tenant.SubscriptionKey))
		}
		return nil
	}
}

// ExpectExactRequests checks the tenant's request counters exactly: every route
// in want with its count, no other route.
func ExpectExactRequests(tenant emulator.Tenant, want map[string]int) Func {
	return func() error {
		got := Emulator.Counters(tenant.SubscriptionKey)
		if !maps.Equal(got, want) {
			return fmt.Errorf("the service got requests %v, want %v", got, want)
		}
		return nil
	}
}

// PlanLacks fails when text occurs anywhere in the plan's JSON
// (terraform show -json of the saved plan: values, prior state, config).
func PlanLacks(text string) plancheck.PlanCheck {
	return PlanFunc(func(req plancheck.CheckPlanRequest) error { return jsonLacks("plan", req.Plan, text) })
}

// StateLacks fails when text occurs anywhere in the state's JSON.
func StateLacks(text string) statecheck.StateCheck {
	return StateFunc(func(req statecheck.CheckStateRequest) error { return jsonLacks("state", req.State, text) })
}

func jsonLacks(what string, v any, text string) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if strings.Contains(string(raw), text) {
		return fmt.Errorf("the %s JSON contains %q", what, text)
	}
	return nil
}

// StateID reads the id of a resource from the state JSON.
func StateID(req statecheck.CheckStateRequest, address string) (string, error) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		return "", fmt.Errorf("the state is empty")
	}
	for _, r := range req.State.Values.RootModule.Resources {
		if r.Address == address {
			id, _ := r.AttributeValues["id"].(string)
			return id, nil
		}
	}
	return "", fmt.Errorf("%s is not in the state", address)
}

// SubscriptionsTest runs tc in parallel on the provider and, at its end,
// checks that no subscription is left on the tenant.
func SubscriptionsTest(t *testing.T, tenant emulator.Tenant, tc resource.TestCase) {
	t.Helper()
	tc.ProtoV6ProviderFactories = ProtoV6ProviderFactories
	tc.CheckDestroy = CheckSubscriptionsDestroyed(tenant.SubscriptionKey)
	resource.ParallelTest(t, tc)
}

// CheckSubscriptionsDestroyed is a CheckDestroy: no subscription is left on the tenant but another owner's
// (NewTenantWithOtherOwner), which is still there.
func CheckSubscriptionsDestroyed(key string) func(*terraform.State) error {
	return func(*terraform.State) error {
		if subs := ManagedSubscriptions(key); len(subs) != 0 {
			return fmt.Errorf("%d subscriptions are left after destroy: %+v", len(subs), subs)
		}
		otherID, seeded := otherOwners.Load(key)
		if seeded && len(Emulator.Subscriptions(key)) != 1 {
			return fmt.Errorf("the destroy deleted the subscription %s of another owner", otherID)
		}
		return nil
	}
}

// ImportByIdentity is an import block that names the object by identity,
// an HCL object such as { id = "..." }.
func ImportByIdentity(to, identity string) string {
	return fmt.Sprintf("\nimport {\n  to       = %s\n  identity = %s\n}\n", to, identity)
}

// QueryConfig is a query file: the provider block for a tenant and the
// list blocks.
func QueryConfig(tenant emulator.Tenant, lists string) string {
	return ProviderConfig(tenant) + lists
}

// QueryErrorStep is a QueryStep that fails with an error that matches
// want (a WrappedRegexp pattern).
func QueryErrorStep(tenant emulator.Tenant, lists, want string) resource.TestStep {
	step := QueryStep(tenant, lists)
	step.ExpectError = WrappedRegexp(want)
	return step
}

// QueryTest runs steps in parallel with other tests on clients with list
// resources and terraform query (Terraform 1.14).
func QueryTest(t *testing.T, steps ...resource.TestStep) {
	t.Helper()
	resource.ParallelTest(t, resource.TestCase{
		TerraformVersionChecks:   RequiresQuery,
		ProtoV6ProviderFactories: ProtoV6ProviderFactories,
		Steps:                    steps,
	})
}

// KnownAttributes checks top-level attributes of a listed resource object
// (querycheck.ExpectResourceKnownValues), by name.
func KnownAttributes(checks map[string]knownvalue.Check) []querycheck.KnownValueCheck {
	out := make([]querycheck.KnownValueCheck, 0, len(checks))
	for name, check := range checks {
		out = append(out, querycheck.KnownValueCheck{Path: tfjsonpath.New(name), KnownValue: check})
	}
	return out
}

// QueryStep runs terraform query on list blocks for the tenant, its request
// counters reset first so that checks can count what the query sent.
func QueryStep(tenant emulator.Tenant, lists string, checks ...querycheck.QueryResultCheck) resource.TestStep {
	return resource.TestStep{
		PreConfig:         func() { Emulator.ResetCounters(tenant.SubscriptionKey) },
		Query:             true,
		Config:            QueryConfig(tenant, lists),
		QueryResultChecks: checks,
	}
}
