// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestMetadataPutAndList(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)
	const request = "req-1"

	// Entity types in any case reach the same entity.
	entry, err := c.PutMetadata(ctx, "signaturerequest", request, "owner", PutMetadataRequest{Value: "alice", ReferenceID: request})
	if err != nil {
		t.Fatal(err)
	}
	if *entry != (MetadataEntry{Key: "owner", Value: "alice", EntityID: request, EntityType: EntitySignatureRequest}) {
		t.Errorf("put answered %+v", *entry)
	}
	// Upsert: a second PUT replaces the value.
	if _, err := c.PutMetadata(ctx, EntitySignatureRequest, request, "owner", PutMetadataRequest{Value: "bob", ReferenceID: request}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PutMetadata(ctx, "Signatory", "sig-1", "role", PutMetadataRequest{Value: "approver", ReferenceID: request}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PutMetadata(ctx, "Document", "doc-1", "class", PutMetadataRequest{Value: "secret", ReferenceID: request}); err != nil {
		t.Fatal(err)
	}

	set, err := c.EntityMetadata(ctx, "SIGNATUREREQUEST", request)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Items) != 1 || set.Items[0].Value != "bob" {
		t.Errorf("entity list = %+v", set.Items)
	}

	byRef, err := c.ListReferenceMetadata(ctx, request)
	if err != nil {
		t.Fatal(err)
	}
	if byRef.Total != 3 || len(byRef.Items) != 3 {
		t.Errorf("reference list = %+v, want the request's, signatory's and document's entries", byRef)
	}

	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteMetadataPut] != 4 || counters[emulator.RouteMetadataReferenceList] != 1 {
		t.Errorf("counters = %v", counters)
	}
}

// Ids and keys are path-escaped: slashes, percent signs, spaces and non-ASCII characters stay inside their
// segment, "." and ".." are no steps up the path, and each comes back unchanged.
func TestMetadataUnusualCharactersRoundTrip(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestClient(t)
	unusual := map[string]string{"folder/sub dir/100%?x=1#frag": "schlüssel ünd %2F spaces", ".": ".", "..": ".."}
	for id, key := range unusual {
		if _, err := c.PutMetadata(ctx, "Document", id, key, PutMetadataRequest{Value: "v/1", ReferenceID: "r"}); err != nil {
			t.Fatalf("put %q: %v", id, err)
		}
		set, err := c.EntityMetadata(ctx, "Document", id)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := set.Find(key); !ok || len(set.Items) != 1 || got.EntityID != id || got.Value != "v/1" {
			t.Fatalf("entry not found by its exact key/id %q/%q: %+v", id, key, set.Items)
		}
	}
}

// Writes keep the entity's list current without reading it again (the list is read once, in any case of
// the entity type); a write that failed (it may or may not have been carried out) makes the next read go
// to the service.
func TestPutMetadataUpdatesTheCoalescedList(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = -1 })
	put := func(key, value string) error {
		_, err := c.PutMetadata(ctx, "Signatory", "s", key, PutMetadataRequest{Value: value})
		return err
	}
	if err := put("a", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.EntityMetadata(ctx, "Signatory", "s"); err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{{"a", "2"}, {"b", "3"}, {"c", "4"}} {
		if err := put(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	set, err := c.EntityMetadata(ctx, "signatory", "s")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range set.Items {
		got = append(got, e.Key+"="+e.Value+"/"+e.EntityType+"/"+e.EntityID)
	}
	if want := "a=2/Signatory/s b=3/Signatory/s c=4/Signatory/s"; strings.Join(got, " ") != want {
		t.Errorf("the list after the writes is %v, want %s", got, want)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteMetadataEntityList]; n != 1 {
		t.Errorf("%d list requests, want 1", n)
	}

	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteMetadataPut, emulator.FaultDrop, 1)
	if err := put("d", "5"); err == nil {
		t.Fatal("the dropped PUT succeeded")
	}
	if _, err := c.EntityMetadata(ctx, "Signatory", "s"); err != nil {
		t.Fatal(err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteMetadataEntityList]; n != 2 {
		t.Errorf("%d list requests, want a second one after the failed PUT", n)
	}
}
