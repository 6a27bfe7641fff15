// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// The headers every request carries. A tiny server of its own: the emulator cannot tell what it was sent.
func TestRequestHeaders(t *testing.T) {
	const token, key = "tok-VERY-secret-1", "key-VERY-secret-2"
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = r.Header.Clone() }))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL + "/api/", SubscriptionKey: key, AccessToken: token, UserAgent: "terraform-provider-esign/1.2.3"})
	if err != nil {
		t.Fatal(err)
	}
	_ = c.DeleteSubscription(context.Background(), "id", "signatorysigned")
	if got.Get("Authorization") != "Bearer "+token || got.Get("Ocp-Apim-Subscription-Key") != key ||
		got.Get("User-Agent") != "terraform-provider-esign/1.2.3" || got.Get("Accept") != "application/json" {
		t.Errorf("headers sent: %v", got)
	}
}

func TestEndpointEscapesSegments(t *testing.T) {
	c, err := New(Config{BaseURL: "https://api.example.com/base/", SubscriptionKey: "k", AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	u := c.endpoint(nil, "metadata", "Document", "a/b c", "k%?#")
	if want := "https://api.example.com/base/metadata/Document/a%2Fb%20c/k%25%3F%23"; u.String() != want {
		t.Errorf("endpoint = %s, want %s", u, want)
	}
}

func TestDownloadDocument(t *testing.T) {
	c, tenant := newTestClient(t)
	data := bytes.Repeat([]byte("signed pdf bytes \x00\xff"), 1000)
	testEmulator.PutDocument(tenant.SubscriptionKey, "blob/1", data)

	var buf bytes.Buffer
	n, err := c.DownloadDocument(context.Background(), "blob/1", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(len(data)) || !bytes.Equal(buf.Bytes(), data) {
		t.Fatalf("downloaded %d bytes, want %d identical bytes", n, len(data))
	}

	if _, err := c.DownloadDocument(context.Background(), "missing", &buf); !errors.Is(err, errGone) {
		t.Errorf("missing blob: err = %v, want errGone", err)
	}
}

// A large document is streamed: memory allocated during the download stays
// far below its size.
func TestDownloadDocumentStreams(t *testing.T) {
	const size = 500 << 20 // the size the issue names
	c, tenant := newTestClient(t)
	testEmulator.PutSyntheticDocument(tenant.SubscriptionKey, "big", size)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	h := sha256.New()
	n, err := c.DownloadDocument(context.Background(), "big", h)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if n != size {
		t.Fatalf("downloaded %d bytes, want %d", n, size)
	}
	want := sha256.New()
	if _, err := io.Copy(want, emulator.SyntheticDocument("big", size)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(h.Sum(nil), want.Sum(nil)) {
		t.Error("the streamed bytes differ from the emulator's document")
	}
	// Both ends run in this process: the emulator's side is counted too.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("downloading %d MiB allocated %d MiB: the document is being buffered", size>>20, alloc>>20)
	}
}

// refusingDialer connects to the emulator, except for the dials refuse
// picks (counted from 1): those go to a port nothing listens on, so the
// kernel refuses them as it would for a service that is down.
type refusingDialer struct {
	emulator, closed string
	refuse           func(dial int) bool
	dials            atomic.Int32
}

func newRefusingDialer(t *testing.T, refuse func(dial int) bool) *refusingDialer {
	t.Helper()
	u, err := url.Parse(testURL)
	if err != nil {
		t.Fatal(err)
	}
	// A port that was free a moment ago and is closed now.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return &refusingDialer{emulator: u.Host, closed: closed, refuse: refuse}
}

func (d *refusingDialer) DialContext(ctx context.Context, network, _ string) (net.Conn, error) {
	target := d.emulator
	if d.refuse(int(d.dials.Add(1))) {
		target = d.closed
	}
	var dialer net.Dialer
	return dialer.DialContext(ctx, network, target)
}

// client is a test client whose every request dials through d (no
// keep-alive, so each request is a dial).
func (d *refusingDialer) client(t *testing.T) (*Client, emulator.Tenant) {
	t.Helper()
	return newTestClient(t, func(c *Config) {
		c.httpClient = &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	})
}

// A create whose connection is refused never reached the service: it is
// retried like a read, and a create that never gets through is reported as
// not sent, not as one whose outcome is unknown.
func TestCreateRefusedConnectionIsNeverSent(t *testing.T) {
	t.Run("refused, then served", func(t *testing.T) {
		d := newRefusingDialer(t, func(dial int) bool { return dial <= 2 })
		c, tenant := d.client(t)
		id, err := c.CreateSubscription(context.Background(), onceRequest)
		if err != nil {
			t.Fatalf("two refused connections, then the emulator: err = %v", err)
		}
		checkSubscriptionIDs(t, tenant.SubscriptionKey, id)
		if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 1 {
			t.Errorf("the emulator got %d creates, want 1", n)
		}
		if n := d.dials.Load(); n != 3 {
			t.Errorf("%d dials, want 3 (two refused, one served)", n)
		}
	})

	t.Run("refused through CreateSubscriptionOnce", func(t *testing.T) {
		// Dial 1 lists the baseline; the create's first two dials are refused.
		d := newRefusingDialer(t, func(dial int) bool { return dial == 2 || dial == 3 })
		c, tenant := d.client(t)
		got := createOnce(t, c, onceRequest)
		if got.Adopted || got.Requests != 1 {
			t.Errorf("got %+v, want one create call that was neither ambiguous nor adopted", got)
		}
		checkSubscriptionIDs(t, tenant.SubscriptionKey, got.ID)
		counters := testEmulator.Counters(tenant.SubscriptionKey)
		if counters[emulator.RouteSubscriptionCreate] != 1 || counters[emulator.RouteSubscriptionList] != 1 {
			t.Errorf("counters = %v, want 1 create and only the baseline list (a refused create needs no look)", counters)
		}
	})

	t.Run("always refused", func(t *testing.T) {
		d := newRefusingDialer(t, func(int) bool { return true })
		c, tenant := d.client(t)
		_, err := c.CreateSubscription(context.Background(), onceRequest)
		if err == nil || errors.Is(err, ErrOutcomeUnknown) {
			t.Fatalf("err = %v, want a connection error that is not ErrOutcomeUnknown", err)
		}
		var opErr *net.OpError
		if !errors.As(err, &opErr) || opErr.Op != "dial" {
			t.Errorf("err = %v: the *net.OpError of the refused dial is no longer in the chain", err)
		}
		if n := d.dials.Load(); n != DefaultMaxRetries+1 {
			t.Errorf("%d dials, want %d (the first attempt and every retry)", n, DefaultMaxRetries+1)
		}
		if subs := testEmulator.Subscriptions(tenant.SubscriptionKey); len(subs) != 0 {
			t.Errorf("the emulator holds %+v", subs)
		}
	})
}

// Every transport error names the method, the host and the path, and says
// what to check; the failures that say the base URL is wrong are not
// retried, since no retry mends them, and a create they end was never sent.
func TestTransportErrorsSayWhereAndWhatToCheck(t *testing.T) {
	emulatorHost := strings.TrimPrefix(testURL, "http://")
	tlsServer := quietTLSServer(t) // a TLS server: the emulator speaks plain http
	tlsHost := strings.TrimPrefix(tlsServer.URL, "https://")
	closed := newRefusingDialer(t, func(int) bool { return true }).closed

	// The timeout case's latency is ten times its request timeout; the
	// others have a timeout no loaded machine reaches.
	const slow, timeout = 5 * time.Second, 500 * time.Millisecond
	cases := []struct {
		name, baseURL, host string
		latency             time.Duration
		wantAttempts        int  // -1: an *APIError; 0: any count
		sent                bool // a create ends ErrOutcomeUnknown
		want                string
	}{
		{"connection refused", "http://" + closed, closed, 0, 2, false, "Nothing accepts connections at " + closed + ": is the service (or the emulator) running there? Is the port in base_url right?"},
		{"https to an http server", "https://" + emulatorHost, emulatorHost, 0, 1, false,
			"base_url says https://, but the server at " + emulatorHost + " speaks plain http"},
		// A TLS server spoken plain http to answers 400.
		{"http to an https server", "http://" + tlsHost, tlsHost, 0, -1, false,
			"base_url says http://, but the server at " + tlsHost + " speaks https: use https://"},
		{"untrusted certificate", tlsServer.URL, tlsHost, 0, 1, false,
			"The certificate of " + tlsHost + " is signed by an authority this machine does not trust"},
		// A machine without DNS fails the look-up otherwise, and retries: any count.
		{"unknown host", "https://nonexistent.invalid", "nonexistent.invalid:443", 0, 0, false, `The host name "nonexistent.invalid"`},
		{"timeout", testURL, emulatorHost, slow, 2, true, "no answer within the request timeout of 500ms"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tenant := testEmulator.NewTenant()
			testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{Latency: tc.latency})
			c := clientOf(t, tenant, func(c *Config) {
				c.BaseURL, c.MaxRetries, c.RequestTimeout = tc.baseURL, 1, 30*time.Second
				if tc.latency > 0 {
					c.RequestTimeout = timeout
				}
			})
			_, err := c.listHooks(context.Background())
			var terr *TransportError
			var apiErr *APIError
			if tc.wantAttempts < 0 && (!errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || apiErr.Host != tc.host) ||
				tc.wantAttempts >= 0 && (!errors.As(err, &terr) || terr.Host != tc.host || tc.wantAttempts != 0 && terr.attempts != tc.wantAttempts) {
				t.Fatalf("err = %v, want an error at %s after %d attempts", err, tc.host, tc.wantAttempts)
			}
			if want := "GET /hooks/v1 at " + tc.host + ": "; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to start with %q and say %q", err, want, tc.want)
			}
			if _, err := c.CreateSubscription(context.Background(), onceRequest); err == nil || errors.Is(err, ErrOutcomeUnknown) != tc.sent {
				t.Errorf("create: err = %v, want ErrOutcomeUnknown: %v", err, tc.sent)
			}
		})
	}
}

