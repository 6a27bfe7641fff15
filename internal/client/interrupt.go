package client

import (
	"context"
	"errors"
)

// Writes that an interrupt does not cut off.
//
// A write whose request is on its way when its caller is interrupted must
// not be cut off: the service may carry it out all the same (a slow gateway
// answers seconds after the service acted), and a caller that never reads
// the answer does not learn what it changed, such as the id of the
// subscription it created, which then belongs to nothing. Cutting the
// connection does not undo the write; it only loses its answer.
//
// So a caller whose context an interrupt cancels (Terraform's Ctrl-C cancels
// every call of the provider) runs its writes with Uninterrupted(ctx). The
// write then finishes what it has started and starts nothing new:
//
//   - a request in flight is bounded by the request timeout, as always, not
//     by the interrupt;
//   - no new attempt starts after the interrupt: the pause before a retry
//     ends at once (wait, in request.go) and the error of the last attempt
//     is returned; no repeat after a 401 with a new login (auth.go); no
//     create from CreateSubscriptionOnce;
//   - what is needed to learn the outcome of a request already sent still
//     runs: the lost-answer check of CreateSubscriptionOnce.
//
// An interrupted write thus ends within one request timeout, plus the
// lost-answer check when the answer of a create was lost.

// ErrInterrupted is the cause of a write that stopped because its caller was
// interrupted (see Uninterrupted) before it could send its next request.
var ErrInterrupted = errors.New("interrupted, so no further request was sent")

// interruptKey holds, in an Uninterrupted context, the Done channel of the
// caller's context.
type interruptKey struct{}

// Uninterrupted returns the context to run a write with whose caller's
// context (ctx) an interrupt may cancel; see the top of this file. It keeps
// the values and the deadline of ctx, but not its cancellation. cancel
// releases it once the write is over.
func (c *Client) Uninterrupted(ctx context.Context) (context.Context, context.CancelFunc) {
	detached := context.WithoutCancel(ctx)
	write, cancel := context.WithCancel(detached)
	if deadline, ok := ctx.Deadline(); ok {
		write, cancel = context.WithDeadline(detached, deadline)
	}
	return context.WithValue(write, interruptKey{}, ctx.Done()), cancel
}

// Interrupted reports whether the caller of an Uninterrupted context has
// been interrupted (its own context is done).
func Interrupted(ctx context.Context) bool {
	select {
	case <-interruptOf(ctx):
		return true
	default:
		return false
	}
}

// interruptOf is the channel that closes when the caller of an
// Uninterrupted context is interrupted; nil (never closes) for any other
// context.
func interruptOf(ctx context.Context) <-chan struct{} {
	ch, _ := ctx.Value(interruptKey{}).(<-chan struct{})
	return ch
}

// outcomeCheckContext is the context of the requests that find out what a
// request already sent did (the lost-answer check): neither the caller's
// cancellation nor an interrupt stops them, since giving up would leave a
// subscription that may exist without anyone knowing its id. Their own
// retries and the request timeout bound them.
func outcomeCheckContext(ctx context.Context) context.Context {
	return context.WithValue(context.WithoutCancel(ctx), interruptKey{}, (<-chan struct{})(nil))
}
