package client

// CachedSubscriptions answers the coalesced subscription list if one is
// cached and still current, without making a request. A create uses it as a
// cheap "before" snapshot, so that after an ambiguous POST it can tell a
// subscription it may have created from one that already existed.
func (c *Client) CachedSubscriptions() (*SubscriptionSet, bool) {
	if !c.coalesceEnabled {
		return nil, false
	}
	return c.subscriptions.peek("")
}

// peek returns the cached value of key if it belongs to the current
// generation.
func (co *coalescer[V]) peek(key string) (V, bool) {
	co.mu.Lock()
	defer co.mu.Unlock()
	if e, ok := co.entries[key]; ok && e.gen == co.gens[key] {
		return e.value, true
	}
	var zero V
	return zero, false
}
