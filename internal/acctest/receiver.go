// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

import (
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// WebhookReceiver is an HTTPS server that records every request it gets,
// by path; each test uses its own path.
type WebhookReceiver struct {
	server *httptest.Server
	mu     sync.Mutex
	got    map[string][]ReceivedRequest
	answer map[string]Answer // by path; 200 and no body otherwise
}

// Answer is what the receiver answers on a path (Respond).
type Answer struct {
	Status int
	Header http.Header
	Body   string
	Delay  time.Duration // before the answer, unless the client gives up
	Reason string        // a reason phrase of the receiver's own, written raw (a hostile receiver's words)
}

// ReceivedRequest is one request the receiver got.
type ReceivedRequest struct {
	Header http.Header
	Body   []byte
}

func newWebhookReceiver() *WebhookReceiver {
	r := &WebhookReceiver{got: map[string][]ReceivedRequest{}, answer: map[string]Answer{}}
	r.server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got[req.URL.Path] = append(r.got[req.URL.Path], ReceivedRequest{Header: req.Header.Clone(), Body: body})
		a, ok := r.answer[req.URL.Path]
		r.mu.Unlock()
		if !ok {
			a.Status = http.StatusOK
		}
		select {
		case <-time.After(a.Delay):
		case <-req.Context().Done():
		}
		if a.Reason != "" { // Go's server writes only the standard reason phrase
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				_, _ = fmt.Fprintf(conn, "HTTP/1.1 %d %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", a.Status, a.Reason, len(a.Body), a.Body)
				_ = conn.Close()
			}
			return
		}
		for name, values := range a.Header {
			w.Header()[name] = values
		}
		w.WriteHeader(a.Status)
		_, _ = io.WriteString(w, a.Body)
	}))
	return r
}

// URL of a path on the receiver, e.g. https://127.0.0.1:4711/test-x.
func (r *WebhookReceiver) URL(path string) string {
	return r.server.URL + "/" + strings.TrimPrefix(path, "/")
}

// Requests received on path so far.
func (r *WebhookReceiver) Requests(path string) []ReceivedRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]ReceivedRequest(nil), r.got["/"+strings.TrimPrefix(path, "/")]...)
}

// TrustingClient is an HTTP client that trusts the receiver's certificate
// (and nothing else), for the emulator's deliveries.
func (r *WebhookReceiver) TrustingClient() *http.Client {
	c := r.server.Client()
	c.Timeout = 10 * time.Second
	return c
}

// Close stops the receiver.
func (r *WebhookReceiver) Close() { r.server.Close() }

// Respond makes the receiver answer a on path (it still records the requests).
func (r *WebhookReceiver) Respond(path string, a Answer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.answer["/"+strings.TrimPrefix(path, "/")] = a
}

// StartReceiver starts another receiver, stopped at the test's end: another
// origin on loopback (its own port), trusted like Receiver.
func StartReceiver(t *testing.T) *WebhookReceiver {
	r := newWebhookReceiver()
	t.Cleanup(r.Close)
	return r
}

// trustReceivers makes this process and the processes it starts (terraform,
// the provider) trust the receivers' certificate as if a public authority
// had signed it, for the provider's own requests to a receiver (a webhook
// test event): Go reads SSL_CERT_FILE once per process, at the first
// certificate check, so Main sets it before any test runs. Every httptest
// TLS server has the same certificate (for 127.0.0.1, ::1 and example.com,
// not "localhost"). It answers a function that removes the file.
func trustReceivers(r *WebhookReceiver) (func(), error) {
	f, err := os.CreateTemp("", "esign-receiver-*.pem")
	if err != nil {
		return nil, err
	}
	err = pem.Encode(f, &pem.Block{Type: "CERTIFICATE", Bytes: r.server.Certificate().Raw})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Setenv("SSL_CERT_FILE", f.Name())
	}
	return func() { _ = os.Remove(f.Name()) }, err
}
