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
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Terraform tells a provider no addresses, so a plan is known by what it declares and the subscription it tracks.
type subscriptionPlans struct {
	mu      sync.Mutex
	byKey   map[string][]planClaim // client.MatchKey → the plans that declare it
	named   map[string]string      // lower-case id → event type of the create that named it a leftover
	scopes  []scopeClaim           // of esign_webhook_subscriptions_exclusive plans
	claimed *claimedIDs
	warned  framework.NamedCounts // by kind: leftoverWarnings, rivalWarnings
}

// claimedIDs (lower-case) are what a resource of this process read, imported, planned, deleted or created: kept for
// the process, since a test file's runs share one (framework.ProviderData.ManyOperations).
type claimedIDs struct{ sync.Map }

type (
	subscriptionPlansKey struct{}
	claimedIDsKey        struct{}
)

// Claim and Claimed are the process's client.Claims.
func (p *subscriptionPlans) Claim(id string) bool {
	_, claimed := p.claimed.LoadOrStore(strings.ToLower(id), true)
	return !claimed
}

func (p *subscriptionPlans) Claimed(id string) bool {
	_, claimed := p.claimed.Load(strings.ToLower(id))
	return claimed
}

const (
	leftoverWarnings = iota
	rivalWarnings
)

// plansOf is nil before the provider is configured.
func plansOf(data *framework.ProviderData) *subscriptionPlans {
	return framework.OperationState(data, subscriptionPlansKey{}, func() *subscriptionPlans {
		return &subscriptionPlans{byKey: map[string][]planClaim{}, named: map[string]string{},
			claimed: framework.ProcessState(data, claimedIDsKey{}, func() *claimedIDs { return &claimedIDs{} })}
	})
}

type planClaim struct {
	eventType, uri, description string
	hadPrior                    bool
	id                          string // the prior state's id, or the id it replaces
	unnamed                     bool   // on the first of addClaim's rivals: the warning is past framework.NamedBound
}

func (c planClaim) key() string { return client.MatchKey(c.eventType, c.uri, c.description) }

// sameResource tells whether c and o are the two plans of one replacement.
func (c planClaim) sameResource(o planClaim) bool {
	return c.hadPrior != o.hadPrior && c.id != "" && strings.EqualFold(c.id, o.id)
}

// Terraform plans a replacement twice and hands the second plan the first's
// private state, where the first leaves the id it replaces.
const privateKeyReplaces = "plan_replaces"

// planned is the claim of a plan with the prior state's id, or else the id it replaces ("" for a new resource).
func planned(ctx context.Context, priorID types.String, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) planClaim {
	if !priorID.IsNull() {
		raw, _ := json.Marshal(priorID.ValueString())
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyReplaces, raw)...)
		return planClaim{hadPrior: true, id: priorID.ValueString()}
	}
	var c planClaim
	raw, _ := req.Private.GetKey(ctx, privateKeyReplaces)
	_ = json.Unmarshal(raw, &c.id) // none: a new resource
	return c
}

// addClaim answers the earlier claims of c's key by other blocks: a warning, not an error, since headers may
// differ. Past framework.NamedBound such warnings, the first rival is marked: the warning names no block.
func (p *subscriptionPlans) addClaim(c planClaim) []planClaim {
	p.mu.Lock()
	defer p.mu.Unlock()
	var rivals []planClaim
	for _, other := range p.byKey[c.key()] {
		if !other.sameResource(c) {
			rivals = append(rivals, other)
		}
	}
	p.byKey[c.key()] = append(p.byKey[c.key()], c)
	if len(rivals) > 0 && !p.warned.NameNext(rivalWarnings) {
		rivals[0].unnamed = true
	}
	return rivals
}

// warnRivals' summaries are unique, so Terraform folds none but those past framework.NamedBound, which share one.
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

// trackPrior claims id under the lock lookForLeftovers takes, so whichever comes second in Terraform's concurrent
// walk sees the first.
func (p *subscriptionPlans) trackPrior(id string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Claim(id)
	eventType, named := p.named[strings.ToLower(id)]
	return eventType, named
}

func (p *subscriptionPlans) lookForLeftovers(baseline *client.SubscriptionSet, claim planClaim) []client.Subscription {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []client.Subscription
	for _, s := range baseline.Identical(claim.eventType, claim.uri, claim.description) {
		if !p.Claimed(s.ID) {
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
		warnLeftover(diags, data.Client.RedactSubscriptions(s)[0], plans.warned.NameNext(leftoverWarnings))
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
