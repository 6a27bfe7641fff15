package client

import (
	"context"
	"fmt"
	"strings"
)

// The lost-answer check of CreateSubscriptionOnce (the argument is at the
// top of subscriptions_create.go): adopt the subscription a create whose
// answer was lost made, only when it can be told apart.

// adoptCreated lists the subscriptions (fresh, not the shared list) and
// looks for the candidates of the ambiguous create of req, whose error was
// lost: identical subscriptions that are neither in the baseline nor
// claimed. One is adopted (claimed and answered, found); none says the
// request did not take effect; several are an *AmbiguousCreateError. A
// list that cannot be read leaves the outcome unknown.
func (c *Client) adoptCreated(ctx context.Context, req CreateSubscriptionRequest, baseline *SubscriptionSet, lost error) (string, bool, error) {
	items, err := c.ListSubscriptions(ctx)
	if err != nil {
		return "", false, fmt.Errorf("%w; listing the subscriptions to find out whether it was created also failed: %w", lost, err)
	}
	var candidates []Subscription
	want := subscriptionMatchKey(req.EventType, req.URI, req.Description)
	for _, s := range items {
		if subscriptionMatchKey(s.EventType, s.URI, s.Description) != want || c.ownership.claimedByUs(s.ID) {
			continue
		}
		if _, existed := baseline.Find(s.ID); !existed {
			s.EventType = strings.ToLower(s.EventType)
			candidates = append(candidates, s)
		}
	}
	switch {
	case len(candidates) > 1:
		return "", false, c.ambiguousCreate(req, candidates, lost)
	case len(candidates) == 1 && c.ownership.claim(candidates[0].ID):
		return candidates[0].ID, true, nil
	}
	// None, or the one was claimed meanwhile by a resource of this
	// process that tracks it: not this request's.
	return "", false, nil
}

// AmbiguousCreateError: the answer to a create was lost, and more than one
// identical subscription appeared that nothing in this process tracks. The
// lost request may have created one of them (or none), and another writer
// the others, so none was adopted and the request was not sent again. It
// matches ErrOutcomeUnknown. Candidates lets the caller show the import
// blocks with the right address; the error's own text uses <address>.
type AmbiguousCreateError struct {
	EventType, URI, Description string // what was requested (headers left out: they may be secret)
	Candidates                  []Subscription
	cause                       error
	text                        string // redacted
}

func (e *AmbiguousCreateError) Error() string { return e.text }

func (e *AmbiguousCreateError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.cause} }

func (c *Client) ambiguousCreate(req CreateSubscriptionRequest, candidates []Subscription, lost error) *AmbiguousCreateError {
	e := &AmbiguousCreateError{EventType: strings.ToLower(req.EventType), URI: req.URI, Description: req.Description,
		Candidates: candidates, cause: lost}
	var b strings.Builder
	fmt.Fprintf(&b, "%v. Looking for what it created, the client found %d identical subscriptions (event type %s, uri %s, "+
		"description %q) that appeared since its first look and that nothing in this run tracks. The lost request may have "+
		"created one of them, or none, and another writer (another Terraform run or configuration, a person) the others, "+
		"so none was adopted and the request was not sent again:", lost, len(candidates), e.EventType, e.URI, e.Description)
	for _, s := range candidates {
		fmt.Fprintf(&b, "\n  - %s (event type %s, uri %s)", s.ID, s.EventType, s.URI)
	}
	fmt.Fprintf(&b, "\nImport the one that belongs to this resource, and leave the others to their owners (or delete them), e.g.:\n"+
		"  import {\n    to = <address>\n    id = %q\n  }", candidates[0].ImportID())
	e.text = c.secrets.redact(b.String())
	return e
}