// Once a call has given up on a host that refuses connections, the calls
// that follow make one attempt each, until the service answers again.
func TestUnreachableHostIsNotRetriedAgain(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	d := newRefusingDialer(t, func(int) bool { return down.Load() })
	c, _ := d.client(t)
	dialsOf := func(call func() error) (int32, error) {
		before := d.dials.Load()
		err := call()
		return d.dials.Load() - before, err
	}
	list := func() error { _, err := c.listSubscriptions(context.Background()); return err }

	if n, err := dialsOf(list); n != DefaultMaxRetries+1 || err == nil {
		t.Fatalf("first call: %d dials, err %v; want %d dials and an error", n, err, DefaultMaxRetries+1)
	}
	n, err := dialsOf(list)
	if n != 1 || err == nil || !strings.Contains(err.Error(), "not retried: calls to this host failed the same way moments ago") {
		t.Errorf("second call: %d dials, err %v; want 1 dial and an error that says why", n, err)
	}
	down.Store(false)
	if n, err := dialsOf(list); n != 1 || err != nil {
		t.Errorf("the service is back: %d dials, err %v; want 1 dial and success", n, err)
	}
	down.Store(true)
	if n, _ := dialsOf(list); n != DefaultMaxRetries+1 {
		t.Errorf("down again after an answer: %d dials, want %d (the memory ends with an answer)", n, DefaultMaxRetries+1)
	}
}

