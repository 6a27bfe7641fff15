package client

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
)

// Hook is one supported event type (an item of GET /hooks/v1).
type Hook struct {
	EventType     string          `json:"eventType"`
	Description   string          `json:"description"`
	PayloadSchema json.RawMessage `json:"payloadSchema"`
}

// ListHooks calls GET /hooks/v1. Event types are returned lower-case. A 404
// is ErrWrongBaseURL.
func (c *Client) ListHooks(ctx context.Context) ([]Hook, error) {
	var hooks []Hook
	cl := call{
		method:     http.MethodGet,
		route:      routeHooksList,
		url:        c.endpoint(nil, lit("hooks"), lit("v1")),
		idempotent: true,
	}
	if err := c.doJSON(ctx, cl, &hooks); err != nil {
		// The list of supported hooks is never missing at a correct base URL.
		return nil, c.notFoundOnFixedRoute(err)
	}
	if problem := hooksProblem(hooks); problem != "" {
		return nil, c.malformed(cl, "%s", problem)
	}
	c.baseURLConfirmed.Store(true)
	for i := range hooks {
		hooks[i].EventType = strings.ToLower(hooks[i].EventType)
	}
	if hooks == nil {
		hooks = []Hook{}
	}
	return hooks, nil
}

// SupportedHooks is ListHooks read once per Client: the supported set does
// not change while a provider process runs, and plan-time validation of
// every event type needs it.
func (c *Client) SupportedHooks(ctx context.Context) ([]Hook, error) {
	if !c.coalesceEnabled {
		return c.ListHooks(ctx)
	}
	return c.supportedHooks.get(ctx, "", c.ListHooks)
}
