package client

import (
	"context"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"
)

// coalescer caches one decoded read per key and shares it between every
// caller until a write invalidates the key (or updates it, see update). Terraform refreshes many
// resources at once; with a coalescer one list request serves all of them
// (DESIGN.md, "One list read per refresh").
//
// Each key has a generation. A write bumps it, so a fetch that started
// before the write is neither joined by later readers nor stored: a read
// after a write always sees the write.
type coalescer[V any] struct {
	mu      sync.Mutex
	entries map[string]coalescedEntry[V]
	gens    map[string]uint64
	flight  singleflight.Group
}

type coalescedEntry[V any] struct {
	value V
	gen   uint64
}

func newCoalescer[V any]() *coalescer[V] {
	return &coalescer[V]{entries: map[string]coalescedEntry[V]{}, gens: map[string]uint64{}}
}

// get returns the cached value of key, or runs fetch once for all
// concurrent callers of the same generation.
func (co *coalescer[V]) get(ctx context.Context, key string, fetch func(context.Context) (V, error)) (V, error) {
	co.mu.Lock()
	gen := co.gens[key]
	if e, ok := co.entries[key]; ok && e.gen == gen {
		co.mu.Unlock()
		return e.value, nil
	}
	co.mu.Unlock()

	v, err, _ := co.flight.Do(key+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		// A flight of this generation may have finished between the
		// look-up above and this call: its result is already stored, or
		// by now a newer value with a write applied (see update). Either
		// is current.
		co.mu.Lock()
		if e, ok := co.entries[key]; ok && e.gen == co.gens[key] {
			co.mu.Unlock()
			return e.value, nil
		}
		co.mu.Unlock()
		// The fetch is shared: it must not die with the first caller's
		// context while others still wait, yet it keeps its values.
		v, err := fetch(context.WithoutCancel(ctx))
		if err != nil {
			return v, err
		}
		co.mu.Lock()
		if co.gens[key] == gen {
			co.entries[key] = coalescedEntry[V]{value: v, gen: gen}
		}
		co.mu.Unlock()
		return v, nil
	})
	if err != nil {
		var zero V
		return zero, err
	}
	return v.(V), nil
}

// update applies a write that succeeded to the cached value of key, if
// there is one, instead of forgetting it: the next get sees the write
// without a request. A fetch that started before the write is not stored,
// as with invalidate. apply must return a new value, not change the old
// one (callers may still hold it).
func (co *coalescer[V]) update(key string, apply func(V) V) {
	co.mu.Lock()
	defer co.mu.Unlock()
	e, cached := co.entries[key]
	fresh := cached && e.gen == co.gens[key]
	co.gens[key]++
	if !fresh {
		delete(co.entries, key)
		return
	}
	co.entries[key] = coalescedEntry[V]{value: apply(e.value), gen: co.gens[key]}
}

// invalidate forgets key; the next get fetches again.
func (co *coalescer[V]) invalidate(key string) {
	co.mu.Lock()
	co.gens[key]++
	delete(co.entries, key)
	co.mu.Unlock()
}
