// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

// What the acceptance tests put on the emulator outside Terraform: objects
// made by someone else, for a test to read, import or list.

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// SeedSubscriptions creates subscriptions through the API and returns their
// ids in order; they are deleted when the test ends, if still there.
func SeedSubscriptions(t *testing.T, tenant emulator.Tenant, reqs ...client.CreateSubscriptionRequest) []string {
	t.Helper()
	c := Client(t, tenant)
	ids := make([]string, 0, len(reqs))
	for _, r := range reqs {
		id, err := c.CreateSubscription(t.Context(), r)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	t.Cleanup(func() {
		for _, id := range ids {
			Emulator.DeleteSubscription(tenant.SubscriptionKey, id)
		}
	})
	return ids
}

// MetadataSeed is one metadata entry to write; ref is its reference id, ""
// for none.
type MetadataSeed struct{ EntityType, EntityID, Key, Value, Ref string }

// SeedMetadata writes metadata entries through the API (PUT, as any other
// client would).
func SeedMetadata(t *testing.T, tenant emulator.Tenant, entries ...MetadataSeed) {
	t.Helper()
	c := Client(t, tenant)
	for _, e := range entries {
		if _, err := c.PutMetadata(t.Context(), e.EntityType, e.EntityID, e.Key, client.PutMetadataRequest{Value: e.Value, ReferenceID: e.Ref}); err != nil {
			t.Fatal(err)
		}
	}
}
