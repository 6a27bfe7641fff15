// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// When the answer of a create is lost and two identical subscriptions
// appeared since the client's first look (its own and another process's),
// neither is adopted and nothing is sent again: the error lists both and
// says how to import the right one.
func TestAmbiguousCreateAdoptsNothing(t *testing.T) {
	c, tenant := newTestClient(t)
	if _, err := c.Subscriptions(context.Background()); err != nil { // the baseline: empty
		t.Fatal(err)
	}
	theirs, err := testClient(t, tenant).CreateSubscription(context.Background(), onceRequest) // another process
	if err != nil {
		t.Fatal(err)
	}
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
	got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest)

	var ambiguous *AmbiguousCreateError
	if !errors.As(err, &ambiguous) || !errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("got %+v, err = %v; want an *AmbiguousCreateError that matches ErrOutcomeUnknown", got, err)
	}
	subs := testEmulator.Subscriptions(tenant.SubscriptionKey)
	if len(ambiguous.Candidates) != 2 || len(subs) != 2 {
		t.Fatalf("candidates %+v, the emulator holds %+v: want both listed", ambiguous.Candidates, subs)
	}
	for _, s := range subs {
		if !strings.Contains(err.Error(), s.ID+" (event type signatorysigned, uri "+onceRequest.URI+")") {
			t.Errorf("the error does not list %s with its event type and uri: %v", s.ID, err)
		}
	}
	wantImport := "import {\n    to = <address>\n    id = \"signatorysigned/" + ambiguous.Candidates[0].ID + "\"\n  }"
	if !strings.Contains(err.Error(), wantImport) {
		t.Errorf("the error lacks the import block %q: %v", wantImport, err)
	}
	if got.ID == theirs || got.Requests != 1 {
		t.Errorf("got %+v: want no id and one request (theirs is %s)", got, theirs)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 2 {
		t.Errorf("%d creates, want 2 (theirs and the lost one): nothing is sent again", n)
	}
}

// Two processes (two Clients) create identical subscriptions at once, and
// answers are lost: no id is ever returned to both, and every subscription
// left on the service is either returned to one of them or named in an
// error, so nothing is orphaned without a word.
func TestTwoProcessesNeverClaimTheSameSubscription(t *testing.T) {
	tenant := testEmulator.NewTenant()
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{
		CommitThenDropRate: 0.35, Seed: 11, Routes: []string{emulator.RouteSubscriptionCreate},
	})
	const perProcess = 8
	var mu sync.Mutex
	owners := map[string]int{} // id: how many calls returned it
	named := map[string]bool{} // ids an error told about
	var wg sync.WaitGroup
	for range 2 {
		c := testClient(t, tenant)
		for range perProcess {
			wg.Go(func() {
				got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest)
				mu.Lock()
				defer mu.Unlock()
				var ambiguous *AmbiguousCreateError
				switch {
				case err == nil:
					owners[got.ID]++
				case errors.As(err, &ambiguous):
					for _, s := range ambiguous.Candidates {
						named[s.ID] = true
					}
				default:
					t.Errorf("unexpected error: %v", err)
				}
			})
		}
	}
	wg.Wait()
	for id, n := range owners {
		if n > 1 {
			t.Errorf("subscription %s was returned to %d calls", id, n)
		}
	}
	for _, s := range testEmulator.Subscriptions(tenant.SubscriptionKey) {
		if owners[s.ID] == 0 && !named[s.ID] {
			t.Errorf("subscription %s is owned by no call and named by no error", s.ID)
		}
	}
	if len(owners) == 0 {
		t.Error("no create succeeded: the faults leave nothing to check")
	}
}
