// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// addClaim answers the earlier claims of c's key by other blocks: a warning, not an error, since headers may
// differ. Past framework.NamedBound such warnings, the first rival is marked: the warning names no block.
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
	if len(rivals) > 0 && !p.nameNext(rivalWarnings) {
		rivals[0].unnamed = true
	}
	return rivals
}

// warnRivals' summary is unique, so Terraform folds none of these warnings, but for those past
// framework.NamedBound, which share one.
func warnRivals(diags *diag.Diagnostics, c planClaim, rivals []planClaim) {
	if rivals[0].unnamed {
		diags.AddWarning("More identical webhook subscription blocks", fmt.Sprintf("Besides the %d that warnings of this "+
			"plan name, this esign_webhook_subscription (event_type = %q%s) declares the same subscription as %d other "+
			"block(s): uri %q and description %q. Keep one block for each subscription; those warnings say why.",
			framework.NamedBound, c.eventType, c.tracking(), len(rivals), c.uri, c.description))
		return
	}
	others := make([]string, 0, len(rivals))
	for _, r := range rivals {
		others = append(others, fmt.Sprintf("the esign_webhook_subscription with event_type = %q%s", r.eventType, r.tracking()))
	}
	eventType := client.CanonicalEventType(c.eventType)
	diags.AddWarning(fmt.Sprintf("%d identical webhook subscription blocks: %s to %s (%q)%s", len(rivals)+1, eventType, c.uri,
		c.description, c.tracking()), fmt.Sprintf("This esign_webhook_subscription (event_type = %q%s) declares the same "+
		"subscription as %s: event type %s (in any case), uri %q and description %q. The service would hold identical "+
		"subscriptions, and the receiver would get every event twice.\n\nKeep one block for this subscription. Terraform "+
		"tells providers no resource addresses, so this warning names the other block by what it declares.",
		c.eventType, c.tracking(), strings.Join(others, " and "), eventType, c.uri, c.description))
}

// tracking tells two blocks apart by more than their arguments.
func (c planClaim) tracking() string {
	switch {
	case c.hadPrior:
		return ", subscription " + c.id
	case c.id != "":
		return ", replacing subscription " + c.id
	}
	return ", to be created"
}
