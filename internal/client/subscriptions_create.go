// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// How CreateSubscriptionOnce never duplicates and never claims another's: DESIGN.md, "Creates that never
// duplicate, and never claim another's". What no list can tell: a request that did not take effect while
// exactly one identical subscription of another writer appeared, or a service that carries out a request
// after answering 5xx for it.

// Claims are the subscriptions the caller's resources track; CreateSubscriptionOnce claims what it creates
// or adopts before the next identical create starts.
type Claims interface {
	Claimed(id string) bool
	Claim(id string) bool // records id; false if it was claimed already
}

// subscriptionCreates is a Client's baseline and per-key create locks; its zero value is ready.
type subscriptionCreates struct {
	mu   sync.Mutex
	keys map[string]chan struct{} // one create at a time per key

	baselineMu sync.Mutex
	baseline   *SubscriptionSet // nil until taken
}

// lock takes the create lock of key, or gives up with the context or an interrupt.
func (l *subscriptionCreates) lock(ctx context.Context, key string) (unlock func(), err error) {
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
	// A free lock is taken whatever the context says (select would choose at random).
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

type CreatedSubscription struct {
	ID       string
	Adopted  bool // the answer was lost and the subscription found in the list
	Requests int  // POSTs sent, 429 retries not counted
}

// CreateSubscriptionOnce matches ErrOutcomeUnknown when the subscription may exist (the list could not be
// read, or an *AmbiguousCreateError), and ErrInterrupted when nothing was created.
func (c *Client) CreateSubscriptionOnce(ctx context.Context, req CreateSubscriptionRequest, claims Claims) (CreatedSubscription, error) {
	var out CreatedSubscription
	unlock, err := c.creates.lock(ctx, MatchKey(req.EventType, req.URI, req.Description))
	if err != nil {
		return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, err)
	}
	defer unlock()

	baseline, err := c.SubscriptionBaseline(ctx)
	if err != nil {
		return out, fmt.Errorf("%s: listing the subscriptions before the first create failed, nothing was created: %w", routeSubscriptionCreate, err)
	}

	for {
		if Interrupted(ctx) {
			return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, ErrInterrupted)
		}
		out.Requests++
		id, err := c.CreateSubscription(ctx, req)
		if err == nil {
			claims.Claim(id)
			out.ID = id
			return out, nil
		}
		if !errors.Is(err, ErrOutcomeUnknown) {
			return out, err
		}

		id, found, checkErr := c.adoptCreated(outcomeCheckContext(ctx), req, baseline, claims, err)
		switch {
		case checkErr != nil:
			return out, checkErr
		case found:
			out.ID, out.Adopted = id, true
			return out, nil
		case out.Requests > c.cfg.MaxRetries:
			return out, fmt.Errorf("%s: the subscription was not created: the answer to each of %d requests was lost and "+
				"the service lists no subscription that any of them created (the last: %s)", routeSubscriptionCreate, out.Requests, err.Error())
		}
		if werr := c.wait(ctx, c.retryDelay(out.Requests-1)); werr != nil {
			// err is not wrapped: the list showed that it did not take effect.
			return out, fmt.Errorf("%s: the subscription was not created (%s), and it is not sent again: %w", routeSubscriptionCreate, err.Error(), werr)
		}
	}
}

const routeSubscriptionCreate = "POST /hooks/v1/subscription"

// SubscriptionBaseline answers the subscriptions that existed before this client's first create: the
// shared list until then, so it costs no request after a refresh. A subscription tracked before this run,
// or the old one of a create_before_destroy replacement, is in it and never adopted.
func (c *Client) SubscriptionBaseline(ctx context.Context) (_ *SubscriptionSet, err error) {
	l := &c.creates
	l.baselineMu.Lock()
	defer l.baselineMu.Unlock()
	if l.baseline == nil {
		l.baseline, err = c.Subscriptions(ctx)
	}
	return l.baseline, err
}

// adoptCreated lists afresh after a lost answer: one candidate (identical, not in the baseline, not
// claimed) is adopted; none means the request did not take effect; several are an *AmbiguousCreateError.
func (c *Client) adoptCreated(ctx context.Context, req CreateSubscriptionRequest, baseline *SubscriptionSet, claims Claims, lost error) (string, bool, error) {
	items, err := c.listSubscriptions(ctx)
	if err != nil {
		return "", false, fmt.Errorf("%w; listing the subscriptions to find out whether it was created also failed: %w", lost, err)
	}
	var candidates []Subscription
	for _, s := range NewSubscriptionSet(items).Identical(req.EventType, req.URI, req.Description) {
		if _, existed := baseline.Find(s.ID); !existed && !claims.Claimed(s.ID) {
			candidates = append(candidates, s)
		}
	}
	switch {
	case len(candidates) > 1:
		return "", false, c.ambiguousCreate(req, candidates, lost)
	case len(candidates) == 1 && claims.Claim(candidates[0].ID):
		return candidates[0].ID, true, nil
	}
	// None, or the one was claimed meanwhile by a resource that tracks it.
	return "", false, nil
}

// AmbiguousCreateError: a create's answer was lost and several identical subscriptions appeared that
// nothing in this process tracks, so none was adopted and nothing sent again. It matches ErrOutcomeUnknown.
type AmbiguousCreateError struct {
	Candidates []Subscription
	cause      error
	text       string // what the service said is shown through the gate; it writes <address> in the import block
}

func (e *AmbiguousCreateError) Error() string { return e.text }

func (e *AmbiguousCreateError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.cause} }

func (c *Client) ambiguousCreate(req CreateSubscriptionRequest, candidates []Subscription, lost error) *AmbiguousCreateError {
	var b strings.Builder
	fmt.Fprintf(&b, "%v. Looking for what it created, the client found %d identical subscriptions (event type %s, uri %s, "+
		"description %q) that appeared since its first look and that nothing in this run tracks. The lost request may have "+
		"created one of them, or none, and another writer (another Terraform run or configuration, a person) the others, "+
		"so none was adopted and the request was not sent again:", lost, len(candidates), CanonicalEventType(req.EventType),
		c.ShowURI(req.URI), c.gate.Show(req.Description))
	for _, s := range candidates {
		fmt.Fprintf(&b, "\n  - %s (event type %s, uri %s)", c.gate.Show(s.ID), c.gate.Show(s.EventType), c.ShowURI(s.URI))
	}
	fmt.Fprintf(&b, "\nImport the one that belongs to this resource, and leave the others to their owners (or delete them), e.g.:\n"+
		"  import {\n    to = <address>\n    id = %s\n  }", c.gate.Show(strconv.Quote(candidates[0].EventType+"/"+candidates[0].ID)))
	return &AmbiguousCreateError{Candidates: candidates, cause: lost, text: b.String()}
}

// outcomeCheckContext: nothing stops the lost-answer check but its own retries and timeouts, since
// giving up would leave a subscription that may exist and whose id nobody knows.
func outcomeCheckContext(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), interruptKey{}, (<-chan struct{})(nil))
}
