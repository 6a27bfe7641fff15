// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"context"
	"sync/atomic"
	"time"
)

// callContext is a call's context that lets go of the request once the call returns: the framework keeps a
// cancel func per call until StopProvider (protocolServer), and with it whatever that func's context holds.
type callContext struct {
	request     atomic.Pointer[context.Context] // nil once released
	done        <-chan struct{}                 // fixed: Done must return the same channel every time
	deadline    time.Time
	hasDeadline bool
}

// newCallContext wraps ctx for one call; release must run when it returns.
func newCallContext(ctx context.Context) (c *callContext, release func()) {
	c = &callContext{done: ctx.Done()}
	c.deadline, c.hasDeadline = ctx.Deadline()
	c.request.Store(&ctx)
	return c, func() { c.request.Store(nil) }
}

func (c *callContext) Deadline() (time.Time, bool) { return c.deadline, c.hasDeadline }

func (c *callContext) Done() <-chan struct{} { return c.done }

func (c *callContext) Err() error {
	if ctx := c.request.Load(); ctx != nil {
		return (*ctx).Err()
	}
	select { // released: the exact cause went with the request
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func (c *callContext) Value(key any) any {
	if ctx := c.request.Load(); ctx != nil {
		return (*ctx).Value(key)
	}
	return nil
}
