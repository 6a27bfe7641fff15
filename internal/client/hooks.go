// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"net/http"
)

// Hook is one supported event type.
type Hook struct {
	EventType     string          `json:"eventType"`
	Description   string          `json:"description"`
	PayloadSchema json.RawMessage `json:"payloadSchema"`
}

// ListHooks answers event types canonically; its answer confirms the base URL (base_url.go).
func (c *Client) ListHooks(ctx context.Context) ([]Hook, error) {
	var hooks []Hook
	cl := call{
		method:     http.MethodGet,
		route:      routeHooksList,
		url:        c.endpoint(nil, lit("hooks"), lit("v1")),
		idempotent: true,
	}
	if err := c.doJSON(ctx, cl, &hooks); err != nil {
		return nil, c.notFoundOnFixedRoute(err)
	}
	if problem := hooksProblem(hooks); problem != "" {
		return nil, c.malformed(cl, "%s", problem)
	}
	c.baseURLConfirmed.Store(true)
	for i := range hooks {
		hooks[i].EventType = CanonicalEventType(hooks[i].EventType)
	}
	if hooks == nil {
		hooks = []Hook{}
	}
	return hooks, nil
}

// SupportedHooks is read once per Client: the set does not change during a run.
func (c *Client) SupportedHooks(ctx context.Context) ([]Hook, error) {
	return c.supportedHooks.get(ctx, "", c.ListHooks)
}
