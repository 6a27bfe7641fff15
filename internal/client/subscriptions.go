package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Subscription is a stored webhook subscription as the service returns it.
// The service never returns the custom headers.
type Subscription struct {
	ID          string `json:"id"`
	EventType   string `json:"eventType"`
	URI         string `json:"uri"`
	Description string `json:"description"`
}

// CreateSubscriptionRequest is the body of POST /hooks/v1/subscription.
type CreateSubscriptionRequest struct {
	Description string            `json:"Description"`
	URI         string            `json:"Uri"`
	EventType   string            `json:"EventType"`
	Headers     map[string]string `json:"Headers,omitempty"`
}

type createSubscriptionResponse struct {
	ID string `json:"id"`
}

type subscriptionList struct {
	Items listField[Subscription] `json:"items"`
}

// ImportID is the subscription's import ID: "<event_type>/<id>".
func (s Subscription) ImportID() string { return s.EventType + "/" + s.ID }

// SubscriptionSet is one decoded subscription list, indexed by id. It is
// shared between callers and must not be modified.
type SubscriptionSet struct {
	Items []Subscription
	byID  map[string]int
}

// NewSubscriptionSet indexes items, whose event types it spells lower-case
// as the service lists them.
func NewSubscriptionSet(items []Subscription) *SubscriptionSet {
	s := &SubscriptionSet{Items: items, byID: make(map[string]int, len(items))}
	for i := range items {
		items[i].EventType = strings.ToLower(items[i].EventType)
		s.byID[strings.ToLower(items[i].ID)] = i
	}
	return s
}

// Find returns the subscription with the given id (GUIDs compare without
// regard to case).
func (s *SubscriptionSet) Find(id string) (Subscription, bool) {
	i, ok := s.byID[strings.ToLower(id)]
	if !ok {
		return Subscription{}, false
	}
	return s.Items[i], true
}

// CreateSubscription calls POST /hooks/v1/subscription once (429 answers
// aside) and returns the new id. The call is not idempotent: on
// ErrOutcomeUnknown the subscription may exist; it is never repeated
// blindly. CreateSubscriptionOnce is the create that resolves that.
//
// Headers that CheckHeaders refuses are an error wrapping ErrInvalidHeader,
// before anything is sent.
func (c *Client) CreateSubscription(ctx context.Context, req CreateSubscriptionRequest) (string, error) {
	if err := CheckHeaders(req.Headers); err != nil {
		return "", fmt.Errorf("%s: nothing was sent: %w", routeSubscriptionCreate, err)
	}
	for _, v := range req.Headers {
		c.secrets.add(v)
	}
	defer c.subscriptions.invalidate("")
	var out createSubscriptionResponse
	cl := call{
		method: http.MethodPost,
		route:  routeSubscriptionCreate,
		url:    c.endpoint(nil, lit("hooks"), lit("v1"), lit("subscription")),
		body:   req,
	}
	if err := c.doJSON(ctx, cl, &out); err != nil {
		return "", err
	}
	if out.ID == "" {
		// The service took the request and did not say what it made.
		return "", &outcomeUnknownError{route: cl.route, cause: c.malformed(cl, "a 2xx answer without an id")}
	}
	c.ownership.claim(out.ID)
	return out.ID, nil
}

// ListSubscriptions calls GET /hooks/v1/subscription. The list exists at
// every correct base URL, empty or not: a 404 is ErrWrongBaseURL, never an
// empty list (which would drop every subscription from the state).
//
// An answer that cannot be trusted item by item (no items list, an item
// without id or event type, a repeated id) is ErrMalformedAnswer: read as
// it is, it would make a tracked subscription look gone.
func (c *Client) ListSubscriptions(ctx context.Context) ([]Subscription, error) {
	var out subscriptionList
	cl := call{
		method:     http.MethodGet,
		route:      "GET /hooks/v1/subscription",
		url:        c.endpoint(nil, lit("hooks"), lit("v1"), lit("subscription")),
		idempotent: true,
	}
	if err := c.doJSON(ctx, cl, &out); err != nil {
		return nil, c.notFoundOnFixedRoute(err)
	}
	if !out.Items.present {
		return nil, c.malformed(cl, `it has no "items" list`)
	}
	if problem := subscriptionsProblem(out.Items.items); problem != "" {
		return nil, c.malformed(cl, "%s", problem)
	}
	if out.Items.items == nil {
		return []Subscription{}, nil
	}
	return out.Items.items, nil
}

// Subscriptions returns every subscription through one shared list request
// per provider process, until a create or delete invalidates it.
func (c *Client) Subscriptions(ctx context.Context) (*SubscriptionSet, error) {
	fetch := func(ctx context.Context) (*SubscriptionSet, error) {
		items, err := c.ListSubscriptions(ctx)
		if err != nil {
			return nil, err
		}
		return NewSubscriptionSet(items), nil
	}
	if !c.coalesceEnabled {
		return fetch(ctx)
	}
	return c.subscriptions.get(ctx, "", fetch)
}

// GetSubscription calls GET /hooks/v1/subscription/{id}?eventType=. It
// reports ErrNotFound only once the base URL is confirmed.
func (c *Client) GetSubscription(ctx context.Context, id, eventType string) (*Subscription, error) {
	var out Subscription
	cl := call{
		method:     http.MethodGet,
		route:      "GET /hooks/v1/subscription/{id}",
		url:        c.endpoint(eventTypeQuery(eventType), lit("hooks"), lit("v1"), lit("subscription"), val(id)),
		idempotent: true,
	}
	err := c.doJSON(ctx, cl, &out)
	if IsNotFound(err) {
		if werr := c.checkNotFound(ctx, err); werr != nil {
			return nil, werr
		}
	}
	if err != nil {
		return nil, err
	}
	if problem := subscriptionsProblem([]Subscription{out}); problem != "" {
		return nil, c.malformed(cl, "%s", problem)
	}
	if !strings.EqualFold(out.ID, id) {
		return nil, c.malformed(cl, "it describes the subscription %q, not %q", out.ID, id)
	}
	out.EventType = strings.ToLower(out.EventType)
	return &out, nil
}

// DeleteSubscription calls DELETE /hooks/v1/subscription/{id}?eventType=.
// A subscription that is already gone is reported as ErrNotFound, once the
// base URL is confirmed (a wrong one must not pass for "already deleted",
// or the subscription would leave the state and stay on the service).
func (c *Client) DeleteSubscription(ctx context.Context, id, eventType string) error {
	defer c.subscriptions.invalidate("")
	err := c.doJSON(ctx, call{
		method:     http.MethodDelete,
		route:      "DELETE /hooks/v1/subscription/{id}",
		url:        c.endpoint(eventTypeQuery(eventType), lit("hooks"), lit("v1"), lit("subscription"), val(id)),
		idempotent: true,
	}, nil)
	if IsNotFound(err) {
		if werr := c.checkNotFound(ctx, err); werr != nil {
			return werr
		}
	}
	return err
}

// eventTypeQuery spells the event type lower-case, as the service lists it.
func eventTypeQuery(eventType string) url.Values {
	return url.Values{"eventType": []string{strings.ToLower(eventType)}}
}
