// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Subscription is a stored webhook subscription as the service answers it:
// without its headers.
type Subscription struct {
	ID          string `json:"id"`
	EventType   string `json:"eventType"`
	URI         string `json:"uri"`
	Description string `json:"description"`
}

// subscription adds the headers, which only delivery and the state file see.
type subscription struct {
	Subscription
	headers map[string]string
}

type createSubscriptionRequest struct {
	Description string            `json:"Description"`
	URI         string            `json:"Uri"`
	EventType   string            `json:"EventType"`
	Headers     map[string]string `json:"Headers"`
}

type createSubscriptionResponse struct {
	ID string `json:"id"`
}

type subscriptionList struct {
	Items []Subscription `json:"items"`
}

// handleSubscriptionCreate is POST /hooks/v1/subscription.
func (e *Emulator) handleSubscriptionCreate(w http.ResponseWriter, r *http.Request, t *tenantState) {
	var req createSubscriptionRequest
	if !decodeJSON(w, r, &req) {
		return
	}
	eventType, ok := e.supportedEventType(req.EventType)
	if !ok {
		writeError(w, http.StatusBadRequest, "EventType %q is not supported; supported event types: %s", req.EventType, e.supportedList())
		return
	}
	if msg := validateHTTPSURI(req.URI); msg != "" {
		writeError(w, http.StatusBadRequest, "Uri %s", msg)
		return
	}
	for name := range req.Headers {
		if !validHeaderName(name) {
			// The name, not the value, is quoted: values are secrets.
			writeError(w, http.StatusBadRequest, "Headers: %q is not a valid HTTP header name", name)
			return
		}
	}
	s := &subscription{
		Subscription: Subscription{ID: newGUID(), EventType: eventType, URI: req.URI, Description: req.Description},
		headers:      cloneHeaders(req.Headers),
	}
	e.mu.Lock()
	t.subs = append(t.subs, s)
	e.mu.Unlock()
	if err := e.saveAfterWrite(); err != nil {
		writeSaveError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, createSubscriptionResponse{ID: s.ID})
}

// handleSubscriptionList is GET /hooks/v1/subscription, in creation order.
func (e *Emulator) handleSubscriptionList(w http.ResponseWriter, r *http.Request, t *tenantState) {
	e.mu.Lock()
	items := make([]Subscription, 0, len(t.subs))
	for _, s := range t.subs {
		items = append(items, s.Subscription)
	}
	e.mu.Unlock()
	writeJSON(w, http.StatusOK, subscriptionList{Items: items})
}

// handleSubscriptionGet is GET /hooks/v1/subscription/{id}?eventType=.
func (e *Emulator) handleSubscriptionGet(w http.ResponseWriter, r *http.Request, t *tenantState) {
	var s Subscription
	if e.onRequestedSubscription(w, r, t, func(i int) { s = t.subs[i].Subscription }) {
		writeJSON(w, http.StatusOK, s)
	}
}

