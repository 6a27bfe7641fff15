// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestSubscriptionLifecycle(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)

	id, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{
		Description: "completed", URI: "https://hooks.example.com/a", EventType: "SignatureRequestCompleted",
		Headers: map[string]string{"client-secret": "s3cr3t-header-value"},
	})
	if err != nil {
		t.Fatal(err)
	}

	list, err := c.listSubscriptions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := Subscription{ID: id, EventType: "signaturerequestcompleted", URI: "https://hooks.example.com/a", Description: "completed"}
	if len(list.Items) != 1 || list.Items[0] != want {
		t.Fatalf("list = %+v, want [%+v] (event type lower-case)", list.Items, want)
	}

	// The query name and value are matched without regard to case.
	got, err := c.GetSubscription(ctx, id, "SIGNATUREREQUESTCOMPLETED")
	if err != nil {
		t.Fatal(err)
	}
	if *got != want {
		t.Errorf("get = %+v, want %+v", *got, want)
	}
	if _, err := c.GetSubscription(ctx, id, "signatorysigned"); !errors.Is(err, errNotFound) {
		t.Errorf("get with another event type: err = %v, want errNotFound", err)
	}

	// 202 Accepted is success; a second delete is a 404.
	if err := c.DeleteSubscription(ctx, id, "SignatureRequestCompleted"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if err := c.DeleteSubscription(ctx, id, "signaturerequestcompleted"); !errors.Is(err, errNotFound) {
		t.Errorf("second delete: err = %v, want errNotFound", err)
	}
	if _, err := c.GetSubscription(ctx, id, "signaturerequestcompleted"); !IsNotFound(err) {
		t.Errorf("get after delete: err = %v, want errNotFound", err)
	}
	_, err = c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "nosuchevent"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 {
		t.Errorf("an unsupported event type: err = %v, want a 400 APIError", err)
	}
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteSubscriptionDelete] != 2 || counters[emulator.RouteSubscriptionCreate] != 2 {
		t.Errorf("counters = %v", counters)
	}
}

func TestListHooksLowerCase(t *testing.T) {
	c, _ := newTestClient(t)
	hooks, err := c.listHooks(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 2 || hooks[0].EventType != "signaturerequestcompleted" || hooks[1].EventType != "signatorysigned" {
		t.Fatalf("hooks = %+v", hooks)
	}
	if len(hooks[1].PayloadSchema) == 0 || hooks[0].Description == "" {
		t.Errorf("hook without schema or description: %+v", hooks)
	}
}

func TestSubscriptionsCoalescedAndInvalidated(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)
	for i := 0; i < 3; i++ {
		if _, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"}); err != nil {
			t.Fatal(err)
		}
	}
	testEmulator.ResetCounters(tenant.SubscriptionKey)
	for i := 0; i < 5; i++ {
		set, err := c.Subscriptions(ctx)
		if err != nil || len(set.Items) != 3 {
			t.Fatalf("Subscriptions = %v, %v", set, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionList]; n != 1 {
		t.Fatalf("5 reads made %d list requests, want 1", n)
	}

	// A write invalidates: the next read sees it.
	id, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://y.example.com", EventType: "signatorysigned"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := c.Subscriptions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := set.Find(id); !ok || len(set.Items) != 4 {
		t.Fatalf("the read after the create does not see it: %+v", set.Items)
	}
	if err := c.DeleteSubscription(ctx, id, "signatorysigned"); err != nil {
		t.Fatal(err)
	}
	if set, _ := c.Subscriptions(ctx); len(set.Items) != 3 {
		t.Fatalf("the read after the delete still sees it: %+v", set.Items)
	}
}

// An answer about another subscription is an error, never that
// subscription's data; the same GUID in other letters is the same one. The
// server answering so is a hostile-world server of its own.
func TestGetSubscriptionOfAnotherID(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","eventType":"signatorysigned","uri":"https://x.example.com"}`))
	}))
	defer srv.Close()
	c, _ := newTestClient(t, func(c *Config) { c.BaseURL = srv.URL })
	if _, err := c.GetSubscription(context.Background(), "0f8fad5b-d9cb-469f-a165-70867728950e", "SignatorySigned"); err != nil {
		t.Errorf("the same id in capitals: %v", err)
	}
	_, err := c.GetSubscription(context.Background(), "7c9e6679-7425-40de-944b-e07fc1f90ae7", "SignatorySigned")
	if !errors.Is(err, ErrMalformedAnswer) || !strings.Contains(err.Error(), `describes the subscription "0F8FAD5B`) {
		t.Errorf("err = %v, want a malformed answer naming the other subscription", err)
	}
}
