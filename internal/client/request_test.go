// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"

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
