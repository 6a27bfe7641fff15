// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Terraform tells a provider no addresses, so a plan is known by what it declares and the subscription it tracks.
type subscriptionPlansKey struct{}

type subscriptionPlans struct {
	mu      sync.Mutex
	byKey   map[string][]planClaim // client.MatchKey → the plans that declare it
	named   map[string]string      // lower-case id → event type of the create that named it a leftover
	claimed *claimedIDs
	warned  framework.NamedCounts // by kind: leftoverWarnings, rivalWarnings
}

// claimedIDs are what a resource of this process read, imported, planned, deleted or created: kept for the
// process, since a test file's runs share one (framework.ProviderData.ManyOperations).
type claimedIDs struct {
	mu  sync.Mutex
	ids idSet
}

type claimedIDsKey struct{}

func (c *claimedIDs) add(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ids.add(id)
}

func (c *claimedIDs) has(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ids.has(id)
}

// Claim and Claimed are the process's client.Claims.
func (p *subscriptionPlans) Claim(id string) bool   { return p.claimed.add(id) }
func (p *subscriptionPlans) Claimed(id string) bool { return p.claimed.has(id) }

const (
	leftoverWarnings = iota
	rivalWarnings
)

// nameNext counts one more warning of kind and tells whether it may still name its object.
func (p *subscriptionPlans) nameNext(kind int) bool { return p == nil || p.warned.NameNext(kind) }

// plansOf is nil before the provider is configured, which records nothing.
func plansOf(data *framework.ProviderData) *subscriptionPlans {
	return framework.OperationState(data, subscriptionPlansKey{}, func() *subscriptionPlans {
		return &subscriptionPlans{claimed: framework.ProcessState(data, claimedIDsKey{}, func() *claimedIDs { return &claimedIDs{ids: idSet{}} })}
	})
}

type planClaim struct {
	eventType, uri, description string
	hadPrior                    bool
	id                          string // the prior state's id, or the id it replaces
	unnamed                     bool   // on the first of addClaim's rivals: the warning is past framework.NamedBound
}

// claimOf is false while event_type, uri or description is unknown.
func claimOf(plan subscriptionModel, prior *subscriptionModel, replaces string) (planClaim, bool) {
	if plan.EventType.IsUnknown() || plan.URI.IsUnknown() || plan.Description.IsUnknown() {
		return planClaim{}, false
	}
	c := planClaim{eventType: plan.EventType.ValueString(), uri: plan.URI.ValueString(),
		description: plan.Description.ValueString(), id: replaces}
	if prior != nil {
		c.hadPrior, c.id = true, prior.ID.ValueString()
	}
	return c, true
}

func (c planClaim) key() string { return client.MatchKey(c.eventType, c.uri, c.description) }

// sameResource tells whether c and o are the two plans of one replacement.
func (c planClaim) sameResource(o planClaim) bool {
	return c.hadPrior != o.hadPrior && c.id != "" && strings.EqualFold(c.id, o.id)
}

// Terraform plans a replacement twice and hands the second plan the first's
// private state, where the first leaves the id it replaces.
const privateKeyReplaces = "plan_replaces"

func markReplaces(ctx context.Context, id string, resp *resource.ModifyPlanResponse) diag.Diagnostics {
	if resp.Private == nil {
		return nil
	}
	raw, _ := json.Marshal(id)
	return resp.Private.SetKey(ctx, privateKeyReplaces, raw)
}

// replacedBy is "" for a new resource.
func replacedBy(ctx context.Context, req resource.ModifyPlanRequest) string {
	if req.Private == nil {
		return ""
	}
	raw, diags := req.Private.GetKey(ctx, privateKeyReplaces)
	var id string
	if diags.HasError() || len(raw) == 0 || json.Unmarshal(raw, &id) != nil {
		return ""
	}
	return id
}

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
