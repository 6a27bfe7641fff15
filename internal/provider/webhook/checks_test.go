// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

// Checks shared by the webhook subscription tests.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// seedStray makes a subscription behind Terraform's back.
func seedStray(t *testing.T, key, eventType, uri, description string) emulator.Subscription {
	t.Helper()
	s, err := acctest.Emulator.AddSubscription(key, eventType, uri, description)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// onService checks that the tenant's service holds exactly the subscriptions with these URIs.
func onService(key string, uris ...string) acctest.Func {
	return func() error {
		var got []string
		for _, s := range acctest.ManagedSubscriptions(key) {
			got = append(got, s.URI)
		}
		slices.Sort(got)
		if want := slices.Sorted(slices.Values(uris)); !slices.Equal(got, want) {
			return fmt.Errorf("the service holds subscriptions to %q, want %q", got, want)
		}
		return nil
	}
}

// expectReplaced checks that the subscription in state is no longer old; why says what it means if it is.
func expectReplaced(old, why string) statecheck.StateCheck {
	return acctest.StateFunc(func(req statecheck.CheckStateRequest) error {
		if id, _ := acctest.StateID(req, webhookAddr); id == old {
			return fmt.Errorf("subscription %s is still in state: %s", old, why)
		}
		return nil
	})
}

// expectDelivered fires an event with simulate (one of the emulator's Simulate* methods) and checks that it went,
// as eventType, to one subscription, which answered 200, and reached the receiver's path as its n-th request,
// with wantHeaders. The emulator's own tests check the payload.
func expectDelivered(tenant emulator.Tenant, simulate func(string, emulator.Event) ([]emulator.Delivery, error),
	eventType, path string, n int, wantHeaders map[string]string,
) acctest.Func {
	return func() error {
		deliveries, err := simulate(tenant.SubscriptionKey, emulator.Event{})
		if err != nil {
			return err
		}
		if len(deliveries) != 1 || deliveries[0].StatusCode != 200 || deliveries[0].EventType != eventType {
			return fmt.Errorf("deliveries: %+v, want one of %s answered 200", deliveries, eventType)
		}
		all := acctest.Receiver.Requests(path)
		if len(all) != n {
			return fmt.Errorf("the receiver got %d requests on %s, want %d", len(all), path, n)
		}
		for name, want := range wantHeaders {
			if v := all[n-1].Header.Get(name); v != want {
				return fmt.Errorf("header %s: got %q, want %q", name, v, want)
			}
		}
		return nil
	}
}

// ephemeralVariable declares a string variable that Terraform keeps out of
// plan and state files, the way write-only secrets reach a configuration.
func ephemeralVariable(name string) string {
	return fmt.Sprintf(`
variable %q {
  type      = string
  sensitive = true
  ephemeral = true
}
`, name)
}
