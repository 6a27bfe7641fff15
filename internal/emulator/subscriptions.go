// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/http/httpguts"
)

// Subscription is a webhook subscription as the service answers it: without headers.
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
		if !httpguts.ValidHeaderFieldName(name) {
			// The name, not the value, is quoted: values are secrets.
			writeError(w, http.StatusBadRequest, "Headers: %q is not a valid HTTP header name", name)
			return
		}
	}
	e.mu.Lock()
	s := t.newSubscription(eventType, req.URI, req.Description, maps.Clone(req.Headers))
	e.mu.Unlock()
	if e.saved(w) {
		writeJSON(w, http.StatusOK, createSubscriptionResponse{ID: s.ID})
	}
}

// handleSubscriptionList is GET /hooks/v1/subscription, in creation order.
// Its answer forms may page it, empty it or keep deleted subscriptions in it.
func (e *Emulator) handleSubscriptionList(w http.ResponseWriter, r *http.Request, t *tenantState) {
	list := func() listing[Subscription] {
		return listing[Subscription]{items: t.listedSubscriptions()}
	}
	writeListAnswer(e, w, r, t, list, t.countDownGhosts)
}

// handleSubscriptionGet is GET /hooks/v1/subscription/{id}?eventType=.
func (e *Emulator) handleSubscriptionGet(w http.ResponseWriter, r *http.Request, t *tenantState) {
	var s Subscription
	if e.onRequestedSubscription(w, r, t, func(i int) { s = t.subs[i].Subscription }) {
		writeJSON(w, http.StatusOK, s)
	}
}

// handleSubscriptionDelete is DELETE /hooks/v1/subscription/{id}?eventType=;
// it answers 202 Accepted with an empty body, as the live service does, or
// with the answer form DeleteAnswersGone 410 Gone.
func (e *Emulator) handleSubscriptionDelete(w http.ResponseWriter, r *http.Request, t *tenantState) {
	gone := false
	deleted := e.onRequestedSubscription(w, r, t, func(i int) {
		gone = t.answers.forms.DeleteAnswersGone
		t.removeSubscription(i)
	})
	if !deleted {
		return
	}
	saved := e.saved(w)
	switch {
	case !saved:
	case gone:
		writeError(w, http.StatusGone, "subscription deleted")
	default:
		w.WriteHeader(http.StatusAccepted)
	}
}

// onRequestedSubscription runs f, under e.mu, on the index of the subscription
// the path's {id} and ?eventType= name, or answers the error.
func (e *Emulator) onRequestedSubscription(w http.ResponseWriter, r *http.Request, t *tenantState, f func(i int)) bool {
	var eventType string
	for name, values := range r.URL.Query() {
		// The live service takes the parameter's name in any case (its samples write "eventtype").
		if strings.EqualFold(name, "eventType") && values[0] != "" {
			eventType = strings.ToLower(values[0])
		}
	}
	if eventType == "" {
		writeError(w, http.StatusBadRequest, "the eventType query parameter is required")
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

// findSubscription answers the index of the subscription, or -1 (eventType
// "" = any). e.mu must be held.
func findSubscription(t *tenantState, id, eventType string) int {
	return slices.IndexFunc(t.subs, func(s *subscription) bool {
		return s.ID == id && (eventType == "" || s.EventType == eventType)
	})
}

// newSubscription stores a subscription in the tenant's stored form. e.mu must be held.
func (t *tenantState) newSubscription(eventType, uri, description string, headers map[string]string) *subscription {
	s := &subscription{
		Subscription: Subscription{
			ID:          newGUID(),
			EventType:   eventType,
			URI:         t.storedURI(uri),
			Description: t.storedText(description),
		},
		headers: headers,
	}
	t.subs = append(t.subs, s)
	return s
}

// removeSubscription deletes the i-th subscription, which lists may show a while longer
// (DeletedListedFor). e.mu must be held.
func (t *tenantState) removeSubscription(i int) {
	t.keepListed(t.subs[i].Subscription)
	t.subs = slices.Delete(t.subs, i, i+1)
}

func (t *tenantState) subscriptions() []Subscription {
	out := make([]Subscription, 0, len(t.subs))
	for _, s := range t.subs {
		out = append(out, s.Subscription)
	}
	return out
}

// Subscriptions lists a tenant's subscriptions ("" = default tenant), without headers.
func (e *Emulator) Subscriptions(subscriptionKey string) (out []Subscription) {
	_ = e.onTenant(subscriptionKey, func(t *tenantState) { out = t.subscriptions() })
	return out
}

// AddSubscription creates a subscription out of band, as the portal or
// another tool would, and answers it. The event type is a supported one.
func (e *Emulator) AddSubscription(subscriptionKey, eventType, uri, description string) (Subscription, error) {
	canon, ok := e.supportedEventType(eventType)
	if !ok {
		return Subscription{}, fmt.Errorf("emulator: event type %q is not supported", eventType)
	}
	var s *subscription
	err := e.onTenant(subscriptionKey, func(t *tenantState) { s = t.newSubscription(canon, uri, description, nil) })
	if err != nil {
		return Subscription{}, err
	}
	_ = e.saveAfterWrite() // printed
	return s.Subscription, nil
}

// DeleteSubscription removes a subscription out of band, whatever its event
// type, and reports whether there was one.
func (e *Emulator) DeleteSubscription(subscriptionKey, id string) bool {
	removed, _ := e.deleteSubscription(subscriptionKey, id) // a save failure is printed
	return removed
}

func (e *Emulator) deleteSubscription(subscriptionKey, id string) (bool, error) {
	return e.changeTenant(subscriptionKey, func(t *tenantState) bool {
		i := findSubscription(t, id, "")
		if i >= 0 {
			t.removeSubscription(i)
		}
		return i >= 0
	})
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
