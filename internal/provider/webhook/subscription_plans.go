package webhook

import (
	"context"
	"encoding/json"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// What the plans of one operation (one configured provider) say about
// subscriptions, for the checks that need more than one resource: two
// blocks that declare the same subscription (subscription_rivals.go), and
// an identical subscription on the service that no resource tracks
// (subscription_leftovers.go).
//
// Terraform never tells a provider resource addresses, and it plans
// resources concurrently, refreshing each one right before its own plan.
// So a plan is known by what it declares and by the subscription it
// tracks: the prior state's id, or, for the create half of a replacement,
// the id it replaces. Terraform plans a replacement twice: with the prior
// state, then with none, handing the second plan the private state the
// first one planned (terraform's node_resource_abstract_instance.go,
// plan()). The first plan leaves the id it replaces there
// (privateKeyReplaces), so the second one is known as the same resource,
// never as a second block beside it. During the apply, Terraform plans each
// change again in a provider process of its own, where a replacement's
// create comes with neither prior state nor private state.

// subscriptionPlansKey is the key of the operation's subscriptionPlans in
// framework.OperationState.
type subscriptionPlansKey struct{}

// subscriptionPlans is what the plans of one operation said.
type subscriptionPlans struct {
	mu    sync.Mutex
	byKey map[string][]planClaim  // match key → the plans that declare it
	named map[string]leftoverNote // lower-case id → what a planned create said about it
}

// plansOf is the operation's subscriptionPlans; nil before the provider is
// configured, which records nothing.
func plansOf(data *framework.ProviderData) *subscriptionPlans {
	return framework.OperationState(data, subscriptionPlansKey{}, func() *subscriptionPlans { return &subscriptionPlans{} })
}

// planClaim is one plan of a subscription: what it declares, and what it
// tracks.
type planClaim struct {
	eventType, uri, description string // as planned
	hadPrior                    bool   // planned with a prior state
	// id is the prior state's id; for a plan without prior state, the id
	// of the subscription it replaces ("" for a new one).
	id string
}

// claimOf is the claim of plan; false while event_type, uri or description
// is unknown. replaces is the id a plan without prior state replaces.
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

// key is what makes two subscriptions identical on the service: the event
// type in any case, the URI and the description (the service never shows
// headers).
func (c planClaim) key() string {
	return strings.ToLower(c.eventType) + "\x00" + c.uri + "\x00" + c.description
}

// sameResource tells whether a and b are the two plans of one replacement.
func (c planClaim) sameResource(o planClaim) bool {
	return c.hadPrior != o.hadPrior && c.id != "" && strings.EqualFold(c.id, o.id)
}

// privateKeyReplaces holds, in the private state a plan with a prior state
// plans, the id of that subscription: when the plan is a replacement,
// Terraform hands it to the plan of the create half.
const privateKeyReplaces = "plan_replaces"

// markReplaces is the first plan's part.
func markReplaces(ctx context.Context, id string, resp *resource.ModifyPlanResponse) diag.Diagnostics {
	if resp.Private == nil {
		return nil
	}
	raw, err := json.Marshal(id)
	if err != nil {
		return nil
	}
	return resp.Private.SetKey(ctx, privateKeyReplaces, raw)
}

// replacedBy is the second plan's part: the id that a plan without prior
// state replaces, "" for a new resource.
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

// leftoverNote is what a planned create said about a subscription.
type leftoverNote struct {
	reserved bool      // the apply adopts it for that create (the opt-in)
	by       planClaim // that create
}
