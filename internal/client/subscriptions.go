// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
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

// CanonicalEventType is the spelling of an event type that requests send and comparisons use: the service
// answers lower-case.
func CanonicalEventType(eventType string) string { return strings.ToLower(eventType) }

// MatchKey is what identical subscriptions share: the service never returns headers.
func MatchKey(eventType, uri, description string) string {
	return CanonicalEventType(eventType) + "\x00" + uri + "\x00" + description
}

// SubscriptionSet is one list; Find takes an id, in any case (a GUID).
type SubscriptionSet struct{ indexed[Subscription] }

// NewSubscriptionSet spells event types canonically.
func NewSubscriptionSet(items []Subscription) *SubscriptionSet {
	for i := range items {
		items[i].EventType = CanonicalEventType(items[i].EventType)
	}
	return &SubscriptionSet{index(items, func(s Subscription) string { return s.ID }, strings.ToLower)}
}

// indexed is a list shared between callers, so never modified, and its index by key.
type indexed[T any] struct {
	Items []T
	at    map[string]int // by fold(key)
	fold  func(string) string
}

func index[T any](items []T, key func(T) string, fold func(string) string) indexed[T] {
	s := indexed[T]{Items: items, at: make(map[string]int, len(items)), fold: fold}
	for i := range items {
		s.at[fold(key(items[i]))] = i
	}
	return s
}

func (s *indexed[T]) Find(key string) (item T, ok bool) {
	i, ok := s.at[s.fold(key)]
	if ok {
		item = s.Items[i]
	}
	return item, ok
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
	c.gate.add(slices.Collect(maps.Values(req.Headers))...)
	c.gate.add(URISecrets(req.URI)...)
	req.EventType = CanonicalEventType(req.EventType)
	defer c.subscriptions.invalidate("")
	var out struct {
		ID string `json:"id"`
	}
	cl := call{
		method: http.MethodPost,
		route:  routeSubscriptionCreate,
		url:    c.endpoint(nil, "hooks", "v1", "subscription"),
		body:   req,
	}
	if err := c.doJSON(ctx, cl, &out); err != nil {
		return "", err
	}
	if out.ID == "" {
		return "", fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, c.malformed(cl, "a 2xx answer without an id"))
	}
	return out.ID, nil
}

// listSubscriptions: the list exists at every correct base URL, so a 404 is ErrWrongBaseURL.
func (c *Client) listSubscriptions(ctx context.Context) ([]Subscription, error) {
	subs, _, err := readList(ctx, c, call{
		route: "GET /hooks/v1/subscription",
		url:   c.endpoint(nil, "hooks", "v1", "subscription"),
	}, subscriptionsProblem)
	return subs, c.notFoundOnFixedRoute(err)
}

// Subscriptions is the list shared by every reader until a create or delete (coalesce.go).
func (c *Client) Subscriptions(ctx context.Context) (*SubscriptionSet, error) {
	fetch := func(ctx context.Context) (*SubscriptionSet, error) {
		items, err := c.listSubscriptions(ctx)
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
		url:        c.endpoint(eventTypeQuery(eventType), "hooks", "v1", "subscription", id),
		idempotent: true,
	}
	if err := c.confirmNotFound(ctx, c.doJSON(ctx, cl, &out)); err != nil {
		return nil, err
	}
	if problem := subscriptionsProblem([]Subscription{out}); problem != "" {
		return nil, c.malformed(cl, problem)
	}
	if !strings.EqualFold(out.ID, id) {
		return nil, c.malformed(cl, fmt.Sprintf("it describes the subscription %q, not %q", out.ID, id))
	}
	out.EventType = CanonicalEventType(out.EventType)
	return &out, nil
}

