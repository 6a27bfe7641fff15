// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// receiver is a local HTTPS endpoint that plays the subscriber: it keeps
// what the emulator delivers so the demo can show it. Once live (the demo
// kept running to explore), it prints each event as it arrives.
type receiver struct {
	server *httptest.Server
	mu     sync.Mutex
	got    []delivered
	live   atomic.Bool
}

type delivered struct {
	path    string
	headers http.Header
	body    []byte
}

func newReceiver() *receiver {
	r := &receiver{}
	r.server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(req.Body, 1<<20))
		d := delivered{path: req.URL.Path, headers: req.Header.Clone(), body: body}
		r.mu.Lock()
		r.got = append(r.got, d)
		r.mu.Unlock()
		if r.live.Load() {
			fmt.Printf("\nreceiver got an event:%s", d)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	return r
}

func (r *receiver) URL(path string) string { return r.server.URL + path }

// TrustingClient trusts the receiver's self-signed certificate only.
func (r *receiver) TrustingClient() *http.Client {
	pool := x509.NewCertPool()
	pool.AddCert(r.server.Certificate())
	return &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
	}
}

// Print shows every delivery so far.
func (r *receiver) Print() {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Printf("\nthe receiver got %d event(s):\n", len(r.got))
	for _, d := range r.got {
		fmt.Print(d)
	}
}

// String shows a delivery: path, custom headers (secret-looking values
// masked) and the payload.
func (d delivered) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n  POST %s\n", d.path)
	var names []string
	for name := range d.headers {
		lower := strings.ToLower(name)
		if strings.HasPrefix(lower, "client-") || strings.HasPrefix(lower, "x-") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		value := d.headers.Get(name)
		if strings.Contains(strings.ToLower(name), "secret") {
			value = "****** (" + fmt.Sprint(len(value)) + " characters, as configured)"
		}
		fmt.Fprintf(&b, "  %s: %s\n", name, value)
	}
	var pretty map[string]any
	if json.Unmarshal(d.body, &pretty) == nil {
		out, _ := json.MarshalIndent(pretty, "  ", "  ")
		fmt.Fprintf(&b, "  %s\n", out)
	}
	return b.String()
}

func (r *receiver) Close() { r.server.Close() }