// handleSubscriptionDelete is DELETE /hooks/v1/subscription/{id}?eventType=;
// it answers 202 Accepted with an empty body, as the live service does.
func (e *Emulator) handleSubscriptionDelete(w http.ResponseWriter, r *http.Request, t *tenantState) {
	if e.onRequestedSubscription(w, r, t, func(i int) { t.subs = append(t.subs[:i], t.subs[i+1:]...) }) {
		if err := e.saveAfterWrite(); err != nil {
			writeSaveError(w, err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}
}

// onRequestedSubscription runs f, under e.mu, on the index of the subscription
// that the path's {id} and ?eventType= name; without one it answers the error.
func (e *Emulator) onRequestedSubscription(w http.ResponseWriter, r *http.Request, t *tenantState, f func(i int)) bool {
	eventType, ok := eventTypeQuery(w, r)
	if !ok {
		return false
	}
	e.mu.Lock()
	i := findSubscription(t, r.PathValue("id"), eventType)
	if i >= 0 {
		f(i)
	}
	e.mu.Unlock()
	if i < 0 {
		writeError(w, http.StatusNotFound, "subscription not found")
	}
	return i >= 0
}

// eventTypeQuery reads the eventType query parameter, whose name the live
// service matches case-insensitively (its own samples write "eventtype").
func eventTypeQuery(w http.ResponseWriter, r *http.Request) (string, bool) {
	for name, values := range r.URL.Query() {
		if strings.EqualFold(name, "eventType") && len(values) > 0 && values[0] != "" {
			return strings.ToLower(values[0]), true
		}
	}
	writeError(w, http.StatusBadRequest, "the eventType query parameter is required")
	return "", false
}

// findSubscription answers the index of the subscription with this id and
// event type (already lower case), or -1. e.mu must be held.
func findSubscription(t *tenantState, id, eventType string) int {
	for i, s := range t.subs {
		if s.ID == id && (eventType == "" || s.EventType == eventType) {
			return i
		}
	}
	return -1
}

// Subscriptions lists a tenant's subscriptions ("" = default tenant), without headers.
func (e *Emulator) Subscriptions(subscriptionKey string) []Subscription {
	e.mu.Lock()
	defer e.mu.Unlock()
	t, err := e.tenantLocked(subscriptionKey)
	if err != nil {
		return nil
	}
	out := make([]Subscription, 0, len(t.subs))
	for _, s := range t.subs {
		out = append(out, s.Subscription)
	}
	return out
}

// AddSubscription creates a subscription out of band, as the service's
// portal or another tool would (or an earlier run that lost track of it),
// and answers it. The event type must be a supported one (any case).
func (e *Emulator) AddSubscription(subscriptionKey, eventType, uri, description string) (Subscription, error) {
	canon, ok := e.supportedEventType(eventType)
	if !ok {
		return Subscription{}, fmt.Errorf("emulator: event type %q is not supported", eventType)
	}
	s := &subscription{Subscription: Subscription{ID: newGUID(), EventType: canon, URI: uri, Description: description}}
	e.mu.Lock()
	t, err := e.tenantLocked(subscriptionKey)
	if err == nil {
		t.subs = append(t.subs, s)
	}
	e.mu.Unlock()
	if err != nil {
		return Subscription{}, err
	}
	_ = e.saveAfterWrite() // printed
	return s.Subscription, nil
}

// InjectSubscription stores s exactly as given, past every check the
// service makes: an empty id, an id another subscription has, no event type.
// It exists to test how a client takes a malformed list answer (which must
// be an error, never a subscription that is gone).
func (e *Emulator) InjectSubscription(subscriptionKey string, s Subscription) error {
	e.mu.Lock()
	t, err := e.tenantLocked(subscriptionKey)
	if err == nil {
		t.subs = append(t.subs, &subscription{Subscription: s})
	}
	e.mu.Unlock()
	if err == nil {
		_ = e.saveAfterWrite() // printed
	}
	return err
}

// DeleteSubscription removes a subscription out of band (drift), whatever its
// event type. It reports whether one was removed.
func (e *Emulator) DeleteSubscription(subscriptionKey, id string) bool {
	removed, _ := e.deleteSubscription(subscriptionKey, id) // a save failure is printed
	return removed
}

// deleteSubscription is DeleteSubscription answering a failure to save the
// state file.
func (e *Emulator) deleteSubscription(subscriptionKey, id string) (bool, error) {
	e.mu.Lock()
	t, err := e.tenantLocked(subscriptionKey)
	i := -1
	if err == nil {
		if i = findSubscription(t, id, ""); i >= 0 {
			t.subs = append(t.subs[:i], t.subs[i+1:]...)
		}
	}
	e.mu.Unlock()
	if i < 0 {
		return false, nil
	}
	return true, e.saveAfterWrite()
}

func validateHTTPSURI(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case raw == "":
		return "is required"
	case err != nil:
		return "is not a valid URL"
	case !strings.EqualFold(u.Scheme, "https") || u.Host == "" || u.Hostname() == "":
		return "must be an absolute https:// URL"
	}
	return ""
}

// validHeaderName checks the RFC 9110 token characters.
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range []byte(name) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

func cloneHeaders(h map[string]string) map[string]string {
	if len(h) == 0 {
		return nil
	}
	out := make(map[string]string, len(h))
	for k, v := range h {
		out[k] = v
	}
	return out
}
