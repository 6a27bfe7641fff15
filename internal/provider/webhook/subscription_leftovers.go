package webhook

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// After a crash, the next plan tells. A run killed after its creates reached
// the service (kill -9, a lost machine) leaves subscriptions that no state
// tracks, and the next apply would create each of them again. So the plan
// of a create looks at the subscription list (the one every refresh reads:
// no request of its own when anything is refreshed, client.SubscriptionBaseline)
// for identical subscriptions (event type in any case, uri, description)
// that no resource of this run tracks, and warns about each with its id and
// the import block that adopts it. With adopt_identical_subscriptions
// (client.Config.AdoptIdenticalSubscriptions) the apply adopts one of them
// instead of creating a duplicate, and the warning says so.
//
// "Tracked by no resource of this run" is what the provider can know:
// Terraform refreshes and plans each resource in the same concurrent walk,
// so when a create is planned, a resource in the state whose refresh has
// not run yet has not claimed its subscription. Every resource in the state
// is planned in the same operation (a destroy too), and its plan claims its
// id (trackPrior) under the same lock as a create's look (lookForLeftovers),
// so whichever comes second sees the first:
//
//   - the create first: it named the subscription as a leftover; the
//     tracking resource's plan then says that this was wrong (a warning), or,
//     when the create was to adopt it, fails: the apply would have two
//     resources track one subscription.
//   - the tracking resource first: the create skips the subscription; with
//     the opt-in it fails (below).
//
// The apply cannot check this again: Terraform runs it in a provider
// process of its own that sees only the resources that change. An
// unchanged resource tracking an identical subscription, another being
// destroyed, or the old subscription of a create_before_destroy replacement
// (whose state Terraform sets aside before it plans the create again) all
// look like leftovers there. So with the opt-in, a planned create for which
// a resource of this run tracks an identical subscription fails at plan:
// adopting must not take what the plan showed to be tracked. What neither
// walk can see is an identical subscription that appears between the plan
// and the apply (another run creating it at that moment): the apply adopts
// it as a leftover. DESIGN.md states these limits.

// trackPrior records that a resource planned with a prior state tracks id,
// and answers what a planned create of this operation said about it
// before.
func (p *subscriptionPlans) trackPrior(c *client.Client, id string) (leftoverNote, bool) {
	if p == nil {
		c.ClaimSubscription(id)
		return leftoverNote{}, false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c.ClaimSubscription(id)
	note, named := p.named[strings.ToLower(id)]
	return note, named
}

// leftovers is what a planned create finds on the service.
type leftovers struct {
	tracked []client.Subscription // identical, tracked by a resource of this run
	named   []client.Subscription // identical leftovers this create names
	adopted string                // the one of named the apply adopts ("" for none)
}

// lookForLeftovers sorts the identical subscriptions of baseline for the
// planned create c: tracked ones, and leftovers, which it names; with
// adopt, it reserves the first leftover no other planned create reserved.
// Subscriptions created or adopted in this process (during an apply) are
// neither.
func (p *subscriptionPlans) lookForLeftovers(c *client.Client, baseline *client.SubscriptionSet, claim planClaim, adopt bool) leftovers {
	var out leftovers
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.named == nil {
		p.named = map[string]leftoverNote{}
	}
	for _, s := range baseline.Identical(claim.eventType, claim.uri, claim.description) {
		id := strings.ToLower(s.ID)
		note, named := p.named[id]
		switch {
		case c.SubscriptionTracked(s.ID):
			out.tracked = append(out.tracked, s)
		case c.SubscriptionClaimed(s.ID), named && note.reserved:
			// Created, adopted, or to be adopted by another create.
		case adopt && out.adopted == "":
			out.adopted = s.ID
			p.named[id] = leftoverNote{reserved: true, by: claim}
			out.named = append(out.named, s)
		default:
			if !named {
				p.named[id] = leftoverNote{by: claim}
			}
			out.named = append(out.named, s)
		}
	}
	return out
}

// wasNamed reports whether a plan of this operation named id as a leftover.
func (p *subscriptionPlans) wasNamed(id string) bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, named := p.named[strings.ToLower(id)]
	return named
}

// checkLeftovers is the plan of a create: it warns about every leftover,
// saying whether the apply adopts it or creates a duplicate beside it, and
// with the opt-in refuses identical subscriptions that this run tracks.
func checkLeftovers(ctx context.Context, data *framework.ProviderData, claim planClaim, diags *diag.Diagnostics) {
	baseline, err := data.Client.SubscriptionBaseline(ctx)
	if err != nil {
		data.AddAPIError(diags, "Could not read the webhook subscriptions", err)
		return
	}
	adopt := data.Client.AdoptsIdenticalSubscriptions()
	found := plansOf(data).lookForLeftovers(data.Client, baseline, claim, adopt)
	if adopt && len(found.tracked) > 0 {
		addTrackedIdenticalError(diags, claim, found.tracked)
		return
	}
	for _, s := range found.named {
		warnLeftover(diags, s, adopt, found.adopted)
	}
}

