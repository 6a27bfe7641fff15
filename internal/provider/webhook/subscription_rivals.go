package webhook

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// Two esign_webhook_subscription resources of one configuration that
// declare the same subscription (event type in any case, uri, description)
// make the service hold two identical subscriptions, and the receiver gets
// every event twice. Nothing stops the service from holding both (the
// headers may differ, and a receiver may want that), so this is a warning
// in the plan, not an error: each plan records its claim in the operation's
// subscriptionPlans, and a plan that finds an earlier claim of the same
// subscription that is not its own replacement warns, naming both by what
// they declare and track. Whichever of the two Terraform plans second
// carries the warning, at any parallelism. Two provider configurations
// (aliases) or two root modules do not share an operation; the leftover
// warning (subscription_leftovers.go) covers what they left on the service.

// addClaim records c and answers the earlier claims of the same
// subscription that are other resources'.
func (p *subscriptionPlans) addClaim(c planClaim) []planClaim {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.byKey == nil {
		p.byKey = map[string][]planClaim{}
	}
	var rivals []planClaim
	for _, other := range p.byKey[c.key()] {
		if !other.sameResource(c) {
			rivals = append(rivals, other)
		}
	}
	p.byKey[c.key()] = append(p.byKey[c.key()], c)
	return rivals
}

// warnRivals says that c declares the same subscription as rivals.
func warnRivals(diags *diag.Diagnostics, c planClaim, rivals []planClaim) {
	others := make([]string, 0, len(rivals))
	for _, r := range rivals {
		others = append(others, "the esign_webhook_subscription with event_type = "+fmt.Sprintf("%q", r.eventType)+r.tracking())
	}
	diags.AddWarning("Two webhook subscriptions of this configuration are identical",
		fmt.Sprintf("This esign_webhook_subscription (event_type = %q%s) declares the same subscription as %s: event type "+
			"%s (in any case), uri %q and description %q. The service would hold identical subscriptions, and the receiver "+
			"at that uri would get every event twice (headers may differ, but the service never shows them).\n\n"+
			"Keep one block for this subscription. Terraform does not tell providers resource addresses, so this warning "+
			"names the other block by what it declares: the one with this uri and description.",
			c.eventType, c.tracking(), strings.Join(others, " and "), strings.ToLower(c.eventType), c.uri, c.description))
}

// tracking says which subscription the plan of c tracks, if any, to tell
// two blocks apart by more than their arguments.
func (c planClaim) tracking() string {
	switch {
	case c.hadPrior:
		return ", subscription " + c.id
	case c.id != "":
		return ", replacing subscription " + c.id
	}
	return ", to be created"
}
