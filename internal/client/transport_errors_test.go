package client

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

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
		c.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
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

// A transport error can quote what the other end sent. Its text is
// redacted, and stays redacted however the error is wrapped and printed,
// while the chain below it is kept.
func TestTransportErrorTextIsRedacted(t *testing.T) {
	const token, key = "tok-TRANSPORT-secret-1", "key-TRANSPORT-secret-2"
	// Not HTTP: the client reports a malformed response and quotes it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer func() { _ = conn.Close() }()
				_, _ = http.ReadRequest(bufio.NewReader(conn))
				_, _ = fmt.Fprintf(conn, "%s %s\r\n\r\n", token, key)
			}()
		}
	}()

	c, err := New(Config{BaseURL: "http://" + l.Addr().String(), SubscriptionKey: key, AccessToken: token, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, readErr := c.ListHooks(context.Background())
	_, createErr := c.CreateSubscription(context.Background(), onceRequest)
	if !errors.Is(createErr, ErrOutcomeUnknown) {
		t.Errorf("create: err = %v, want ErrOutcomeUnknown (the request was sent)", createErr)
	}
	for name, err := range map[string]error{"read": readErr, "create": createErr} {
		if err == nil {
			t.Fatalf("%s: expected an error", name)
		}
		var wrapped *redactedError
		if !errors.As(err, &wrapped) || wrapped.Unwrap() == nil {
			t.Errorf("%s: %v: the transport error is not wrapped with its cause", name, err)
		}
		for _, text := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%q", err)} {
			if strings.Contains(text, token) || strings.Contains(text, key) {
				t.Errorf("%s: a secret is in the error text: %s", name, text)
			}
			if !strings.Contains(text, redacted) {
				t.Errorf("%s: the error text shows no redaction, so the test did not see the quoted answer: %s", name, text)
			}
		}
	}
}
