// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// trackPrior claims id under the lock lookForLeftovers takes, so whichever comes second in Terraform's concurrent
// walk sees the first.
func (p *subscriptionPlans) trackPrior(id string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.claimed.add(id)
	eventType, named := p.named[strings.ToLower(id)]
	return eventType, named
}

func (p *subscriptionPlans) lookForLeftovers(baseline *client.SubscriptionSet, claim planClaim) []client.Subscription {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.named == nil {
		p.named = map[string]string{}
	}
	var out []client.Subscription
	for _, s := range baseline.Identical(claim.eventType, claim.uri, claim.description) {
		if !p.claimed.has(s.ID) {
			p.named[strings.ToLower(s.ID)] = claim.eventType
			out = append(out, s)
		}
	}
	return out
}

// checkLeftovers reads the list every refresh reads, so costs no request.
func checkLeftovers(ctx context.Context, data *framework.ProviderData, claim planClaim, diags *diag.Diagnostics) {
	baseline, err := data.Client.SubscriptionBaseline(ctx)
	if err != nil {
		data.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return
	}
	plans := plansOf(data)
	for _, s := range plans.lookForLeftovers(baseline, claim) {
		warnLeftover(diags, data.Client.Shown(s)[0], plans.nameNext(leftoverWarnings))
	}
}

// warnLeftover names s in its summary while named: Terraform folds warnings that share one.
func warnLeftover(diags *diag.Diagnostics, s client.Subscription, named bool) {
	if !named {
		diags.AddWarning("More identical webhook subscriptions already exist", fmt.Sprintf("Besides the %d that warnings of "+
			"this plan name, the service holds subscription %s (%s) with the same event type, uri and description as this "+
			"one, which no resource of this run tracks so far: the apply creates another one beside it. Those warnings say "+
			"why and how to import it (id = %q).", framework.NamedBound, s.ID, s.EventType, importID(s.EventType, s.ID)))
		return
	}
	diags.AddWarning(fmt.Sprintf("An identical webhook subscription already exists: %s (%s)", s.ID, s.EventType),
		fmt.Sprintf("The service holds subscription %s with the same event type (%s), uri and description as this one, "+
			"and no resource of this run that Terraform has refreshed or planned so far tracks it: the leftover of a run "+
			"killed after its create reached the service, or another configuration's. The apply creates another one beside "+
			"it, so the receiver gets every event twice. To have this resource track it instead, import it before applying:"+
			"\n\n  import {\n    to = <address of this resource>\n    id = %q\n  }\n\nTerraform plans resources "+
			"concurrently: if one of this configuration not refreshed yet tracks it, its plan says so.",
			s.ID, s.EventType, importID(s.EventType, s.ID)))
}

func warnNamedBefore(diags *diag.Diagnostics, id, eventType string) {
	diags.AddWarning(fmt.Sprintf("Webhook subscription %s is tracked: disregard the leftover warning about it", id),
		fmt.Sprintf("Subscription %s is tracked by this esign_webhook_subscription. The plan of a create of an identical one "+
			"(event_type = %q) warned that no resource of this run tracks it: Terraform planned that create before it "+
			"refreshed this resource. If both blocks stay, the service holds two identical subscriptions.", id, eventType))
}
