package client

import "context"

// SubscriptionBaseline answers the subscriptions that existed before this
// client's first create: the shared list until then (no request of its own
// after a refresh), so a plan's look for leftovers costs nothing extra.
func (c *Client) SubscriptionBaseline(ctx context.Context) (*SubscriptionSet, error) {
	return c.subscriptionBaseline(ctx)
}

// SubscriptionClaimed reports whether a resource of this process read,
// imported, planned, deleted or created id.
func (c *Client) SubscriptionClaimed(id string) bool { return c.ownership.claimedByUs(id) }

// Identical answers the subscriptions of s with the event type (in any
// case), URI and description given.
func (s *SubscriptionSet) Identical(eventType, uri, description string) []Subscription {
	want := subscriptionMatchKey(eventType, uri, description)
	var out []Subscription
	for _, sub := range s.Items {
		if subscriptionMatchKey(sub.EventType, sub.URI, sub.Description) == want {
			out = append(out, sub)
		}
	}
	return out
}