// quietTLSServer is a TLS server that answers 404, whose complaints about
// clients that fail its handshake (what the tests make them do) stay out of
// the test output.
func quietTLSServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

// Which failures are retried and how often: a call after count faults of a
// kind on its route, the error it ends with (nil: it succeeds) and the
// requests the route got, each logged with its attempt. Any GET, PUT or DELETE
// may be repeated, and a create refused with 429; a definite answer (4xx other
// than 429) never is.
func TestRetries(t *testing.T) {
	type retryCase struct {
		route        string
		kind         emulator.FaultKind
		count        int
		maxRetries   int
		call         func(*Client) error
		want         error
		wantRequests int
	}
	ctx := context.Background()
	listSubscriptions := func(c *Client) error { _, err := c.listSubscriptions(ctx); return err }
	cases := map[string]retryCase{
		"bounded": {emulator.RouteHooksList, emulator.FaultRateLimit, 10, 2,
			func(c *Client) error { _, err := c.listHooks(ctx); return err }, ErrRateLimited, 3},
		"404 not retried": {emulator.RouteSubscriptionGet, "", 0, 0, func(c *Client) error {
			_, err := c.GetSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned")
			return err
		}, errGone, 1},
	}
	for _, kind := range []emulator.FaultKind{emulator.FaultRateLimit, emulator.FaultInternalError, emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout, emulator.FaultDrop} {
		cases["two "+string(kind)+" then success"] = retryCase{emulator.RouteSubscriptionList, kind, 2, 0, listSubscriptions, nil, 3}
	}
	createSubscription := func(c *Client) error {
		_, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"})
		return err
	}
	create := emulator.RouteSubscriptionCreate
	cases["create after 429"] = retryCase{create, emulator.FaultRateLimit, 1, 0, createSubscription, nil, 2}
	// A create whose answer is lost must not be repeated blindly.
	for _, kind := range []emulator.FaultKind{
		emulator.FaultCommitThenDrop, emulator.FaultDrop, emulator.FaultInternalError,
		emulator.FaultBadGateway, emulator.FaultServiceUnavailable, emulator.FaultGatewayTimeout,
	} {
		cases["create after "+string(kind)] = retryCase{create, kind, 1, 0, createSubscription, ErrOutcomeUnknown, 1}
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			log := &recordedLog{}
			c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries, c.Logger = tc.maxRetries, log })
			if tc.count > 0 {
				testEmulator.ScriptFault(tenant.SubscriptionKey, tc.route, tc.kind, tc.count)
			}
			if err := tc.call(c); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if n := testEmulator.Counters(tenant.SubscriptionKey)[tc.route]; n != tc.wantRequests {
				t.Errorf("requests = %d, want %d", n, tc.wantRequests)
			}
			var attempts []map[string]any
			for _, f := range log.events() {
				if f["route"] == tc.route {
					attempts = append(attempts, f)
				}
			}
			for i, f := range attempts {
				if f["attempt"] != i+1 || f["method"] != strings.Fields(tc.route)[0] || f["duration_ms"] == nil ||
					tc.want == nil && i == len(attempts)-1 && f["status"] == nil {
					t.Errorf("logged %v as attempt %d of %d", f, i+1, len(attempts))
				}
			}
			if len(attempts) != tc.wantRequests {
				t.Errorf("%d attempts logged, want %d", len(attempts), tc.wantRequests)
			}
		})
	}
}

