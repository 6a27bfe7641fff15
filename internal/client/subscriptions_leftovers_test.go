// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// What a plan's look for leftovers reads: the identical subscriptions (event
// type in any case, URI, description) of the baseline, which creates of this
// client do not change, read with one list request; and which of them a
// resource of this process claimed.
func TestBaselineShowsIdenticalSubscriptions(t *testing.T) {
	c, tenant := newTestClient(t)
	key := tenant.SubscriptionKey
	add := func(eventType, uri, description string) emulator.Subscription {
		t.Helper()
		s, err := testEmulator.AddSubscription(key, eventType, uri, description)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	twin := add("signatorysigned", onceRequest.URI, onceRequest.Description)
	claimed := add("SignatorySigned", onceRequest.URI, onceRequest.Description)
	add("SignatorySigned", onceRequest.URI, "another description")
	add("SignatorySigned", onceRequest.URI+"/other", onceRequest.Description)
	add("SignatureRequestCompleted", onceRequest.URI, onceRequest.Description)
	c.ClaimSubscription(claimed.ID) // as Read does for a resource in state
	created := createOnce(t, c, onceRequest).ID

	baseline, err := c.SubscriptionBaseline(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var unclaimed []string
	for _, s := range baseline.Identical(onceRequest.EventType, onceRequest.URI, onceRequest.Description) {
		if !c.SubscriptionClaimed(s.ID) {
			unclaimed = append(unclaimed, s.ID)
		}
	}
	if len(unclaimed) != 1 || unclaimed[0] != twin.ID || !c.SubscriptionClaimed(created) {
		t.Errorf("unclaimed identical subscriptions %v, want only %s (and %s, created, claimed)", unclaimed, twin.ID, created)
	}
	if n := testEmulator.Counters(key)[emulator.RouteSubscriptionList]; n != 1 {
		t.Errorf("%d list requests: the baseline is the list read once", n)
	}
}
