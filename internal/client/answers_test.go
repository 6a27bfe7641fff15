// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// hostileClient is newTestClient behind a hostile server (damaged answers,
// echoed requests): the hostile-world tests' own.
func hostileClient(t *testing.T, tweak ...func(*Config)) (*Client, emulator.Tenant, *hostile.Server) {
	t.Helper()
	h := hostile.New(t, testURL)
	c, tenant := newTestClient(t, append(tweak, func(c *Config) { c.BaseURL = h.URL })...)
	return c, tenant, h
}

// answerTimeout is the request timeout of the tests whose answer stalls:
// long against a loopback request on a loaded machine, short for a test.
const answerTimeout = 1500 * time.Millisecond

// A create whose 2xx answer cannot be read or used took effect all the
// same: the outcome is unknown, never a failure, and CreateSubscriptionOnce
// adopts what the request created instead of leaving it behind.
func TestUnreadableCreateAnswerIsAdopted(t *testing.T) {
	for _, kind := range hostile.Damages {
		t.Run(string(kind), func(t *testing.T) {
			c, tenant, h := hostileClient(t, func(c *Config) { c.RequestTimeout = answerTimeout })
			h.Damage(emulator.RouteSubscriptionCreate, kind, 1)
			_, err := c.CreateSubscription(context.Background(), onceRequest)
			if !errors.Is(err, ErrOutcomeUnknown) {
				t.Fatalf("CreateSubscription: err = %v, want ErrOutcomeUnknown", err)
			}
			orphan := testEmulator.Subscriptions(tenant.SubscriptionKey)

			h.Damage(emulator.RouteSubscriptionCreate, kind, 1)
			got := createOnce(t, c, onceRequest)
			if !got.Adopted || got.Requests != 1 {
				t.Errorf("got %+v, want the subscription adopted after 1 request", got)
			}
			// The first call's subscription is in the baseline (read at the
			// first CreateSubscriptionOnce), so it is no candidate.
			checkSubscriptionIDs(t, tenant.SubscriptionKey, orphan[0].ID, got.ID)
		})
	}
}

// A delete is idempotent: a garbled answer after the status line is the
// status's (202: done), and one lost before it is retried, whose 404 says
// it is gone. Either way it ends without an error other than not-found.
func TestUnreadableDeleteAnswer(t *testing.T) {
	commitThenDrop := hostile.Damage(emulator.FaultCommitThenDrop) // the emulator's own
	for _, kind := range append([]hostile.Damage{commitThenDrop}, hostile.Damages...) {
		t.Run(string(kind), func(t *testing.T) {
			c, tenant, h := hostileClient(t, func(c *Config) { c.RequestTimeout = answerTimeout })
			id := createOnce(t, c, onceRequest).ID
			if kind == commitThenDrop {
				testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, emulator.FaultCommitThenDrop, 1)
			} else {
				h.Damage(emulator.RouteSubscriptionDelete, kind, 1)
			}
			if err := c.DeleteSubscription(context.Background(), id, onceRequest.EventType); err != nil && !IsNotFound(err) {
				t.Errorf("err = %v, want success or not found", err)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey)
		})
	}
}

// A list answer that cannot be trusted item by item is an error that names the problem, never a list in
// which an item is missing.
func TestMalformedListIsAnError(t *testing.T) {
	ctx := context.Background()
	good := `{"id":"00000000-0000-4000-8000-0000000000a1","eventType":"signatorysigned","uri":"https://x.example.com"}`
	entry := func(key, entityType, entityID string) string {
		return `{"key":"` + key + `","entityType":"` + entityType + `","entityId":"` + entityID + `"}`
	}
	subscriptions := func(c *Client) error { _, err := c.Subscriptions(ctx); return err }
	hooks := func(c *Client) error { _, err := c.listHooks(ctx); return err }
	entity := func(c *Client) error { _, err := c.EntityMetadata(ctx, "Document", "d"); return err }
	reference := func(c *Client) error { _, err := c.ListReferenceMetadata(ctx, "r"); return err }
	for name, tc := range map[string]struct {
		request, answer string
		call            func(*Client) error
		want            string // "": a good answer
	}{
		"item without id": {"GET /hooks/v1/subscription", `{"items":[` + good + `,{"eventType":"signatorysigned"}]}`,
			subscriptions, "subscription 2 of 2 has no id"},
		"repeated id": {"GET /hooks/v1/subscription", `{"items":[` + good +
			`,{"id":"00000000-0000-4000-8000-0000000000A1","eventType":"signatorysigned"}]}`,
			subscriptions, "subscriptions 1 and 2 have the same id"},
		"item without an event": {"GET /hooks/v1/subscription", `{"items":[` + good +
			`,{"id":"00000000-0000-4000-8000-0000000000a2","uri":"https://y.example.com"}]}`,
			subscriptions, "00000000-0000-4000-8000-0000000000a2 has no event type"},
		"answer without items": {"GET /hooks/v1/subscription", `{}`, subscriptions, `it has no "items" list`},
		"hook without event type": {"GET /hooks/v1", `[{"eventType":"signatorysigned"},{}]`, hooks,
			"hook 2 of 2 has no event type"},
		"event type twice": {"GET /hooks/v1", `[{"eventType":"signatorysigned"},{"eventType":"SignatorySigned"}]`, hooks,
			`hooks 1 and 2 have the same event type "SignatorySigned"`},
		"entry without key": {"GET /metadata/Document/d", `{"items":[` + entry("k", "Document", "d") + `,` +
			entry("", "Document", "d") + `]}`, entity, "entry 2 of 2 has no key"},
		"key twice for one entity": {"GET /metadata/r", `{"items":[` + entry("k", "Document", "d") + `,` +
			entry("k", "document", "d") + `]}`, reference, `entries 1 and 2 have the same key "k"`},
		"key once for each of several entities": {"GET /metadata/r", `{"items":[` + entry("k", "Document", "d") + `,` +
			entry("k", "Signatory", "d") + `,` + entry("k", "Document", "e") + `]}`, reference, ""},
	} {
		t.Run(name, func(t *testing.T) {
			c, tenant, h := hostileClient(t)
			testEmulator.SetMetadata(tenant.SubscriptionKey, "Document", "d", "k", "v", "r") // both lists answer 200
			h.Answer(tc.request, tc.answer)
			if err := tc.call(c); tc.want != "" {
				checkMalformed(t, err, tc.want)
			} else if err != nil {
				t.Errorf("err = %v, want the list", err)
			}
		})
	}
	t.Run("one subscription without id", func(t *testing.T) {
		c, _, h := hostileClient(t)
		id := createOnce(t, c, onceRequest).ID
		h.Damage(emulator.RouteSubscriptionGet, hostile.EmptyObject, 1)
		_, err := c.GetSubscription(context.Background(), id, onceRequest.EventType)
		checkMalformed(t, err, "has no id")
	})
}

