// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
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
