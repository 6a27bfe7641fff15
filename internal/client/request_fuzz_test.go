// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// roundTripFunc answers requests without a network.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// fuzzClient answers every request with status and body, whatever they
// are, and header as its Retry-After and Location.
func fuzzClient(t *testing.T, status int, body []byte, header string) *Client {
	c, err := New(Config{
		BaseURL: "https://esign.invalid", SubscriptionKey: "fuzz-key", AccessToken: "fuzz-token", MaxRetries: -1,
		httpClient: &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			h := http.Header{}
			h.Set("Retry-After", header)
			h.Set("Location", header)
			return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: -1, Request: r}, nil
		})},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// FuzzDecodeResponses feeds arbitrary answers to every read: the client
// must return a value or an error, never panic, and never put a secret in
// an error.
func FuzzDecodeResponses(f *testing.F) {
	f.Add(200, []byte(`{"items":[{"id":"1","eventType":"SignatorySigned","uri":"https://x","description":"d"}]}`), "")
	f.Add(200, []byte(`{"total":1,"items":[{"key":"k","value":"v","entityId":"e","entityType":"Document"}]}`), "")
	f.Add(200, []byte(`[{"eventType":"signatorysigned","description":"d","payloadSchema":{"EventType":"string"}}]`), "")
	f.Add(404, []byte(`{"statusCode":404,"message":"not found"}`), "")
	f.Add(429, []byte(`{"statusCode":429}`), "3")
	// Answers that quote the secrets: the leak check below must see them.
	f.Add(401, []byte(`bad fuzz-token for fuzz-key`), "")
	f.Add(200, []byte(`{"items":[{"id":"fuzz-token","eventType":"x"},{"id":"fuzz-token","eventType":"x"}]}`), "")
	f.Add(200, []byte(`{"items":[{"id":"fuzz-key"}],"total":1}`), "")
	f.Add(302, []byte(``), "https://fuzz-key@elsewhere.example/fuzz-token")
	f.Add(300, []byte(``), "https://%zz/fuzz-token") // a Location that does not parse (net/http refuses it for 301-308)
	f.Add(200, []byte(`{"items":null}`), "")
	f.Add(200, []byte(`{"items":[null,{"id":7}]}`), "")
	f.Add(500, []byte("\xff\xfe not utf-8"), "Sat, 21 Nov 2026 12:00:05 GMT")
	f.Fuzz(func(t *testing.T, status int, body []byte, retryAfter string) {
		if status < 200 || status > 599 {
			// 1xx are not final answers: the transport's business. (A
			// 401 is decoded like any error answer: the client has a
			// static token, so it does not log in.)
			return
		}
		c := fuzzClient(t, status, body, retryAfter)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		var errs []error
		_, err := c.listSubscriptions(ctx)
		errs = append(errs, err)
		set, err := c.Subscriptions(ctx)
		if err == nil {
			for _, s := range set.Items {
				set.Find(s.ID)
			}
		}
		errs = append(errs, err)
		_, err = c.listHooks(ctx)
		errs = append(errs, err)
		m, err := c.EntityMetadata(ctx, "Document", "d")
		if err == nil {
			for _, e := range m.Items {
				m.Find(e.Key)
			}
		}
		errs = append(errs, err)
		_, err = c.ListReferenceMetadata(ctx, "r")
		errs = append(errs, err)
		_, err = c.GetSubscription(ctx, "id", "signatorysigned")
		errs = append(errs, err)
		_, err = c.DownloadDocument(ctx, "b", io.Discard)
		errs = append(errs, err)
		for _, err := range errs {
			if err == nil {
				continue
			}
			if strings.Contains(err.Error(), "fuzz-token") || strings.Contains(err.Error(), "fuzz-key") {
				t.Fatalf("secret in error: %v", err)
			}
			if status >= 200 && status < 300 && strings.Contains(err.Error(), "context canceled") {
				t.Fatalf("a %d answer reported as a cancellation: %v", status, err)
			}
			if status >= 200 && status < 300 && errors.Is(err, errGone) {
				t.Fatalf("a %d answer reported as not found: %v", status, err)
			}
		}
	})
}

func FuzzParseRetryAfter(f *testing.F) {
	for _, s := range []string{"", "0", "3", "-1", "99999999999999999999", "Sat, 21 Nov 2026 12:00:05 GMT", "soon"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		d, ok := parseRetryAfter(v, now)
		if ok && d < 0 {
			t.Fatalf("parseRetryAfter(%q) = %s, below 0", v, d)
		}
	})
}
