package acctest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// WebhookReceiver is an HTTPS server that records every request it gets,
// by path; each test uses its own path.
type WebhookReceiver struct {
	server *httptest.Server
	mu     sync.Mutex
	got    map[string][]ReceivedRequest
}

// ReceivedRequest is one request the receiver got.
type ReceivedRequest struct {
	Header http.Header
	Body   []byte
}

func newWebhookReceiver() *WebhookReceiver {
	r := &WebhookReceiver{got: map[string][]ReceivedRequest{}}
	r.server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got[req.URL.Path] = append(r.got[req.URL.Path], ReceivedRequest{Header: req.Header.Clone(), Body: body})
		r.mu.Unlock()
		w.WriteHeader(http.StatusOK)
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
