package client

import (
	"context"
	"strings"
)

// Leftovers: subscriptions identical to one about to be created (event
// type, URI, description) that existed before this client's first create
// and that nothing in this process tracks. An earlier run that crashed or
// was interrupted after its create reached the service leaves one behind,
// and so does anyone who made the same subscription by hand, or another
// configuration that owns it: no list tells these apart. By default a
// create goes ahead and names them (CreatedSubscription.Untracked); with
// Config.AdoptIdenticalSubscriptions it adopts one of them instead.
//
// A leftover is adopted at most once: the claim is atomic
// (subscriptionOwnership.claim), and creates of identical subscriptions
// run one at a time anyway. What the client cannot know is which ids
// Terraform state tracks beyond the resources this process has read,
// planned or deleted (ClaimSubscription); the provider's plan checks that
// part (webhook/subscription_leftovers.go).

// AdoptsIdenticalSubscriptions reports Config.AdoptIdenticalSubscriptions.
func (c *Client) AdoptsIdenticalSubscriptions() bool { return c.adoptLeftovers }

// SubscriptionBaseline answers the subscriptions that existed before this
// client's first create: the shared list (one request, or none when a
// refresh has read it) until the first create, that list from then on.
func (c *Client) SubscriptionBaseline(ctx context.Context) (*SubscriptionSet, error) {
	return c.subscriptionBaseline(ctx)
}

// SubscriptionTracked reports whether a resource of this process tracks
// id: it read, imported, planned or deleted it (ClaimSubscription).
func (c *Client) SubscriptionTracked(id string) bool {
	l := &c.ownership
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.tracked[strings.ToLower(id)]
	return ok
}

// SubscriptionClaimed reports whether id is claimed in any way: tracked,
// created or adopted in this process.
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

// track records that a resource tracks id (claim has claimed it).
func (l *subscriptionOwnership) track(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tracked == nil {
		l.tracked = map[string]struct{}{}
	}
	l.tracked[strings.ToLower(id)] = struct{}{}
}

// adoptLeftover claims the first of untracked that is still free and
// answers it with the rest (those before it were claimed meanwhile).
func (c *Client) adoptLeftover(untracked []Subscription) (adopted Subscription, rest []Subscription, ok bool) {
	for i, s := range untracked {
		if c.ownership.claim(s.ID) {
			return s, untracked[i+1:], true
		}
	}
	return Subscription{}, nil, false
}
