package client

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// With AdoptIdenticalSubscriptions, concurrent identical creates adopt the
// leftovers (identical subscriptions that existed before and that nothing
// in this process tracks), each one once, and create the rest; a tracked
// subscription is never adopted. Without it, every call creates and names
// the leftovers.
func TestCreateOnceAdoptsEachLeftoverOnce(t *testing.T) {
	for _, adopt := range []bool{true, false} {
		t.Run(map[bool]string{true: "adopt", false: "default"}[adopt], func(t *testing.T) {
			c, tenant := newTestClient(t, func(c *Config) { c.AdoptIdenticalSubscriptions = adopt })
			other := testClient(t, tenant)
			var leftovers []string
			for range 3 {
				id, err := other.CreateSubscription(context.Background(), onceRequest)
				if err != nil {
					t.Fatal(err)
				}
				leftovers = append(leftovers, id)
			}
			tracked, err := other.CreateSubscription(context.Background(), onceRequest)
			if err != nil {
				t.Fatal(err)
			}
			c.ClaimSubscription(tracked) // as Read does for a resource in state
			testEmulator.ResetCounters(tenant.SubscriptionKey)

			const n = 5
			results := make([]CreatedSubscription, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() { results[i] = createOnce(t, c, onceRequest) })
			}
			wg.Wait()

			var adopted, ids []string
			for _, r := range results {
				ids = append(ids, r.ID)
				if r.AdoptedLeftover {
					adopted = append(adopted, r.ID)
				}
				if slices.Contains(r.Untracked, Subscription{ID: tracked}) || r.ID == tracked {
					t.Errorf("a create took or named the tracked subscription %s: %+v", tracked, r)
				}
			}
			slices.Sort(adopted)
			slices.Sort(leftovers)
			wantCreates := n
			if adopt {
				wantCreates = n - len(leftovers)
				if !slices.Equal(adopted, leftovers) {
					t.Errorf("adopted %v, want each leftover once: %v", adopted, leftovers)
				}
			} else if len(adopted) > 0 {
				t.Errorf("adopted %v without the opt-in", adopted)
			}
			if got := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; got != wantCreates {
				t.Errorf("%d create requests, want %d", got, wantCreates)
			}
			slices.Sort(ids)
			if len(slices.Compact(slices.Clone(ids))) != n {
				t.Errorf("an id was answered twice: %v", ids)
			}
			all := append([]string{tracked}, ids...)
			if !adopt {
				all = append(all, leftovers...)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey, all...)
		})
	}
}
