// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// benchEntries is the size of the entity list the metadata benchmarks read.
const benchEntries = 10_000

// newBenchClient gives a client for a fresh emulator tenant, like
// newTestClient does for tests.
func newBenchClient(b *testing.B) (*Client, emulator.Tenant) {
	b.Helper()
	tenant := testEmulator.NewTenant()
	c, err := New(Config{
		BaseURL:         testURL,
		SubscriptionKey: tenant.SubscriptionKey,
		AccessToken:     tenant.AccessToken,
	})
	if err != nil {
		b.Fatal(err)
	}
	return c, tenant
}

// seedEntity stores n entries on one signature request of the tenant,
// directly in the emulator (no HTTP), and returns the entity id.
func seedEntity(subscriptionKey string, n int) string {
	const entityID = "req-bench"
	for i := range n {
		testEmulator.SetMetadata(subscriptionKey, EntitySignatureRequest, entityID,
			fmt.Sprintf("k-%d", i), fmt.Sprintf("value number %d", i), entityID)
	}
	return entityID
}

// entityListBody is the emulator's answer to GET
// /metadata/SignatureRequest/{id} for an entity of n entries, as raw bytes.
func entityListBody(b *testing.B, n int) []byte {
	b.Helper()
	c, tenant := newBenchClient(b)
	id := seedEntity(tenant.SubscriptionKey, n)
	req, err := http.NewRequest(http.MethodGet, c.endpoint(nil, "metadata", EntitySignatureRequest, id).String(), nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Ocp-Apim-Subscription-Key", tenant.SubscriptionKey)
	req.Header.Set("Authorization", "Bearer "+tenant.AccessToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		b.Fatalf("GET entity list: %d, %v", resp.StatusCode, err)
	}
	return body
}

// BenchmarkEntityMetadataDecode decodes a 10,000-entry entity list the way
// the client does (json.Decoder into MetadataList, then newMetadataSet) from
// the emulator's own bytes: the CPU and allocation cost of one refresh of a
// large entity, without the network.
func BenchmarkEntityMetadataDecode(b *testing.B) {
	body := entityListBody(b, benchEntries)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		var out MetadataList
		if err := json.NewDecoder(bytes.NewReader(body)).Decode(&out); err != nil {
			b.Fatal(err)
		}
		set := newMetadataSet(out.Items)
		if len(set.Items) != benchEntries {
			b.Fatalf("decoded %d entries, want %d", len(set.Items), benchEntries)
		}
	}
}

// BenchmarkEntityMetadataFind is the per-resource cost once the list is
// shared: one map lookup per metadata entry resource.
func BenchmarkEntityMetadataFind(b *testing.B) {
	items := make([]MetadataEntry, benchEntries)
	keys := make([]string, benchEntries)
	for i := range items {
		keys[i] = fmt.Sprintf("k-%d", i)
		items[i] = MetadataEntry{Key: keys[i], Value: "v", EntityID: "req-bench", EntityType: EntitySignatureRequest}
	}
	set := newMetadataSet(items)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := set.Find(keys[i%benchEntries]); !ok {
			b.Fatal("missing key")
		}
		i++
	}
}

// BenchmarkEntityMetadataRequest is one uncached read of a 10,000-entry
// entity over HTTP against the emulator (no injected latency): request,
// emulator answer, decode and index.
func BenchmarkEntityMetadataRequest(b *testing.B) {
	c, tenant := newBenchClient(b)
	id := seedEntity(tenant.SubscriptionKey, benchEntries)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		list, err := c.listEntityMetadata(ctx, EntitySignatureRequest, id)
		if err != nil {
			b.Fatal(err)
		}
		if set := newMetadataSet(list.Items); len(set.Items) != benchEntries {
			b.Fatalf("got %d entries, want %d", len(set.Items), benchEntries)
		}
	}
}

// BenchmarkEntityMetadata100Readers is one refresh as Terraform drives it:
// 100 resources of the same 1,000-entry entity read at once, each finding
// its own key. "coalesced" shares one list request, as the provider does;
// "naive" reads the list once per resource, as a peer without sharing would.
func BenchmarkEntityMetadata100Readers(b *testing.B) {
	const readers, entries = 100, 1_000
	naive := func(ctx context.Context, c *Client, id string) (*MetadataSet, error) {
		list, err := c.listEntityMetadata(ctx, EntitySignatureRequest, id)
		if err != nil {
			return nil, err
		}
		return newMetadataSet(list.Items), nil
	}
	coalesced := func(ctx context.Context, c *Client, id string) (*MetadataSet, error) {
		return c.EntityMetadata(ctx, EntitySignatureRequest, id)
	}
	for _, mode := range []struct {
		name string
		read func(context.Context, *Client, string) (*MetadataSet, error)
	}{{"coalesced", coalesced}, {"naive", naive}} {
		b.Run(mode.name, func(b *testing.B) {
			c, tenant := newBenchClient(b)
			key := tenant.SubscriptionKey
			id := seedEntity(key, entries)
			ctx := context.Background()
			cacheKey := entityCacheKey(EntitySignatureRequest, id)
			testEmulator.ResetCounters(key)
			b.ReportAllocs()
			for b.Loop() {
				c.entityMetadata.invalidate(cacheKey) // a new refresh: nothing cached
				var wg sync.WaitGroup
				for r := range readers {
					wg.Go(func() {
						set, err := mode.read(ctx, c, id)
						if err != nil {
							b.Error(err)
							return
						}
						if _, ok := set.Find(fmt.Sprintf("k-%d", r*(entries/readers))); !ok {
							b.Error("missing key")
						}
					})
				}
				wg.Wait()
			}
			b.ReportMetric(float64(testEmulator.Counters(key)["GET /metadata/{entityType}/{entityId}"])/float64(b.N), "requests/op")
		})
	}
}
