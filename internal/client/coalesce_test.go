// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
)

// The tests run in a synctest bubble: synctest.Wait returns once every
// other goroutine of the test is blocked, so "all readers are waiting" is
// a fact, not a sleep's hope.

func TestCoalescerSharesOneFetch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		co := newCoalescer[int]()
		var fetches atomic.Int32
		release := make(chan struct{})
		fetch := func(context.Context) (int, error) {
			fetches.Add(1)
			<-release
			return 42, nil
		}
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				if v, err := co.get(t.Context(), "k", fetch); v != 42 || err != nil {
					t.Errorf("get = %d, %v", v, err)
				}
			})
		}
		synctest.Wait() // every reader is in the flight, none has an answer
		close(release)
		wg.Wait()
		if n := fetches.Load(); n != 1 {
			t.Fatalf("100 concurrent readers caused %d fetches, want 1", n)
		}
	})
}

// A fetch that began before a write (an invalidate or an update) is neither joined nor stored after it.
func TestCoalescerWriteDuringFetch(t *testing.T) {
	for name, write := range map[string]func(*coalescer[int]){
		"invalidate": func(co *coalescer[int]) { co.invalidate("k") },
		"update":     func(co *coalescer[int]) { co.update("k", func(v int) int { return v + 10 }) },
	} {
		synctest.Test(t, func(t *testing.T) {
			co := newCoalescer[int]()
			release := make(chan struct{})
			go func() {
				_, _ = co.get(t.Context(), "k", func(context.Context) (int, error) {
					<-release
					return 1, nil // the value from before the write
				})
			}()
			synctest.Wait() // the stale fetch is running
			write(co)
			// Joining the stale fetch would block until the release: a deadlock in the bubble.
			v, err := co.get(t.Context(), "k", func(context.Context) (int, error) { return 2, nil })
			if err != nil || v != 2 {
				t.Fatalf("%s: get after the write = %d, %v; want the fresh value 2", name, v, err)
			}
			close(release)
			synctest.Wait() // the stale fetch has returned and done all it will do
			if v, _, _ := co.cached("k"); v != 2 {
				t.Fatalf("%s: the stale fetch overwrote the cache: got %d", name, v)
			}
		})
	}
}

// update applies a write to a cached value without a fetch, and leaves an empty cache empty; invalidate
// and a failed fetch leave nothing cached.
func TestCoalescerUpdate(t *testing.T) {
	ctx := context.Background()
	co := newCoalescer[int]()
	plus10 := func(v int) int { return v + 10 }
	co.update("k", plus10)
	if _, _, ok := co.cached("k"); ok {
		t.Fatal("update of an empty cache stored a value")
	}
	if _, err := co.get(ctx, "k", func(context.Context) (int, error) { return 1, nil }); err != nil {
		t.Fatal(err)
	}
	co.update("k", plus10)
	v, err := co.get(ctx, "k", func(context.Context) (int, error) {
		t.Error("get fetched again after an update")
		return 0, nil
	})
	if err != nil || v != 11 {
		t.Fatalf("get after update = %d, %v; want 11", v, err)
	}
	co.invalidate("k")
	if _, _, ok := co.cached("k"); ok {
		t.Fatal("a value a write invalidated is still cached")
	}
	if _, err := co.get(ctx, "k", func(context.Context) (int, error) { return 3, errors.New("down") }); err == nil {
		t.Fatal("the failing fetch did not fail")
	}
	if _, _, ok := co.cached("k"); ok {
		t.Fatal("a failed fetch was cached")
	}
}