// Retries stop when the context's deadline would pass during the wait.
func TestRetriesStopAtTheDeadline(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 10 })
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	started := time.Now()
	_, err := c.listHooks(ctx)
	if !errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v, want ErrRateLimited", err)
	}
	if d := time.Since(started); d > 900*time.Millisecond {
		t.Errorf("gave up after %s; it should not wait for a Retry-After past the deadline", d)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"3":                             3 * time.Second,
		"0":                             0,
		"Sat, 21 Nov 2026 12:00:05 GMT": 5 * time.Second,
		"9999":                          9999 * time.Second,
	} {
		got, ok := parseRetryAfter(in, now)
		if !ok || got != want {
			t.Errorf("parseRetryAfter(%q) = %s, %v; want %s", in, got, ok, want)
		}
	}
	if _, ok := parseRetryAfter("soon", now); ok {
		t.Error("parseRetryAfter accepted garbage")
	}
}

// A Retry-After longer than the provider waits fails the call at once, naming the wait and its end; no
// advice to retry more, which would not help.
func TestRetryAfterTooLongFailsAtOnce(t *testing.T) {
	c, tenant := newTestClient(t)
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{RateLimitRate: 1, RetryAfter: time.Hour})
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // without the check: a wait that cannot fit
	defer cancel()
	_, err := c.listHooks(ctx)
	if !errors.Is(err, ErrWaitTooLong) || errors.Is(err, ErrRateLimited) {
		t.Fatalf("err = %v, want ErrWaitTooLong", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the call took %s", took)
	}
	until := time.Now().Add(time.Hour).UTC().Format("2006-01-02T15:")
	for _, want := range []string{"429 Too Many Requests", "wait 1h0m0s", "until " + until} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error lacks %q: %v", want, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteHooksList]; n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

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

// heldAnswer is how long the emulator holds the answers under test: the
// caller is interrupted meanwhile.
const heldAnswer = 300 * time.Millisecond

// interruptWhileHeld runs write with a context that it cancels (the
// interrupt) as soon as the emulator has received a request to route, whose
// answer it holds, and answers write's error.
func interruptWhileHeld(t *testing.T, key, route string, write func(context.Context) error) error {
	t.Helper()
	testEmulator.HoldAnswers(key, route, heldAnswer)
	ctx, interrupt := context.WithCancel(context.Background())
	defer interrupt()
	done := make(chan error, 1)
	go func() { done <- write(ctx) }()
	for deadline := time.Now().Add(10 * time.Second); testEmulator.Counters(key)[route] == 0; time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no request to %s reached the emulator", route)
		}
	}
	interrupt()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the write did not end after the interrupt")
		return nil
	}
}

// A create sent before the interrupt is waited for: its id is returned, and
// the caller learns that it was interrupted.
func TestUninterruptedCreateCompletes(t *testing.T) {
	c, tenant := newTestClient(t)
	var got CreatedSubscription
	var interrupted bool
	err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, func(ctx context.Context) (err error) {
		writeCtx, cancel := c.Uninterrupted(ctx)
		defer cancel()
		got, err = c.CreateSubscriptionOnce(writeCtx, onceRequest, claimsOf(c))
		interrupted = Interrupted(writeCtx)
		return err
	})
	if err != nil {
		t.Fatalf("CreateSubscriptionOnce: %v", err)
	}
	if got.Adopted || got.Requests != 1 || !interrupted {
		t.Errorf("got %+v, interrupted %v; want the answer of the one request, and Interrupted", got, interrupted)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, got.ID)
}

