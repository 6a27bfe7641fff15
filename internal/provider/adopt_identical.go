package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// adopt_identical_subscriptions: a create of an esign_webhook_subscription
// adopts a leftover (an identical subscription that no resource of the
// configuration tracks, such as the one a crashed run created) instead of
// creating a duplicate beside it. The client does the adopting
// (client.Config.AdoptIdenticalSubscriptions); the plan says what the
// apply will do (webhook/subscription_leftovers.go).

// resolveAdoptIdentical is adopt_identical_subscriptions, else its
// environment variable, else false.
func resolveAdoptIdentical(v types.Bool, getenv func(string) string, diags *diag.Diagnostics) bool {
	return resolveBool(v, "adopt_identical_subscriptions", envAdoptIdentical, getenv, diags)
}