func (c *Client) DeleteSubscription(ctx context.Context, id, eventType string) error {
	defer c.subscriptions.invalidate("")
	return c.confirmNotFound(ctx, c.doJSON(ctx, call{
		method:     http.MethodDelete,
		route:      "DELETE /hooks/v1/subscription/{id}",
		url:        c.endpoint(eventTypeQuery(eventType), "hooks", "v1", "subscription", id),
		idempotent: true,
	}, nil))
}

func eventTypeQuery(eventType string) url.Values {
	return url.Values{"eventType": []string{CanonicalEventType(eventType)}}
}

// readList GETs a list answer. A list is the whole truth about what exists (DESIGN.md, "Creates that never
// duplicate, and never claim another's"): one with an item that cannot be identified or told apart is
// malformed, never shortened.
func readList[T any](ctx context.Context, c *Client, cl call, problem func([]T) string) ([]T, int, error) {
	cl.method, cl.idempotent = http.MethodGet, true
	var out struct {
		Total int      `json:"total"`
		Items items[T] `json:"items"`
	}
	if err := c.doJSON(ctx, cl, &out); err != nil {
		return nil, 0, err
	}
	if out.Items == nil {
		return nil, 0, c.malformed(cl, `it has no "items" list`)
	}
	if p := problem(out.Items); p != "" {
		return nil, 0, c.malformed(cl, p)
	}
	return out.Items, out.Total, nil
}

// items is nil without "items" (not a list answer), empty for "items": null.
type items[T any] []T

func (l *items[T]) UnmarshalJSON(b []byte) error {
	var v []T
	err := json.Unmarshal(b, &v)
	if v == nil {
		v = []T{}
	}
	*l = v
	return err
}

// listProblem names the first item without a name (its field), or with the key of another.
func listProblem[T any](items []T, noun, nouns, field string, nameKey func(T) (string, string)) string {
	seen := make(map[string]int, len(items))
	for i, item := range items {
		name, key := nameKey(item)
		if name == "" {
			return fmt.Sprintf("%s %d of %d has no %s", noun, i+1, len(items), field)
		}
		if first, dup := seen[key]; dup {
			return fmt.Sprintf("%s %d and %d have the same %s %q", nouns, first+1, i+1, field, name)
		}
		seen[key] = i
	}
	return ""
}

func subscriptionsProblem(subs []Subscription) string {
	if i := slices.IndexFunc(subs, func(s Subscription) bool { return s.ID != "" && s.EventType == "" }); i >= 0 {
		return fmt.Sprintf("subscription %s has no event type", subs[i].ID)
	}
	return listProblem(subs, "subscription", "subscriptions", "id", func(s Subscription) (string, string) {
		return s.ID, strings.ToLower(s.ID)
	})
}

// Hook is one supported event type.
type Hook struct {
	EventType     string          `json:"eventType"`
	Description   string          `json:"description"`
	PayloadSchema json.RawMessage `json:"payloadSchema"`
}

// listHooks answers event types canonically; its answer confirms the base URL (base_url.go).
func (c *Client) listHooks(ctx context.Context) ([]Hook, error) {
	var hooks items[Hook]
	cl := call{
		method:     http.MethodGet,
		route:      routeHooksList,
		url:        c.endpoint(nil, "hooks", "v1"),
		idempotent: true,
	}
	if err := c.doJSON(ctx, cl, &hooks); err != nil {
		return nil, c.notFoundOnFixedRoute(err)
	}
	problem := listProblem(hooks, "hook", "hooks", "event type", func(h Hook) (string, string) {
		return h.EventType, CanonicalEventType(h.EventType)
	})
	if problem != "" {
		return nil, c.malformed(cl, problem)
	}
	c.baseURLConfirmed.Store(true)
	for i := range hooks {
		hooks[i].EventType = CanonicalEventType(hooks[i].EventType)
	}
	return hooks, nil
}

// SupportedHooks is read once per Client: the set does not change during a run.
func (c *Client) SupportedHooks(ctx context.Context) ([]Hook, error) {
	return c.supportedHooks.get(ctx, "", c.listHooks)
}
