// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Subscription is as the service lists it: never with its headers.
type Subscription struct {
	ID          string `json:"id"`
	EventType   string `json:"eventType"`
	URI         string `json:"uri"`
	Description string `json:"description"`
}

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

// CanonicalEventType is the spelling of an event type that requests send and comparisons use: the service
// answers lower-case.
func CanonicalEventType(eventType string) string { return strings.ToLower(eventType) }

// MatchKey is what identical subscriptions share: the service never returns headers.
func MatchKey(eventType, uri, description string) string {
	return CanonicalEventType(eventType) + "\x00" + uri + "\x00" + description
}

// ImportID is the subscription's import ID: "<event_type>/<id>".
func (s Subscription) ImportID() string { return s.EventType + "/" + s.ID }

// SubscriptionSet is one list, indexed by id; shared between callers, so never modified.
type SubscriptionSet struct {
	Items []Subscription
	byID  map[string]int
}

// NewSubscriptionSet spells event types canonically.
func NewSubscriptionSet(items []Subscription) *SubscriptionSet {
	s := &SubscriptionSet{Items: items, byID: make(map[string]int, len(items))}
	for i := range items {
		items[i].EventType = CanonicalEventType(items[i].EventType)
		s.byID[strings.ToLower(items[i].ID)] = i
	}
	return s
}

// Find compares GUIDs without regard to case.
func (s *SubscriptionSet) Find(id string) (Subscription, bool) {
	i, ok := s.byID[strings.ToLower(id)]
	if !ok {
		return Subscription{}, false
	}
	return s.Items[i], true
}

// Identical answers the subscriptions with that event type (in any case), URI and description.
func (s *SubscriptionSet) Identical(eventType, uri, description string) []Subscription {
	want := MatchKey(eventType, uri, description)
	var out []Subscription
	for _, sub := range s.Items {
		if MatchKey(sub.EventType, sub.URI, sub.Description) == want {
			out = append(out, sub)
		}
	}
	return out
}

// CreateSubscription sends one create (429s aside); on ErrOutcomeUnknown the subscription may exist, which
// CreateSubscriptionOnce resolves. Headers are checked again here, for values unknown at plan.
func (c *Client) CreateSubscription(ctx context.Context, req CreateSubscriptionRequest) (string, error) {
	if err := CheckHeaders(req.Headers); err != nil {
		return "", fmt.Errorf("%s: nothing was sent: %w", routeSubscriptionCreate, err)
	}
	for _, v := range req.Headers {
		c.gate.add(v)
	}
	c.gate.add(URISecrets(req.URI)...)
	req.EventType = CanonicalEventType(req.EventType)
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
		return "", &outcomeUnknownError{route: cl.route, cause: c.malformed(cl, "a 2xx answer without an id")}
	}
	return out.ID, nil
}

// ListSubscriptions: the list exists at every correct base URL, so a 404 is ErrWrongBaseURL.
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

// Subscriptions is the list shared by every reader until a create or delete (coalesce.go).
func (c *Client) Subscriptions(ctx context.Context) (*SubscriptionSet, error) {
	fetch := func(ctx context.Context) (*SubscriptionSet, error) {
		items, err := c.ListSubscriptions(ctx)
		if err != nil {
			return nil, err
		}
		return NewSubscriptionSet(items), nil
	}
	return c.subscriptions.get(ctx, "", fetch)
}

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
	out.EventType = CanonicalEventType(out.EventType)
	return &out, nil
}

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

func eventTypeQuery(eventType string) url.Values {
	return url.Values{"eventType": []string{CanonicalEventType(eventType)}}
}
