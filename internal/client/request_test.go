// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// stallingServer answers 200 with a Content-Length of 100 and sends only
// sent of those bytes, then keeps the connection open: a hostile-world
// server of its own, since the emulator always finishes its answers.
func stallingServer(t *testing.T, sent string) *httptest.Server {
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(sent))
		_ = http.NewResponseController(w).Flush()
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(func() { close(done); srv.Close() })
	return srv
}

// A body that stalls, for a document as for a JSON answer, ends in an
// error within the request timeout that names the route and the limit.
func TestStalledBodyIsATimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	calls := map[string]func(*Client) error{
		"GET /storage/document/{blobConnectionId}": func(c *Client) error {
			_, err := c.DownloadDocument(context.Background(), "doc-1", io.Discard)
			return err
		},
		"GET /hooks/v1/subscription": func(c *Client) error { _, err := c.listSubscriptions(context.Background()); return err },
	}
	for _, sent := range []string{"", `{"items":[`} {
		srv := stallingServer(t, sent)
		for route, call := range calls {
			c, _ := newTestClient(t, func(c *Config) { c.BaseURL, c.RequestTimeout, c.MaxRetries = srv.URL, timeout, -1 })
			started := time.Now()
			err := call(c)
			if took := time.Since(started); took > 3*timeout {
				t.Errorf("%s after %d bytes: the error took %s", route, len(sent), took)
			}
			if err == nil || !strings.Contains(err.Error(), route) || !strings.Contains(err.Error(), "request timeout of 300ms") {
				t.Errorf("%s after %d bytes: err = %v, want a timeout naming the route and the limit", route, len(sent), err)
			}
		}
	}
}

// Headers sent on every request, and secrets scrubbed from an echoed body.
// A tiny server of its own: the emulator never echoes secrets, and this test
// needs one that does.
func TestRequestHeadersAndRedaction(t *testing.T) {
	const token, key = "tok-VERY-secret-1", "key-VERY-secret-2"
	var got http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"message":"bad token ` + token + ` for key ` + key + `"}`))
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL + "/api/", SubscriptionKey: key, AccessToken: token, UserAgent: "terraform-provider-esign/1.2.3"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.listHooks(context.Background())
	if err == nil {
		t.Fatal("expected an error")
	}
	if got.Get("Authorization") != "Bearer "+token || got.Get("Ocp-Apim-Subscription-Key") != key {
		t.Errorf("auth headers missing: %v", got)
	}
	if got.Get("User-Agent") != "terraform-provider-esign/1.2.3" {
		t.Errorf("User-Agent = %q", got.Get("User-Agent"))
	}
	if strings.Contains(err.Error(), token) || strings.Contains(err.Error(), key) {
		t.Errorf("secret in error: %v", err)
	}
	if !strings.Contains(err.Error(), Withheld) || !strings.Contains(err.Error(), "400") {
		t.Errorf("error lacks status or redaction marker: %v", err)
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