// checkMalformed fails unless err is ErrMalformedAnswer naming want, and
// could not pass for "gone".
func checkMalformed(t *testing.T, err error, want string) {
	t.Helper()
	if !errors.Is(err, ErrMalformedAnswer) || IsNotFound(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want ErrMalformedAnswer saying %q", err, want)
	}
}

// A body that outlasts the request timeout is a timeout, said as one, that names the route and the limit:
// a read retries it like a late status line; a document, streamed to its writer, is not read again.
func TestSlowAnswerBodyIsATimeout(t *testing.T) {
	c, tenant, h := hostileClient(t, func(c *Config) { c.RequestTimeout = answerTimeout; c.MaxRetries = 1 })
	h.Damage(emulator.RouteSubscriptionList, hostile.SlowBody, 1)
	if _, err := c.listSubscriptions(context.Background()); err != nil {
		t.Fatalf("one slow body, then a good answer: err = %v", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionList]; n != 2 {
		t.Errorf("%d list requests, want 2: the slow body is retried", n)
	}

	testEmulator.PutDocument(tenant.SubscriptionKey, "doc", []byte("%PDF-1.7 signed"))
	h.Damage(emulator.RouteSubscriptionList, hostile.SlowBody, 2)
	h.Damage(emulator.RouteStorageDownload, hostile.SlowBody, 1)
	_, listErr := c.listSubscriptions(context.Background())
	var terr *TransportError
	if !errors.As(listErr, &terr) || terr.attempts != 2 {
		t.Fatalf("err = %v, want a *TransportError after 2 attempts", listErr)
	}
	started := time.Now()
	_, docErr := c.DownloadDocument(context.Background(), "doc", io.Discard)
	if took := time.Since(started); took > 3*answerTimeout {
		t.Errorf("the document's error took %s", took)
	}
	want := "no answer within the request timeout of " + answerTimeout.String() + ": the answer's body was still arriving"
	for route, err := range map[string]error{emulator.RouteSubscriptionList: listErr, emulator.RouteStorageDownload: docErr} {
		if err == nil || !strings.Contains(err.Error(), route) || !strings.Contains(err.Error(), want) ||
			strings.Contains(err.Error(), "context canceled") {
			t.Errorf("err = %v, want it to name %s and say %q", err, route, want)
		}
	}
}

// endlessList answers a subscription list that never ends (up to 400 MB),
// counting what it wrote; with declared, it announces a 1 GiB body in its
// Content-Length and sends none. It exists because the emulator holds each
// answer in memory: this answer is streamed, as a broken service would.
func endlessList(t *testing.T, declared bool) (*httptest.Server, *atomic.Int64, *atomic.Int32) {
	t.Helper()
	var written atomic.Int64
	var requests atomic.Int32
	item := []byte(`{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","eventType":"signatorysigned","uri":"https://x.example.com","description":"d"},`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if declared {
			w.Header().Set("Content-Length", strconv.Itoa(1<<30))
			w.WriteHeader(http.StatusOK)
			_ = http.NewResponseController(w).Flush()
			<-r.Context().Done()
			return
		}
		n, _ := w.Write([]byte(`{"items":[`))
		written.Add(int64(n))
		for written.Load() < 400<<20 {
			n, err := w.Write(item)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &written, &requests
}

// An answer larger than maxAnswerBytes is an error that names the cap: the
// client stops reading there, and does not ask again.
func TestAnswerCap(t *testing.T) {
	for _, declared := range []bool{false, true} {
		srv, written, requests := endlessList(t, declared)
		c, err := New(Config{BaseURL: srv.URL, SubscriptionKey: "k", AccessToken: "t", RequestTimeout: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.listSubscriptions(context.Background())
		if !errors.Is(err, errAnswerTooLarge) || !strings.Contains(err.Error(), "larger than 64 MiB") {
			t.Errorf("declared %v: err = %v, want errAnswerTooLarge naming the cap", declared, err)
		}
		// What the server wrote beyond the cap sat in socket buffers.
		if n := written.Load(); n > maxAnswerBytes+16<<20 {
			t.Errorf("declared %v: the server wrote %d MB: the client read past the cap", declared, n>>20)
		}
		if n := requests.Load(); n != 1 {
			t.Errorf("declared %v: %d requests, want 1: an answer too large comes again", declared, n)
		}
	}
}
