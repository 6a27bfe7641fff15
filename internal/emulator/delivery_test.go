// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

type received struct {
	path    string
	header  http.Header
	payload map[string]any
}

// newReceiver is a TLS subscriber that records what it receives.
func newReceiver(t *testing.T) (*httptest.Server, func() []received) {
	var mu sync.Mutex
	var got []received
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var p map[string]any
		if err := json.Unmarshal(body, &p); err != nil {
			t.Errorf("payload is not JSON: %s", body)
		}
		mu.Lock()
		got = append(got, received{path: r.URL.Path, header: r.Header.Clone(), payload: p})
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []received { mu.Lock(); defer mu.Unlock(); return append([]received(nil), got...) }
}

func TestEventDelivery(t *testing.T) {
	recv, got := newReceiver(t)
	var mu sync.Mutex
	var lines []string // of the emulator's own output: one a delivery
	f := newFixture(t, Options{
		DeliveryClient: recv.Client(),
		Hooks:          []string{"signaturerequestcompleted", "signatorysigned", "signaturerequeststatusupdated"},
		Logf: func(format string, args ...any) {
			mu.Lock()
			defer mu.Unlock()
			lines = append(lines, fmt.Sprintf(format, args...))
		},
	})
	key := f.tenant.SubscriptionKey
	signedID := f.createSubscription("SignatorySigned", recv.URL+"/signed", map[string]string{"client-id": "cid", "client-secret": "csecret"})
	completedID := f.createSubscription("SignatureRequestCompleted", recv.URL+"/completed", map[string]string{"X-Api-Key": "k1"})
	f.createSubscription("signaturerequeststatusupdated", recv.URL+"/status", nil)
	skippedID := f.createSubscription("signatorysigned", "https://example.com/hook", nil) // never contacted
	refusedID := f.createSubscription("signatorysigned", "https://127.0.0.1:1/closed", nil)
	f.e.NewTenant() // another tenant's subscriptions do not receive

	ev := Event{SignatureRequestID: newGUID(), DepartmentID: newGUID(), CreatorID: newGUID(), SignatoryID: newGUID(),
		Timestamp: time.Date(2026, 11, 21, 23, 22, 58, 999, time.FixedZone("CET", 3600))}
	deliveries, err := f.e.SimulateSignatorySigned(key, ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(deliveries) != 3 {
		t.Fatalf("deliveries %+v", deliveries)
	}
	if d := deliveries[0]; d.SubscriptionID != signedID || d.StatusCode != 204 || d.Error != "" || d.EventType != "signatorysigned" {
		t.Errorf("delivery %+v", d)
	}
	if d := deliveries[1]; !d.Skipped || d.StatusCode != 0 || !strings.Contains(d.Error, "loopback") {
		t.Errorf("non-loopback delivery %+v", d)
	}
	if d := deliveries[2]; d.Skipped || d.Error == "" {
		t.Errorf("a delivery refused by the receiver %+v", d)
	}
	mu.Lock()
	for _, prefix := range []string{
		"event signatorysigned to " + recv.URL + "/signed (subscription " + signedID + "): answered 204 No Content",
		"event signatorysigned to https://example.com/hook (subscription " + skippedID + "): not delivered: example.com is not a loopback host",
		"event signatorysigned to https://127.0.0.1:1/closed (subscription " + refusedID + "): delivery failed: ",
	} {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) }) {
			t.Errorf("no log line starting with %q in:\n%s", prefix, strings.Join(lines, "\n"))
		}
	}
	if all := strings.Join(lines, "\n"); strings.Contains(all, "csecret") {
		t.Errorf("the log shows a header value:\n%s", all)
	}
	mu.Unlock()

	r := got()
	if len(r) != 1 || r[0].path != "/signed" {
		t.Fatalf("received %+v", r)
	}
	if h := r[0].header; h.Get("Client-Id") != "cid" || h.Get("Client-Secret") != "csecret" || h.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", h)
	}
	wantPayload := map[string]any{
		"EventType": "signatorysigned",
		"Timestamp": "2026-11-21T22:22:58",
		"EventData": map[string]any{
			"SignatureRequestId": ev.SignatureRequestID, "TenantId": f.tenant.TenantID,
			"DepartmentId": ev.DepartmentID, "CreatorId": ev.CreatorID, "SignatoryId": ev.SignatoryID,
		},
	}
	if a, b := mustJSON(r[0].payload), mustJSON(wantPayload); a != b {
		t.Errorf("payload\n got %s\nwant %s", a, b)
	}

	// Request completed: random ids, both completed and status-updated subscribers.
	deliveries, err = f.e.SimulateRequestCompleted(key, Event{})
	if err != nil || len(deliveries) != 2 || deliveries[0].SubscriptionID != completedID {
		t.Fatalf("completed: %v %+v", err, deliveries)
	}
	r = got()[1:]
	if len(r) != 2 || r[0].path != "/completed" || r[1].path != "/status" || r[0].header.Get("X-Api-Key") != "k1" {
		t.Fatalf("received %+v", r)
	}
	// Random GUIDs, the tenant's id, and a timestamp in ISO 8601 without zone (mustJSON sorts the keys).
	guid := `[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}`
	for i, want := range []string{"signaturerequestcompleted", "signaturerequeststatusupdated"} {
		pattern := fmt.Sprintf(`^\{"EventData":\{"CreatorId":"%[1]s","DepartmentId":"%[1]s","SignatureRequestId":"%[1]s","TenantId":"%[2]s"\},`+
			`"EventType":"%[3]s","Timestamp":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"\}$`, guid, f.tenant.TenantID, want)
		if p := mustJSON(r[i].payload); !regexp.MustCompile(pattern).MatchString(p) {
			t.Errorf("payload %s does not match %s", p, pattern)
		}
	}

	// The admin route fires too, and the log keeps every outcome, without headers.
	body := f.do("POST", "/_emulator/events/signatory-signed?tenant="+key, `{"signatoryId":"s-1"}`, http.StatusOK, withoutAuth())
	if !strings.Contains(string(body), `"statusCode":204`) {
		t.Errorf("admin event answer %s", body)
	}
	if got()[3].payload["EventData"].(map[string]any)["SignatoryId"] != "s-1" {
		t.Error("admin event ignored the given SignatoryId")
	}
	if log := f.e.Deliveries(key); len(log) != 8 {
		t.Errorf("delivery log has %d entries, want 8", len(log))
	}
	if _, err := f.e.SimulateSignatorySigned("nobody", Event{}); err == nil {
		t.Error("unknown tenant accepted")
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
