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

// A fetch that began before a write must not be served after it.
func TestCoalescerInvalidateDuringFetch(t *testing.T) {
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
		co.invalidate("k")
		close(release)
		v, err := co.get(t.Context(), "k", func(context.Context) (int, error) { return 2, nil })
		if err != nil || v != 2 {
			t.Fatalf("get after invalidate = %d, %v; want the fresh value 2", v, err)
		}
		synctest.Wait() // the stale fetch has returned and done all it will do
		if v, _ := co.get(t.Context(), "k", func(context.Context) (int, error) { return 3, nil }); v != 2 {
			t.Fatalf("the stale fetch overwrote the cache: got %d", v)
		}
	})
}

// peek returns the cached value of key, if any, without fetching: what the
// tests see of the cache.
func (co *coalescer[V]) peek(key string) (V, bool) {
	co.mu.Lock()
	defer co.mu.Unlock()
	if e, ok := co.entries[key]; ok && e.gen == co.gens[key] {
		return e.value, true
	}
	var zero V
	return zero, false
}

// peek sees only what a get stored and no write invalidated since.
func TestCoalescerPeek(t *testing.T) {
	co := newCoalescer[int]()
	if _, ok := co.peek("k"); ok {
		t.Fatal("peek of an empty cache found a value")
	}
	fetch := func(context.Context) (int, error) { return 7, nil }
	if _, err := co.get(context.Background(), "k", fetch); err != nil {
		t.Fatal(err)
	}
	if v, ok := co.peek("k"); !ok || v != 7 {
		t.Fatalf("peek after get = %d, %v; want 7, true", v, ok)
	}
	co.invalidate("k")
	if _, ok := co.peek("k"); ok {
		t.Fatal("peek found a value a write invalidated")
	}
	if _, err := co.get(context.Background(), "k", func(context.Context) (int, error) { return 0, errors.New("down") }); err == nil {
		t.Fatal("the failing fetch did not fail")
	}
	if _, ok := co.peek("k"); ok {
		t.Fatal("peek found a value after a failed fetch")
	}
}

// update applies a write to a cached value without a fetch; it leaves an
// empty cache empty, and, like invalidate, keeps a fetch that began before
// the write from being stored.
func TestCoalescerUpdate(t *testing.T) {
	ctx := context.Background()
	co := newCoalescer[int]()
	plus10 := func(v int) int { return v + 10 }
	co.update("k", plus10)
	if _, ok := co.peek("k"); ok {
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

	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		co.invalidate("k")
		go func() {
			_, _ = co.get(ctx, "k", func(context.Context) (int, error) {
				<-release
				return 1, nil // from before the write
			})
		}()
		synctest.Wait() // the fetch from before the write is running
		co.update("k", plus10)
		close(release)
		synctest.Wait() // the stale fetch has returned and done all it will do
		if v, ok := co.peek("k"); ok {
			t.Fatalf("the fetch from before the write was stored: %d", v)
		}
	})
}
