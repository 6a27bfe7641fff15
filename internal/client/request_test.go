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
		"GET /hooks/v1/subscription": func(c *Client) error { _, err := c.ListSubscriptions(context.Background()); return err },
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
