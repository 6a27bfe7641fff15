package webhook

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Two exclusive resources of one configuration whose scopes overlap would
// each delete what the other owns, at every apply. Each plan records its
// scope for the operation, and a plan whose scope overlaps one that another
// resource planned before fails, naming both. A replacement is planned
// twice, and its two plans are told apart as subscription_plans.go says.
// Two provider configurations (aliases) or root modules share no operation.

// plannedScopesKey is the key of the operation's plannedScopes in
// framework.OperationState.
type plannedScopesKey struct{}

type plannedScopes struct {
	mu     sync.Mutex
	claims []scopeClaim
}

// scopeClaim is one plan's scope, and the resource's id: the prior state's,
// or for a plan without one, that of the resource it replaces ("" if new).
type scopeClaim struct {
	scope    exclusiveScope
	hadPrior bool
	id       string
}

// claimScope records the plan's scope and adds an error when it overlaps
// another resource's.
func (r *exclusiveResource) claimScope(ctx context.Context, scope exclusiveScope, prior exclusiveModel,
	req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	c := scopeClaim{scope: scope, hadPrior: !prior.ID.IsNull(), id: prior.ID.ValueString()}
	if c.hadPrior {
		resp.Diagnostics.Append(markReplaces(ctx, c.id, resp)...)
	} else {
		c.id = replacedBy(ctx, req)
	}
	scopes := framework.OperationState(r.ProviderData, plannedScopesKey{}, func() *plannedScopes { return &plannedScopes{} })
	scopes.mu.Lock()
	defer scopes.mu.Unlock()
	for _, o := range scopes.claims {
		if o.scope.overlaps(scope) && !o.sameResource(c) {
			resp.Diagnostics.AddError("Two esign_webhook_subscriptions_exclusive scopes overlap: "+o.scope.id()+" and "+scope.id(),
				fmt.Sprintf("This resource owns %s (id %q); another esign_webhook_subscriptions_exclusive of this configuration "+
					"owns %s (id %q). A subscription in both would be unmanaged for one of them, which would delete it at "+
					"every apply while the other's configuration creates it again.\n\nMake the scopes disjoint (e.g. one "+
					"uri_prefix per resource, neither containing the other, or disjoint event_types), or keep one resource.",
					scope.describe(), scope.id(), o.scope.describe(), o.scope.id()))
			break
		}
	}
	scopes.claims = append(scopes.claims, c)
}

// sameResource tells whether c and o are the two plans of one replacement.
func (c scopeClaim) sameResource(o scopeClaim) bool {
	return c.hadPrior != o.hadPrior && c.id != "" && c.id == o.id
}
