package provider

// Checks and steps that tests of every kind share.

import (
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// wrappedRegexp matches a diagnostic that Terraform may have wrapped: every
// space in pattern matches any run of white space, and . matches newlines.
func wrappedRegexp(pattern string) *regexp.Regexp {
	return regexp.MustCompile("(?s)" + strings.ReplaceAll(pattern, " ", `\s+`))
}

// exactStrings checks an object whose attributes are these strings, and
// no other.
func exactStrings(attrs map[string]string) knownvalue.Check {
	checks := make(map[string]knownvalue.Check, len(attrs))
	for name, v := range attrs {
		checks[name] = knownvalue.StringExact(v)
	}
	return knownvalue.ObjectExact(checks)
}

// importsOnlyStep applies config, whose import blocks adopt what exists on
// the tenant's service: the plan imports each of addresses and changes
// nothing, the apply writes nothing, and the plan after it is empty. checks
// are the step's further state checks.
func importsOnlyStep(tenant emulator.Tenant, config string, addresses []string, checks ...statecheck.StateCheck) resource.TestStep {
	noChange := make([]plancheck.PlanCheck, 0, len(addresses))
	for _, a := range addresses {
		noChange = append(noChange, plancheck.ExpectResourceAction(a, plancheck.ResourceActionNoop))
	}
	return resource.TestStep{
		PreConfig: func() { testEmulator.ResetCounters(tenant.SubscriptionKey) },
		Config:    config,
		ConfigPlanChecks: resource.ConfigPlanChecks{
			PreApply:             noChange,
			PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
		},
		ConfigStateChecks: append(checks, expectNoWrites(tenant)),
	}
}
