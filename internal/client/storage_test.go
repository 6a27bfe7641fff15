// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"runtime"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

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
