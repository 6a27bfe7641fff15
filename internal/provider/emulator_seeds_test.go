package provider

// What the acceptance tests put on the emulator outside Terraform: objects
// made by someone else, for a test to read, import or list.

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// seedSubscriptions creates subscriptions through the API and returns their
// ids in order; they are deleted when the test ends, if still there.
func seedSubscriptions(t *testing.T, tenant emulator.Tenant, reqs ...client.CreateSubscriptionRequest) []string {
	t.Helper()
	c := testClient(t, tenant)
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
			testEmulator.DeleteSubscription(tenant.SubscriptionKey, id)
		}
	})
	return ids
}

// metadataSeed is one metadata entry to write; ref is its reference id, ""
// for none.
type metadataSeed struct{ entityType, entityID, key, value, ref string }

// seedMetadata writes metadata entries through the API (PUT, as any other
// client would).
func seedMetadata(t *testing.T, tenant emulator.Tenant, entries ...metadataSeed) {
	t.Helper()
	c := testClient(t, tenant)
	for _, e := range entries {
		if _, err := c.PutMetadata(t.Context(), e.entityType, e.entityID, e.key, client.PutMetadataRequest{Value: e.value, ReferenceID: e.ref}); err != nil {
			t.Fatal(err)
		}
	}
}
