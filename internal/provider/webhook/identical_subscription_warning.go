package webhook

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// warnIdenticalSubscription tells the user that a subscription identical to
// the one just created (same event type, URI and description; headers cannot be
// compared, the service never shows them) already existed and that no
// resource this run has read, created or deleted tracks it
// (client.CreatedSubscription.Untracked). The plan warns first
// (subscription_leftovers.go), and Create repeats only what no plan of the
// apply named: a leftover that appeared after the plan looked, or one the
// plan could not look for. Terraform applies in a provider
// process of its own that reads only the resources it changes, so an
// unchanged resource of the same configuration, or the old subscription of
// a create_before_destroy replacement (deleted after the create), may be
// the one named; the text says so.
//
// The create goes ahead: another configuration or workspace may own that
// subscription, and the provider cannot know. But it may also be the
// leftover of an earlier run that failed or was interrupted before it
// learned the id, and then the endpoint gets every event twice, so the
// warning says how to take it under Terraform.
func warnIdenticalSubscription(diags *diag.Diagnostics, existing client.Subscription) {
	id := importID(existing.EventType, existing.ID)
	diags.AddWarning("An identical webhook subscription already exists",
		fmt.Sprintf("Before this subscription was created, the service already held subscription %s with the same "+
			"event type (%s), URI and description, and none of the resources this run has read, created or deleted "+
			"tracks it. This one was created all the same, since another resource, configuration or workspace may "+
			"own that one; then nothing is wrong.\n\n"+
			"If it is instead a leftover of an earlier run that failed or was interrupted, the endpoint now receives "+
			"every event twice. To delete the leftover, import it into a new esign_webhook_subscription block with the "+
			"same arguments (<address> below), then remove that block and apply:\n\n"+
			"  terraform import <address> %s\n\n"+
			"or, with an import block:\n\n"+
			"  import {\n    to = <address>\n    id = %q\n  }\n\n"+
			"A create_before_destroy replacement also names the subscription it replaces here, until it deletes it "+
			"later in this apply.", existing.ID, existing.EventType, id, id))
}

// warnAdoptedLeftover says that the create adopted the leftover id
// (adopt_identical_subscriptions) instead of creating a subscription, when
// no plan of this apply said it would (the leftover appeared after the
// plan's look).
func warnAdoptedLeftover(diags *diag.Diagnostics, id string) {
	diags.AddWarning("Adopted an identical webhook subscription",
		fmt.Sprintf("With adopt_identical_subscriptions set, this resource adopted subscription %s, which has the same event "+
			"type, URI and description and which no resource of this run tracked, instead of creating another one. It keeps "+
			"the headers it was created with (the service never shows them). If another configuration owns it, remove this "+
			"resource from the state (a removed block with destroy = false) and turn the setting off.", id))
}
