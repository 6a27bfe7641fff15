package client

import (
	"sync"
	"time"
)

// One unreachable service, one wait.
//
// When the service cannot be reached at all (the connection is refused, the
// host name does not resolve), a call retries for a few seconds before it
// gives up. A Terraform run makes many calls, one after the other: without
// a memory, each would wait those seconds again for the same answer. So
// once a call has given up on a connection that could not be made, the
// Client remembers it for unreachableMemory: calls that start meanwhile
// make one attempt, without retries. One answer from the service (of any
// status) ends the memory, so a service that is back is used at once.

// unreachableMemory is how long a host that could not be reached is taken
// for unreachable: longer than a call's retries (about 4 s by default),
// short against a run.
const unreachableMemory = 30 * time.Second

// unreachableHost is that memory; its zero value remembers nothing.
type unreachableHost struct {
	mu    sync.Mutex
	until time.Time
}

func (u *unreachableHost) remember() {
	u.mu.Lock()
	u.until = time.Now().Add(unreachableMemory)
	u.mu.Unlock()
}

func (u *unreachableHost) forget() {
	u.mu.Lock()
	u.until = time.Time{}
	u.mu.Unlock()
}

func (u *unreachableHost) recently() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return time.Now().Before(u.until)
}

// retryBudget is how many times one call may retry a transport error.
type retryBudget struct {
	retries    int
	notRetried bool // the host was unreachable moments ago: no retry
}

func (c *Client) retryBudget() retryBudget {
	if c.unreachable.recently() {
		return retryBudget{notRetried: true}
	}
	return retryBudget{retries: c.maxRetries}
}
