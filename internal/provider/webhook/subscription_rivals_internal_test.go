// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Past framework.NamedBound warnings of a kind in an operation, leftover and rival
// warnings share one summary each, which Terraform folds into one.
func TestWarningsPastTheBoundShareASummary(t *testing.T) {
	coordinator := (&framework.ProviderData{}).Coordinator()
	var diags diag.Diagnostics
	for i := range framework.NamedBound + 2 {
		declared := declaredSubscription{
			eventType: "signatorysigned",
			uri:       "https://hooks.example.com/a",
		}
		claim := subscriptionClaim(declared, fmt.Sprint(i), false)
		rivals := coordinator.ClaimAtPlan(claim)
		if len(rivals) > 0 {
			warnRivals(coordinator, &diags, claim, declared, rivals)
		}
		leftover := client.Subscription{ID: fmt.Sprint(i), EventType: "signatorysigned"}
		named := func(int) diag.Diagnostic { return leftoverWarning(leftover, declared.eventType) }
		rest := func(int) diag.Diagnostic {
			return moreLeftoversWarning([]client.Subscription{leftover}, declared.eventType)
		}
		coordinator.Report(&diags, "identical webhook subscriptions", 1, named, rest)
	}
	summaries := map[string]int{}
	for _, d := range diags {
		summaries[d.Summary()]++
	}
	if len(diags) != 2*framework.NamedBound+3 || len(summaries) != 2*framework.NamedBound+2 || summaries["More identical webhook subscriptions already exist"] != 2 ||
		summaries["More identical webhook subscription blocks"] != 1 {
		t.Errorf("%d warnings, %d summaries: want %d named of each kind, then one summary each", len(diags), len(summaries), framework.NamedBound)
	}
}