// A create whose own context is cancelled in flight still finds out what
// its request did: the lost-answer check runs with a context of its own.
func TestCancelledCreateLearnsItsOutcome(t *testing.T) {
	c, tenant := newTestClient(t)
	unrelated := seedUnrelated(t, tenant.SubscriptionKey)
	var got CreatedSubscription
	err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, func(ctx context.Context) (err error) {
		got, err = c.CreateSubscriptionOnce(ctx, onceRequest, claimsOf(c))
		return err
	})
	if err != nil {
		t.Fatalf("CreateSubscriptionOnce: %v", err)
	}
	if !got.Adopted {
		t.Errorf("got %+v, want the subscription adopted from the list", got)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, unrelated, got.ID)
}

// After the interrupt no new attempt starts: a request that fails is not
// retried, and the failure is returned.
func TestNoNewAttemptAfterInterrupt(t *testing.T) {
	uninterrupted := func(c *Client, write func(context.Context) error) func(context.Context) error {
		return func(ctx context.Context) error {
			writeCtx, cancel := c.Uninterrupted(ctx)
			defer cancel()
			return write(writeCtx)
		}
	}

	t.Run("delete answered 503", func(t *testing.T) {
		c, tenant := newTestClient(t)
		id := createOnce(t, c, onceRequest).ID
		testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, emulator.FaultServiceUnavailable, 1)
		err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, uninterrupted(c, func(ctx context.Context) error {
			return c.DeleteSubscription(ctx, id, onceRequest.EventType)
		}))
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("err = %v, want the 503", err)
		}
		if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionDelete]; n != 1 {
			t.Errorf("%d delete requests, want 1: retried after the interrupt", n)
		}
		checkSubscriptionIDs(t, tenant.SubscriptionKey, id)
	})

	// A 429 ends the call; in login mode a 401 is answered with a new login and a repeat of the call, which
	// an interrupted write does not make; after a 503 the list shows that nothing was created.
	for _, tc := range []struct {
		fault        emulator.FaultKind
		login        bool
		want         error
		logins, list int
	}{
		{emulator.FaultRateLimit, false, ErrRateLimited, 0, 1},
		{emulator.FaultUnauthorized, true, ErrInterrupted, 1, 1},
		{emulator.FaultServiceUnavailable, false, ErrInterrupted, 0, 2},
	} {
		t.Run("create answered "+string(tc.fault), func(t *testing.T) {
			c, tenant := newTestClient(t)
			if tc.login {
				c, tenant = newLoginClient(t)
			}
			unrelated := seedUnrelated(t, tenant.SubscriptionKey) // an empty list would show nothing
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, tc.fault, 1)
			var got CreatedSubscription
			create := uninterrupted(c, func(ctx context.Context) (err error) {
				got, err = c.CreateSubscriptionOnce(ctx, onceRequest, claimsOf(c))
				return err
			})
			err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, create)
			if !errors.Is(err, tc.want) || errors.Is(err, ErrOutcomeUnknown) || got.Requests != 1 {
				t.Errorf("got %+v, err = %v; want one request, then %v", got, err, tc.want)
			}
			counters := testEmulator.Counters(tenant.SubscriptionKey)
			if counters[emulator.RouteSubscriptionCreate] != 1 || counters[emulator.RouteLogin] != tc.logins ||
				counters[emulator.RouteSubscriptionList] != tc.list {
				t.Errorf("counters %v: want 1 create, %d logins (none after the interrupt) and %d lists (the baseline's, and after a 503 the lost-answer check's)",
					counters, tc.logins, tc.list)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey, unrelated)
		})
	}
}

// A create whose caller was interrupted before it sent anything sends
// nothing.
func TestInterruptedBeforeSendingCreatesNothing(t *testing.T) {
	c, tenant := newTestClient(t)
	ctx, interrupt := context.WithCancel(context.Background())
	interrupt()
	writeCtx, cancel := c.Uninterrupted(ctx)
	defer cancel()
	_, err := c.CreateSubscriptionOnce(writeCtx, onceRequest, claimsOf(c))
	if !errors.Is(err, ErrInterrupted) {
		t.Errorf("err = %v, want ErrInterrupted", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 0 {
		t.Errorf("%d create requests sent after the interrupt", n)
	}
}
