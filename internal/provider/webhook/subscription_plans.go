// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"context"
	"encoding/json"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Terraform tells a provider no addresses, so a plan is known by what it
// declares and the subscription it tracks.
type subscriptionPlansKey struct{}

type subscriptionPlans struct {
	mu      sync.Mutex
	byKey   map[string][]planClaim // client.MatchKey → the plans that declare it
	named   map[string]string      // lower-case id → event type of the create that named it a leftover
	claimed idSet                  // what a resource of this process read, imported, planned, deleted or created
	warned  framework.NamedCounts  // by kind: leftoverWarnings, rivalWarnings
}

// Claim and Claimed are the process's client.Claims.
func (p *subscriptionPlans) Claim(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.claimed.add(id)
}

func (p *subscriptionPlans) Claimed(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.claimed.has(id)
}

const (
	leftoverWarnings = iota
	rivalWarnings
)

// nameNext counts one more warning of kind and tells whether it may still name its object.
func (p *subscriptionPlans) nameNext(kind int) bool { return p == nil || p.warned.NameNext(kind) }

// plansOf is nil before the provider is configured, which records nothing.
func plansOf(data *framework.ProviderData) *subscriptionPlans {
	return framework.OperationState(data, subscriptionPlansKey{}, func() *subscriptionPlans { return &subscriptionPlans{claimed: idSet{}} })
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
