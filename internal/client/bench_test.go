// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// BenchmarkCoalescerHit is the warm path every resource read after the
// first one takes: a cached entry under the coalescer's lock, read from as
// many goroutines as RunParallel gives (100 per GOMAXPROCS).
func BenchmarkCoalescerHit(b *testing.B) {
	co := newCoalescer[int]()
	ctx := context.Background()
	if _, err := co.get(ctx, "k", func(context.Context) (int, error) { return 1, nil }); err != nil {
		b.Fatal(err)
	}
	b.SetParallelism(100)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if v, err := co.get(ctx, "k", func(context.Context) (int, error) { return 0, nil }); err != nil || v != 1 {
				b.Error("cache miss")
			}
		}
	})
}

// BenchmarkEntityMetadata100Readers is one refresh as Terraform drives it:
// 100 resources of the same 1,000-entry entity read at once, each finding
// its own key. "coalesced" shares one list request, as the provider does;
// "naive" reads the list once per resource, as a peer without sharing would.
// Each op is a request, the emulator's answer, a decode and an index.
func BenchmarkEntityMetadata100Readers(b *testing.B) {
	const readers, entries, entityID = 100, 1_000, "req-bench"
	const route = "GET /metadata/{entityType}/{entityId}"
	naive := func(ctx context.Context, c *Client) (*MetadataSet, error) {
		list, err := c.listMetadata(ctx, route, EntitySignatureRequest, entityID)
		if err != nil {
			return nil, err
		}
		return newMetadataSet(list.Items), nil
	}
	coalesced := func(ctx context.Context, c *Client) (*MetadataSet, error) {
		return c.EntityMetadata(ctx, EntitySignatureRequest, entityID)
	}
	for _, mode := range []struct {
		name string
		read func(context.Context, *Client) (*MetadataSet, error)
	}{{"coalesced", coalesced}, {"naive", naive}} {
		b.Run(mode.name, func(b *testing.B) {
			c, tenant := newTestClient(b)
			key := tenant.SubscriptionKey
			for i := range entries {
				testEmulator.SetMetadata(key, EntitySignatureRequest, entityID, fmt.Sprint("k-", i), fmt.Sprint("value ", i),
					entityID)
			}
			ctx := context.Background()
			testEmulator.ResetCounters(key)
			b.ReportAllocs()
			for b.Loop() {
				c.entityMetadata.invalidate(entityCacheKey(EntitySignatureRequest, entityID)) // a new refresh
				var wg sync.WaitGroup
				for r := range readers {
					wg.Go(func() {
						set, err := mode.read(ctx, c)
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
			b.ReportMetric(float64(testEmulator.Counters(key)[emulator.RouteMetadataEntityList])/float64(b.N), "requests/op")
		})
	}
}
