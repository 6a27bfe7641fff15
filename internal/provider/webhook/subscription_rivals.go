// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// identicalSubscriptions is what subscription plans claim: their arguments, which two blocks must not share.
var identicalSubscriptions = framework.NewTopic()

// declaredSubscription is what a plan declares, as the user wrote it.
type declaredSubscription struct {
	eventType   string
	uri         string
	description string
}

// subscriptionClaim is a plan's claim; resource is the tracked id (framework.PlannedResource), "" for a new one.
func subscriptionClaim(declared declaredSubscription, resource string, hadPrior bool) framework.Claim {
	return framework.Claim{
		Topic:    identicalSubscriptions,
		Key:      client.MatchKey(declared.eventType, declared.uri, declared.description),
		Resource: resource,
		HadPrior: hadPrior,
		Label:    fmt.Sprintf("event_type = %q%s", declared.eventType, tracking(resource, hadPrior)),
	}
}

// tracking tells two blocks apart by more than their arguments.
func tracking(resource string, hadPrior bool) string {
	switch {
	case hadPrior:
		return ", subscription " + resource
	case resource != "":
		return ", replacing subscription " + resource
	}
	return ", to be created"
}

// warnRivals warns, rather than fails, since the blocks' headers may differ. declared.uri is redacted.
func warnRivals(coordinator *framework.PlanCoordinator, diags *diag.Diagnostics, claim framework.Claim,
	declared declaredSubscription, rivals []framework.Claim) {
	others := make([]string, 0, len(rivals))
	for _, rival := range rivals {
		others = append(others, "the esign_webhook_subscription with "+rival.Label)
	}
	eventType := client.CanonicalEventType(declared.eventType)
	named := func(int) diag.Diagnostic {
		summary := fmt.Sprintf("%d identical webhook subscription blocks: %s to %s (%q)%s",
			len(rivals)+1, eventType, declared.uri, declared.description, tracking(claim.Resource, claim.HadPrior))
		detail := fmt.Sprintf("This esign_webhook_subscription (%s) declares the same subscription as %s: event type %s (in any case), uri %q and description %q. "+
			"The service would hold identical subscriptions, and the receiver would get every event twice.\n\n"+
			"Keep one block for this subscription. "+
			"Terraform tells providers no resource addresses, so this warning names the other block by what it declares.",
			claim.Label, strings.Join(others, " and "), eventType, declared.uri, declared.description)
		return diag.NewWarningDiagnostic(summary, detail)
	}
	rest := func(int) diag.Diagnostic {
		detail := fmt.Sprintf("Besides the %d that warnings of this plan name, this esign_webhook_subscription (%s) declares the same subscription as %d other block(s): uri %q and description %q. "+
			"Keep one block for each subscription; those warnings say why.",
			framework.NamedBound, claim.Label, len(rivals), declared.uri, declared.description)
		return diag.NewWarningDiagnostic("More identical webhook subscription blocks", detail)
	}
	coordinator.Report(diags, "identical webhook subscription blocks", 1, named, rest)
}

// warnLeftovers warns about each identical subscription no resource of the run tracks, from the list every refresh
// reads (no request of its own). The create goes ahead: the subscription may be another configuration's.
func warnLeftovers(ctx context.Context, data *framework.ProviderData, coordinator *framework.PlanCoordinator, declared declaredSubscription,
	diags *diag.Diagnostics) {
	baseline, err := data.Client.SubscriptionBaseline(ctx)
	if err != nil {
		data.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return
	}
	identical := baseline.Identical(declared.eventType, declared.uri, declared.description)
	ids := make([]string, 0, len(identical))
	for _, s := range identical {
		ids = append(ids, s.ID)
	}
	untracked := coordinator.NameUntracked(ids, declared.eventType)
	var leftovers []client.Subscription
	for _, s := range identical {
		if slices.Contains(untracked, s.ID) {
			leftovers = append(leftovers, data.Client.RedactSubscriptions(s)[0])
		}
	}
	named := func(i int) diag.Diagnostic {
		return leftoverWarning(leftovers[i], declared.eventType)
	}
	rest := func(n int) diag.Diagnostic {
		return moreLeftoversWarning(leftovers[len(leftovers)-n:], declared.eventType)
	}
	coordinator.Report(diags, "identical webhook subscriptions", len(leftovers), named, rest)
}

// leftoverWarning names s in its summary: Terraform folds warnings that share one. Its import id spells the event
// type as the configuration does (configuredEventType), so that the import shows no change of case.
func leftoverWarning(s client.Subscription, configuredEventType string) diag.Diagnostic {
	summary := fmt.Sprintf("An identical webhook subscription already exists: %s (%s)", s.ID, s.EventType)
	detail := fmt.Sprintf("The service holds subscription %s with the same event type (%s), uri and description as this one, and no resource of this run that Terraform has refreshed or planned so far tracks it: the leftover of a run killed after its create reached the service, or another configuration's. "+
		"The apply creates another one beside it, so the receiver gets every event twice. "+
		"To have this resource track it instead, import it before applying:"+
		"\n\n  import {\n    to = <address of this resource>\n    id = %q\n  }\n\n"+
		"Terraform plans resources concurrently: if one of this configuration not refreshed yet tracks it, its plan says so.",
		s.ID, s.EventType, importID(configuredEventType, s.ID))
	return diag.NewWarningDiagnostic(summary, detail)
}

func moreLeftoversWarning(subs []client.Subscription, configuredEventType string) diag.Diagnostic {
	ids := make([]string, 0, len(subs))
	for _, s := range subs {
		ids = append(ids, fmt.Sprintf("%s (import id %q)", s.ID, importID(configuredEventType, s.ID)))
	}
	detail := fmt.Sprintf("Besides the %d that warnings of this plan name, the service holds %d more subscription(s) with the same event type, uri and description as this one, which no resource of this run tracks so far: %s. "+
		"The apply creates another one beside them. Those warnings say why and how to import one.",
		framework.NamedBound, len(subs), strings.Join(ids, ", "))
	return diag.NewWarningDiagnostic("More identical webhook subscriptions already exist", detail)
}

func warnNamedBefore(diags *diag.Diagnostics, id, eventType string) {
	summary := fmt.Sprintf("Webhook subscription %s is tracked: disregard the leftover warning about it", id)
	detail := fmt.Sprintf("Subscription %s is tracked by this esign_webhook_subscription. "+
		"The plan of a create of an identical one (event_type = %q) warned that no resource of this run tracks it: Terraform planned that create before it refreshed this resource. "+
		"If both blocks stay, the service holds two identical subscriptions.", id, eventType)
	diags.AddWarning(summary, detail)
}
