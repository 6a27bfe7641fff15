// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// ListAnswer is a way the service may answer a list that the interface document leaves open, with the pattern of
// the error an operation stops with ("" where the provider reads the whole list).
type ListAnswer struct {
	Name  string
	Forms emulator.AnswerForms
	Fails string
}

// ListAnswers are every paged and partial form the emulator answers in, one page an item, so that what a
// resource reads sits on the first, a middle and the last page.
var ListAnswers = []ListAnswer{
	{Name: "nextLink", Forms: emulator.AnswerForms{PageSize: 1, NextLink: emulator.NextLinkField}},
	{Name: "@odata.nextLink", Forms: emulator.AnswerForms{PageSize: 1, NextLink: emulator.NextLinkOData}},
	{Name: "next", Forms: emulator.AnswerForms{PageSize: 1, NextLink: emulator.NextLinkNext}},
	{Name: "Link header", Forms: emulator.AnswerForms{PageSize: 1, NextLink: emulator.NextLinkHeader}},
	{Name: "two a page", Forms: emulator.AnswerForms{PageSize: 2, NextLink: emulator.NextLinkField}},
	{Name: "next link to another origin", Forms: emulator.AnswerForms{PageSize: 1, NextLinkOrigin: "https://127.0.0.1:1"}, Fails: `127\.0\.0\.1:1`},
	{Name: "bare total", Forms: emulator.AnswerForms{PageSize: 1, BareTotal: true}, Fails: `total`},
	{Name: "continuation token", Forms: emulator.AnswerForms{PageSize: 1, ContinuationToken: true}, Fails: `continuationToken`},
}

// TestListAnswers runs a test case of config for every answer, each with a tenant of its own: an apply while lists
// are whole, a plan while the emulator answers in the answer's forms (which fails as Fails says, or plans no
// change), and an apply with whole lists again, checked by check.
func TestListAnswers(t *testing.T, answers []ListAnswer, config func(t *testing.T, tenant emulator.Tenant) string,
	check func(tenant emulator.Tenant) statecheck.StateCheck) {
	for _, answer := range answers {
		t.Run(answer.Name, func(t *testing.T) {
			tenant := NewTenant(t)
			cfg := config(t, tenant)
			answered := resource.TestStep{
				PreConfig: func() {
					Emulator.SetAnswerForms(tenant.SubscriptionKey, answer.Forms)
					Emulator.ResetCounters(tenant.SubscriptionKey)
				},
				Config:   cfg,
				PlanOnly: true,
			}
			if answer.Fails != "" {
				answered.ExpectError = regexp.MustCompile(answer.Fails)
			}
			whole := resource.TestStep{
				PreConfig:         func() { Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{}) },
				Config:            cfg,
				ConfigStateChecks: []statecheck.StateCheck{check(tenant)},
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: ProtoV6ProviderFactories,
				Steps: []resource.TestStep{
					{Config: cfg},
					answered,
					whole,
				},
			})
		})
	}
}
