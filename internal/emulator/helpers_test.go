// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// fixture is one emulator served over real HTTP with a fresh tenant.
type fixture struct {
	t      *testing.T
	e      *Emulator
	url    string
	tenant Tenant
	client *http.Client
}

func newFixture(t *testing.T, opts Options) *fixture {
	t.Helper()
	e, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return startFixture(t, e)
}

// startFixture serves e, which a test may have changed since New (its clock, say), over real HTTP with a
// fresh tenant.
func startFixture(t *testing.T, e *Emulator) *fixture {
	t.Helper()
	base, err := e.Start("127.0.0.1:0")
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = e.Close() })
	// No keep-alives: a dropped connection must surface as an error, not be retried silently on a fresh
	// connection by the transport.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	return &fixture{t: t, e: e, url: base, tenant: e.NewTenant(), client: client}
}

type reqOpt func(*http.Request)

func withoutAuth() reqOpt {
	return func(r *http.Request) {
		r.Header.Del(headerSubscriptionKey)
		r.Header.Del(headerAuthorization)
	}
}

func withHeader(k, v string) reqOpt { return func(r *http.Request) { r.Header.Set(k, v) } }

func withTenant(t Tenant) reqOpt {
	return func(r *http.Request) {
		r.Header.Set(headerSubscriptionKey, t.SubscriptionKey)
		r.Header.Set(headerAuthorization, "Bearer "+t.AccessToken)
	}
}

// answer is what a test looks at in a response, read in full and closed.
type answer struct {
	StatusCode    int
	Header        http.Header
	ContentLength int64
}

// send issues a request with the fixture tenant's credentials; body may be nil, a string (raw) or a value
// encoded as JSON.
func (f *fixture) send(method, path string, body any, opts ...reqOpt) (*answer, []byte, error) {
	f.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			f.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, f.url+path, rd)
	if err != nil {
		f.t.Fatal(err)
	}
	withTenant(f.tenant)(req)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, o := range opts {
		o(req)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(resp.Body)
	if cerr := resp.Body.Close(); err == nil {
		err = cerr
	}
	return &answer{StatusCode: resp.StatusCode, Header: resp.Header, ContentLength: resp.ContentLength}, data, err
}

// do is send that fails the test on a transport error and checks the status.
func (f *fixture) do(method, path string, body any, wantStatus int, opts ...reqOpt) []byte {
	f.t.Helper()
	resp, data, err := f.send(method, path, body, opts...)
	if err != nil {
		f.t.Fatalf("%s %s: %v", method, path, err)
	}
	if resp.StatusCode != wantStatus {
		f.t.Fatalf("%s %s: status %d, want %d; body %s", method, path, resp.StatusCode, wantStatus, data)
	}
	return data
}

func decode[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

func (f *fixture) createSubscription(eventType, uri string, headers map[string]string) string {
	f.t.Helper()
	data := f.do("POST", "/hooks/v1/subscription", map[string]any{
		"Description": "test", "Uri": uri, "EventType": eventType, "Headers": headers,
	}, http.StatusOK)
	return decode[createSubscriptionResponse](f.t, data).ID
}
