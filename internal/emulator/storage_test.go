// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"crypto/sha256"
	"io"
	"net/http"
	"runtime"
	"testing"
)

func TestStorage(t *testing.T) {
	data := []byte("%PDF-1.7 signed\x00\xff")
	f := newFixture(t, Options{})
	f.e.PutDocument(f.tenant.SubscriptionKey, "blob/1", data)
	resp, body, err := f.send("GET", "/storage/document/blob%2F1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !bytes.Equal(body, data) ||
		resp.Header.Get("Content-Type") != "application/octet-stream" || resp.ContentLength != int64(len(data)) {
		t.Errorf("download: %d %q %q %d", resp.StatusCode, body, resp.Header.Get("Content-Type"), resp.ContentLength)
	}
	f.do("GET", "/storage/document/nope", nil, http.StatusNotFound)

	// Admin upload of a raw body.
	f.do("PUT", "/_emulator/documents/raw?tenant="+f.tenant.SubscriptionKey, "raw bytes", http.StatusOK, withoutAuth())
	if got := f.do("GET", "/storage/document/raw", nil, http.StatusOK); string(got) != "raw bytes" {
		t.Errorf("raw: %q", got)
	}

	// A large synthetic document downloads with its length and digest, and neither side holds it in memory.
	const size = 96<<20 + 12345
	f.do("PUT", "/_emulator/documents/big?synthetic_size=96000000&tenant="+f.tenant.SubscriptionKey, nil, http.StatusOK, withoutAuth())
	f.e.PutSyntheticDocument(f.tenant.SubscriptionKey, "big", size)

	want := sha256.New()
	if n, _ := io.Copy(want, SyntheticDocument("big", size)); n != size {
		t.Fatalf("SyntheticDocument gave %d bytes", n)
	}

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	req, _ := http.NewRequest("GET", f.url+"/storage/document/big", nil)
	req.Header.Set(headerSubscriptionKey, f.tenant.SubscriptionKey)
	req.Header.Set(headerAuthorization, "Bearer "+f.tenant.AccessToken)
	stream, err := f.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = stream.Body.Close() }()
	got := sha256.New()
	n, err := io.Copy(got, stream.Body)
	runtime.ReadMemStats(&after)
	if err != nil || n != size || stream.ContentLength != size {
		t.Fatalf("downloaded %d bytes (Content-Length %d), err %v; want %d", n, stream.ContentLength, err, size)
	}
	if !bytes.Equal(got.Sum(nil), want.Sum(nil)) {
		t.Error("digest differs from SyntheticDocument")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size/8 {
		t.Errorf("download allocated %d bytes: not streamed", alloc)
	}

	// Blocks are stamped: another id or a shifted block changes the bytes.
	a, _ := io.ReadAll(SyntheticDocument("x", 3*syntheticBlock))
	b, _ := io.ReadAll(SyntheticDocument("y", 3*syntheticBlock))
	if bytes.Equal(a, b) || bytes.Equal(a[:syntheticBlock], a[syntheticBlock:2*syntheticBlock]) {
		t.Error("synthetic bytes do not depend on id and block")
	}
}
