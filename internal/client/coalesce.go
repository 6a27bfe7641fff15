// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"
)

// coalescer shares one read per key between every caller until a write (DESIGN.md, "One list read per
// refresh"). A write bumps the key's generation, so a fetch begun before it is neither joined nor stored.
type coalescer[V any] struct {
	mu     sync.Mutex
	keys   map[string]coalescedKey[V]
	flight singleflight.Group
}

// coalescedKey is a key's generation, and its value if one of that generation is cached.
type coalescedKey[V any] struct {
	gen    uint64
	value  V
	cached bool
}

func newCoalescer[V any]() *coalescer[V] { return &coalescer[V]{keys: map[string]coalescedKey[V]{}} }

func (co *coalescer[V]) get(ctx context.Context, key string, fetch func(context.Context) (V, error)) (V, error) {
	v, gen, ok := co.cached(key)
	if ok {
		return v, nil
	}
	shared, err, _ := co.flight.Do(key+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		// A flight of this generation may have stored its value (or update a newer one) since the look-up.
		if v, _, ok := co.cached(key); ok {
			return v, nil
		}
		// Shared: it must not die with the first caller's context.
		v, err := fetch(context.WithoutCancel(ctx))
		if err != nil {
			return v, err
		}
		co.mu.Lock()
		if co.keys[key].gen == gen {
			co.keys[key] = coalescedKey[V]{
				gen:    gen,
				value:  v,
				cached: true,
			}
		}
		co.mu.Unlock()
		return v, nil
	})
	return shared.(V), err // every path of the flight returns a V
}

func (co *coalescer[V]) cached(key string) (V, uint64, bool) {
	co.mu.Lock()
	defer co.mu.Unlock()
	k := co.keys[key]
	return k.value, k.gen, k.cached
}

// update applies a write to the cached value without a request (a nil apply drops it); apply returns a new
// value, since callers may still hold the old one.
func (co *coalescer[V]) update(key string, apply func(V) V) {
	co.mu.Lock()
	defer co.mu.Unlock()
	k := co.keys[key]
	next := coalescedKey[V]{gen: k.gen + 1}
	if k.cached && apply != nil {
		next.value = apply(k.value)
		next.cached = true
	}
	co.keys[key] = next
}

func (co *coalescer[V]) invalidate(key string) { co.update(key, nil) }
