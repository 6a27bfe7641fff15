// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Event carries the ids of a simulated event; empty ones get random GUIDs,
// a zero Timestamp is now. The payload's TenantId is the tenant's.
type Event struct {
	SignatureRequestID string    `json:"signatureRequestId"`
	DepartmentID       string    `json:"departmentId"`
	CreatorID          string    `json:"creatorId"`
	SignatoryID        string    `json:"signatoryId"` // signatorysigned only
	Timestamp          time.Time `json:"timestamp"`
}

// Delivery is the outcome of sending one event to one subscription, without
// header values.
type Delivery struct {
	SubscriptionID string          `json:"subscriptionId"`
	URI            string          `json:"uri"`
	EventType      string          `json:"eventType"`
	StatusCode     int             `json:"statusCode,omitempty"`
	Error          string          `json:"error,omitempty"`
	Skipped        bool            `json:"skipped,omitempty"`
	Payload        json.RawMessage `json:"payload"`
	Time           time.Time       `json:"time"`
}

// TimestampLayout is the payload's Timestamp, as the interface document
// states: ISO 8601, UTC, seconds, no zone designator.
const TimestampLayout = "2006-01-02T15:04:05"

type eventData struct {
	SignatureRequestID string `json:"SignatureRequestId"`
	TenantID           string `json:"TenantId"`
	DepartmentID       string `json:"DepartmentId"`
	CreatorID          string `json:"CreatorId"`
	SignatoryID        string `json:"SignatoryId,omitempty"`
}

type eventPayload struct {
	EventType string    `json:"EventType"`
	Timestamp string    `json:"Timestamp"`
	EventData eventData `json:"EventData"`
}

// SimulateSignatorySigned fires signatorysigned to the tenant's subscriptions
// of it, and answers a Delivery for each.
func (e *Emulator) SimulateSignatorySigned(subscriptionKey string, ev Event) ([]Delivery, error) {
	if ev.SignatoryID == "" {
		ev.SignatoryID = newGUID()
	}
	return e.simulate(subscriptionKey, ev, EventSignatorySigned)
}

// SimulateRequestCompleted fires signaturerequestcompleted and, since the
// live service raises it on completion too, signaturerequeststatusupdated.
func (e *Emulator) SimulateRequestCompleted(subscriptionKey string, ev Event) ([]Delivery, error) {
	ev.SignatoryID = ""
	return e.simulate(subscriptionKey, ev, EventSignatureRequestCompleted, EventSignatureRequestStatusUpdated)
}

func (e *Emulator) simulate(subscriptionKey string, ev Event, eventTypes ...string) ([]Delivery, error) {
	for _, id := range []*string{&ev.SignatureRequestID, &ev.DepartmentID, &ev.CreatorID} {
		if *id == "" {
			*id = newGUID()
		}
	}
	if ev.Timestamp.IsZero() {
		ev.Timestamp = time.Now()
	}
	var targets []subscription
	var t *tenantState
	var tenantID string
	err := e.onTenant(subscriptionKey, func(ts *tenantState) {
		t, tenantID = ts, ts.TenantID
		for _, s := range t.subs {
			if slices.Contains(eventTypes, s.EventType) {
				targets = append(targets, subscription{s.Subscription, maps.Clone(s.headers)})
			}
		}
	})
	if err != nil {
		return nil, err
	}

	deliveries := make([]Delivery, 0, len(targets))
	for _, tg := range targets {
		payload, _ := json.Marshal(eventPayload{
			EventType: tg.EventType,
			Timestamp: ev.Timestamp.UTC().Format(TimestampLayout),
			EventData: eventData{
				SignatureRequestID: ev.SignatureRequestID, TenantID: tenantID,
				DepartmentID: ev.DepartmentID, CreatorID: ev.CreatorID, SignatoryID: ev.SignatoryID,
			},
		})
		d := e.deliver(tg, payload)
		e.logDelivery(d)
		deliveries = append(deliveries, d)
	}

	e.mu.Lock()
	t.deliveries = append(t.deliveries, deliveries...)
	t.deliveries = t.deliveries[max(0, len(t.deliveries)-maxDeliveryLog):]
	e.mu.Unlock()
	return deliveries, nil
}

func (e *Emulator) deliver(tg subscription, payload []byte) Delivery {
	d := Delivery{SubscriptionID: tg.ID, URI: tg.URI, EventType: tg.EventType, Payload: payload, Time: time.Now().UTC()}
	if reason := e.refuseTarget(tg.URI); reason != "" {
		d.Skipped, d.Error = true, reason
		return d
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tg.URI, bytes.NewReader(payload))
	if err != nil {
		d.Error = "building the request failed"
		return d
	}
	for k, v := range tg.headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.deliveryClient.Do(req)
	if err != nil {
		// url.Error texts hold the URI, never the headers.
		d.Error = err.Error()
		return d
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	_ = resp.Body.Close()
	d.StatusCode = resp.StatusCode
	return d
}

// logDelivery shows whoever runs the emulator where an event went, or why it
// went nowhere.
func (e *Emulator) logDelivery(d Delivery) {
	outcome := fmt.Sprintf("answered %d %s", d.StatusCode, http.StatusText(d.StatusCode))
	switch {
	case d.Skipped:
		outcome = d.Error
	case d.Error != "":
		outcome = "delivery failed: " + d.Error
	}
	e.logf("event %s to %s (subscription %s): %s", d.EventType, d.URI, d.SubscriptionID, outcome)
}

// refuseTarget keeps events on this machine unless told otherwise.
func (e *Emulator) refuseTarget(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || !strings.EqualFold(u.Scheme, "https") {
		return "not delivered: the URI is not an https URL"
	}
	if e.allowRemote || isLoopbackHost(u.Hostname()) {
		return ""
	}
	return fmt.Sprintf("not delivered: %s is not a loopback host (the emulator delivers to loopback hosts only, unless started with -allow-non-loopback-delivery, Options.AllowNonLoopbackDelivery)", u.Hostname())
}

// isLoopbackHost takes localhost, not its sub-domains, which may go to DNS.
func isLoopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// deliveryClient copies c (or a default client) to follow no redirect,
// which could lead off the loopback host.
func deliveryClient(c *http.Client) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	} else {
		out.Timeout = 10 * time.Second
	}
	out.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &out
}

// Deliveries answers the tenant's delivery log, oldest first.
func (e *Emulator) Deliveries(subscriptionKey string) (out []Delivery) {
	_ = e.onTenant(subscriptionKey, func(t *tenantState) { out = slices.Clone(t.deliveries) })
	return out
}
