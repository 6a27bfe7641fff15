package client

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// Creating a subscription without duplicates.
//
// POST /hooks/v1/subscription is not idempotent and the service takes no
// idempotency key. When the answer of a create is lost (ErrOutcomeUnknown:
// the connection broke or timed out after the request was sent, a 5xx, or
// a 2xx whose body cannot be read or used, see answers.go) the
// subscription may or may not exist. CreateSubscriptionOnce then lists
// the subscriptions and adopts the one its request created, or, when there
// is none, sends the request again. To tell "the one its request created"
// from the rest it uses what this Client knows:
//
//   - the baseline: the ids that existed before the client's first create
//     (one list request per Client, free when a refresh already read the
//     list). A subscription tracked in Terraform state before this run, or
//     the old one of a create_before_destroy replacement with the same
//     event type, URI and description, is in it and is never adopted.
//   - the claims: ids returned by creates, ids adopted, and ids that a
//     resource of this process read or imported (ClaimSubscription).
//     Claiming is atomic, so one subscription is adopted at most once.
//   - a lock per (event type, URI, description): creates of identical
//     subscriptions run one at a time, so when one of them lists after a
//     lost answer, no other identical request is in flight whose
//     subscription it could take for its own.
//
// A matching subscription that is neither in the baseline nor claimed is a
// candidate. If this process alone writes, the only candidate is the one
// the ambiguous request created (identical creates are serialised and every
// earlier one ended with a known id). But another process (another
// Terraform run, another configuration) may create identical subscriptions
// at the same time, and one of those is a candidate too. So the check
// adopts only when exactly one candidate appeared; with several, it adopts
// none and sends nothing again, and fails with an *AmbiguousCreateError
// that lists them and says how to import the right one
// (subscriptions_adopt.go). No candidate means the request did not take
// effect: it is sent again.
//
// What stays beyond any list: a request that did not take effect while
// exactly one identical subscription of another writer appeared, and a
// service that carries out a request after it has already answered 5xx for
// it. The service takes no idempotency key, so no client can tell these.
//
// An interrupted caller (see Uninterrupted) sends no create after the
// interrupt, but the lost-answer check of a create already sent always runs
// to its end, with a context of its own: cut short, it would leave a
// subscription that may exist and whose id nobody knows.

// subscriptionOwnership is the per-Client record described above. Its zero
// value is ready to use.
type subscriptionOwnership struct {
	mu      sync.Mutex
	claimed map[string]struct{}      // lower-case ids
	keys    map[string]chan struct{} // one create at a time per key

	baselineMu sync.Mutex
	baseline   *SubscriptionSet // nil until taken
}

// claim records id and reports whether it was free.
func (l *subscriptionOwnership) claim(id string) bool {
	id = strings.ToLower(id)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.claimed == nil {
		l.claimed = map[string]struct{}{}
	}
	if _, taken := l.claimed[id]; taken {
		return false
	}
	l.claimed[id] = struct{}{}
	return true
}

// claimedByUs reports whether id has been claimed.
func (l *subscriptionOwnership) claimedByUs(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, taken := l.claimed[strings.ToLower(id)]
	return taken
}

// lock takes the create lock of key, or gives up with the context or an
// interrupt.
func (l *subscriptionOwnership) lock(ctx context.Context, key string) (unlock func(), err error) {
	l.mu.Lock()
	if l.keys == nil {
		l.keys = map[string]chan struct{}{}
	}
	ch, ok := l.keys[key]
	if !ok {
		ch = make(chan struct{}, 1)
		l.keys[key] = ch
	}
	l.mu.Unlock()
	unlock = func() { <-ch }
	// A free lock is taken whatever the context says (select would choose
	// at random): what may be sent is decided after, at the request.
	select {
	case ch <- struct{}{}:
		return unlock, nil
	default:
	}
	select {
	case ch <- struct{}{}:
		return unlock, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-interruptOf(ctx):
		return nil, ErrInterrupted
	}
}

