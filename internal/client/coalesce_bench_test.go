// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"sync"
	"testing"
)

// BenchmarkCoalescer100Readers measures one cold read shared by 100
// concurrent readers: the key is invalidated, 100 goroutines call get at
// once and exactly one of them runs the (instant) fetch. It is the
// coalescer's own overhead per refresh of one list, without the network.
func BenchmarkCoalescer100Readers(b *testing.B) {
	const readers = 100
	co := newCoalescer[*MetadataSet]()
	value := newMetadataSet([]MetadataEntry{{Key: "k"}})
	fetch := func(context.Context) (*MetadataSet, error) { return value, nil }
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		co.invalidate("k")
		var wg sync.WaitGroup
		for range readers {
			wg.Go(func() {
				if v, err := co.get(ctx, "k", fetch); err != nil || v != value {
					b.Error("wrong value")
				}
			})
		}
		wg.Wait()
	}
}

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

// BenchmarkCoalescerManyKeys is a refresh touching many entities at once:
// 100 readers spread over 20 keys, all invalidated first (20 fetches).
func BenchmarkCoalescerManyKeys(b *testing.B) {
	const readers, keys = 100, 20
	co := newCoalescer[int]()
	names := make([]string, keys)
	for i := range names {
		names[i] = entityCacheKey(EntitySignatureRequest, "req-"+string(rune('a'+i)))
	}
	fetch := func(context.Context) (int, error) { return 1, nil }
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		for _, k := range names {
			co.invalidate(k)
		}
		var wg sync.WaitGroup
		for r := range readers {
			wg.Go(func() {
				if _, err := co.get(ctx, names[r%keys], fetch); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
}