// warnLeftover names the leftover s, and what the apply does: adopt it
// (adopted is s), adopt another one (adopted is another id), or create a
// duplicate beside it (the default).
func warnLeftover(diags *diag.Diagnostics, s client.Subscription, adopt bool, adopted string) {
	id := importID(s.EventType, s.ID)
	found := fmt.Sprintf("The service holds subscription %s with the same event type (%s), uri and description as this "+
		"one, and no resource of this run that Terraform has refreshed or planned so far tracks it. It may be the leftover "+
		"of an earlier run that failed, crashed or was killed after its create reached the service, or it may belong to "+
		"another configuration or workspace.", s.ID, s.EventType)
	importAdvice := fmt.Sprintf("To have this resource track it, import it before applying:\n\n"+
		"  import {\n    to = <address of this resource>\n    id = %q\n  }\n\n", id)
	order := "Terraform refreshes and plans resources concurrently: if a resource of this configuration that it had not " +
		"refreshed yet tracks it, that resource's plan says so."
	switch {
	case adopt && strings.EqualFold(adopted, s.ID):
		diags.AddWarning("The apply adopts an identical webhook subscription",
			found+fmt.Sprintf(" With adopt_identical_subscriptions set, the apply adopts it instead of creating another one: "+
				"this resource will track %s, which keeps the headers it was created with (the service never shows them). "+
				"If another configuration owns it, turn the setting off.\n\n", s.ID)+order)
	case adopt:
		diags.AddWarning("An identical webhook subscription already exists",
			found+fmt.Sprintf(" The apply adopts another identical one (%s) for this resource, and leaves this one as it is, "+
				"so the receiver gets every event twice while both exist: delete it, or import it into the block that "+
				"should own it.\n\n", adopted)+order)
	default:
		diags.AddWarning("An identical webhook subscription already exists",
			found+" The apply creates another one beside it, so the receiver gets every event twice. "+importAdvice+
				"or set adopt_identical_subscriptions = true in the provider block (or ESIGN_ADOPT_IDENTICAL_SUBSCRIPTIONS=true) "+
				"to have the apply adopt it. If it belongs to another configuration, nothing is wrong.\n\n"+order)
	}
}

// addTrackedIdenticalError refuses, with the opt-in, a create for which a
// resource of this run tracks identical subscriptions: the apply could not
// tell them from leftovers.
func addTrackedIdenticalError(diags *diag.Diagnostics, claim planClaim, tracked []client.Subscription) {
	var list strings.Builder
	for _, s := range tracked {
		whose := "tracked by another resource of this configuration"
		if strings.EqualFold(s.ID, claim.id) {
			whose = "the subscription this resource replaces"
		}
		fmt.Fprintf(&list, "\n  - %s (%s)", s.ID, whose)
	}
	diags.AddError("Cannot adopt identical webhook subscriptions in this plan",
		fmt.Sprintf("adopt_identical_subscriptions is set, and resources of this run track subscriptions with the same event "+
			"type (%s), uri and description as this planned one:%s\n\n"+
			"During the apply the provider sees only the resources that change, so it could take one of these for a leftover "+
			"and adopt it: with create_before_destroy, the very subscription being replaced, which the apply then deletes. "+
			"Nothing was changed. Apply this change with the setting off (adopt_identical_subscriptions = false, or "+
			"ESIGN_ADOPT_IDENTICAL_SUBSCRIPTIONS unset); if two blocks of this configuration declare the same subscription, "+
			"keep one of them.", strings.ToLower(claim.eventType), list.String()))
}

// checkNamedBefore is the plan of a resource that tracks id: if a planned
// create named id as a leftover before Terraform refreshed this resource,
// it says that this was wrong, or fails when that create was to adopt it.
func checkNamedBefore(diags *diag.Diagnostics, id string, note leftoverNote) {
	if note.reserved {
		diags.AddError("Two resources would track one webhook subscription",
			fmt.Sprintf("This esign_webhook_subscription tracks subscription %s. A planned create of an identical one "+
				"(event_type = %q, the same uri and description) was told, before Terraform refreshed this resource, that "+
				"the apply adopts %s (adopt_identical_subscriptions): both would then track it. Nothing was changed. Keep one "+
				"block for this subscription (if the new block renames this one, use a moved block), or plan with the "+
				"setting off.", id, note.by.eventType, id))
		return
	}
	diags.AddWarning("A leftover warning named a tracked webhook subscription",
		fmt.Sprintf("Subscription %s is tracked by this esign_webhook_subscription. The plan of a create of an identical one "+
			"(event_type = %q, the same uri and description) warned that no resource of this run tracks it, because "+
			"Terraform planned that create before it refreshed this resource: disregard that warning. If both blocks stay, "+
			"the service holds two identical subscriptions.", id, note.by.eventType))
}