// subscriptionMatchKey is what makes two subscriptions indistinguishable in
// a list: the service lower-cases event types and never returns headers.
func subscriptionMatchKey(eventType, uri, description string) string {
	return strings.ToLower(eventType) + "\x00" + uri + "\x00" + description
}

// ClaimSubscription records that a resource of this process tracks the
// subscription id (it read or imported it), so that an ambiguous create
// never adopts it.
func (c *Client) ClaimSubscription(id string) {
	if id != "" {
		c.ownership.claim(id)
	}
}

// CreatedSubscription is the result of CreateSubscriptionOnce.
type CreatedSubscription struct {
	ID string
	// Adopted is true when the answer of a create was lost and the
	// subscription it created was found in the list.
	Adopted bool
	// Requests counts the POST requests sent (the retries of a 429, which
	// the service refused before processing, not included).
	Requests int
}

// CreateSubscriptionOnce creates a subscription and makes sure that one
// call leaves exactly one new subscription behind, even when answers are
// lost: after an ambiguous create it adopts the subscription that request
// created, or, when the list shows none, sends the request again (at most
// MaxRetries times). See the comment at the top of this file.
//
// An error that matches ErrOutcomeUnknown means the subscription may exist:
// the list that would have told could not be read, or it showed several
// subscriptions the request may have created (*AmbiguousCreateError). One that matches
// ErrInterrupted means the caller was interrupted and nothing was created.
func (c *Client) CreateSubscriptionOnce(ctx context.Context, req CreateSubscriptionRequest) (CreatedSubscription, error) {
	var out CreatedSubscription
	unlock, err := c.ownership.lock(ctx, subscriptionMatchKey(req.EventType, req.URI, req.Description))
	if err != nil {
		return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, err)
	}
	defer unlock()

	baseline, err := c.subscriptionBaseline(ctx)
	if err != nil {
		return out, fmt.Errorf("%s: listing the subscriptions before the first create failed, nothing was created: %w", routeSubscriptionCreate, err)
	}

	for {
		if Interrupted(ctx) {
			// Every request sent so far is known to have created nothing.
			return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, ErrInterrupted)
		}
		out.Requests++
		id, err := c.CreateSubscription(ctx, req)
		if err == nil {
			out.ID = id
			return out, nil
		}
		if !errors.Is(err, ErrOutcomeUnknown) {
			return out, err
		}

		id, found, checkErr := c.adoptCreated(outcomeCheckContext(ctx), req, baseline, err)
		switch {
		case checkErr != nil:
			return out, checkErr
		case found:
			out.ID, out.Adopted = id, true
			return out, nil
		case out.Requests > c.maxRetries:
			return out, fmt.Errorf("%s: the subscription was not created: the answer to each of %d requests was lost and "+
				"the service lists no subscription that any of them created (the last: %s)", routeSubscriptionCreate, out.Requests, err.Error())
		}
		// The request did not take effect: send it again, after a pause.
		if werr := c.wait(ctx, c.backoff.delay(out.Requests-1)); werr != nil {
			// err is not wrapped: the list showed that it did not take effect.
			return out, fmt.Errorf("%s: the subscription was not created (%s), and it is not sent again: %w", routeSubscriptionCreate, err.Error(), werr)
		}
	}
}

const routeSubscriptionCreate = "POST /hooks/v1/subscription"

// subscriptionBaseline answers the subscriptions that existed before this
// client's first CreateSubscriptionOnce, listing them on the first call.
func (c *Client) subscriptionBaseline(ctx context.Context) (*SubscriptionSet, error) {
	l := &c.ownership
	l.baselineMu.Lock()
	defer l.baselineMu.Unlock()
	if l.baseline != nil {
		return l.baseline, nil
	}
	// The shared list is good enough: it was read in this process, before
	// any create of this client (a create invalidates it).
	set, err := c.Subscriptions(ctx)
	if err != nil {
		return nil, err
	}
	l.baseline = set
	return set, nil
}
