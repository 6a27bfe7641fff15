// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
)

// An interrupted write finishes the request it sent and starts no other (no retry, no new login, no
// create), so it ends within one request timeout plus any lost-answer check: see DESIGN.md, "Writes an
// interrupt does not cut off".

var ErrInterrupted = errors.New("interrupted, so no further request was sent")

// interruptKey holds the caller's Done channel in an Uninterrupted context.
type interruptKey struct{}

// Uninterrupted keeps the values and deadline of ctx, not its cancellation; cancel releases it.
func (c *Client) Uninterrupted(ctx context.Context) (context.Context, context.CancelFunc) {
	detached := context.WithoutCancel(ctx)
	write, cancel := context.WithCancel(detached)
	if deadline, ok := ctx.Deadline(); ok {
		write, cancel = context.WithDeadline(detached, deadline)
	}
	return context.WithValue(write, interruptKey{}, ctx.Done()), cancel
}

func Interrupted(ctx context.Context) bool {
	select {
	case <-interruptOf(ctx):
		return true
	default:
		return false
	}
}

// interruptOf is nil (never closes) for a context that is not Uninterrupted.
func interruptOf(ctx context.Context) <-chan struct{} {
	ch, _ := ctx.Value(interruptKey{}).(<-chan struct{})
	return ch
}

// outcomeCheckContext: nothing stops the lost-answer check but its own retries and timeouts, since
// giving up would leave a subscription that may exist and whose id nobody knows.
func outcomeCheckContext(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), interruptKey{}, (<-chan struct{})(nil))
}
