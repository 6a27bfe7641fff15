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
	"strings"
	"sync/atomic"
	"testing"
	"time"

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

	if _, err := c.DownloadDocument(context.Background(), "missing", &buf); !errors.Is(err, errNotFound) {
		t.Errorf("missing blob: err = %v, want errNotFound", err)
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
