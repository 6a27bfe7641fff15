package server

import (
	"context"
	"sync/atomic"
	"time"
)

// callContext is the context one protocol call hands to the plugin
// framework. While the call runs it is the request's own context: values
// (Terraform's loggers), deadline and cancellation all come from there. Once
// the call returns, release lets go of the request's context, so whatever
// still holds a callContext afterwards holds a few words, not the request.
//
// The framework keeps a cancel function for every call's context until
// Terraform stops the provider, and each of those contexts would otherwise
// keep its request's loggers, gRPC stream and metadata alive: about 10 kB
// per call, hundreds of megabytes in a plan of thousands of resources. In
// terraform-plugin-framework v1.19.0 every RPC method of
// internal/proto6server.Server begins with s.registerContext(ctx)
// (internal/proto6server/serve.go), which derives a cancellable context and
// appends its cancel function to Server.contextCancels; only StopProvider
// (cancelRegisteredContexts) empties that slice, and Terraform sends
// StopProvider on an interrupt, not at the end of a command.
//
// TestProtocolServerLetsGoOfRequests fails, call by call, once a newer
// framework lets go of those contexts; when it fails for every call,
// callContext, forward and protocolServer's wrappers can go.
type callContext struct {
	request atomic.Pointer[context.Context] // nil once released

	// Fixed at creation: Done must return the same channel on every call,
	// and the deadline cannot change.
	done        <-chan struct{}
	deadline    time.Time
	hasDeadline bool
}

var _ context.Context = (*callContext)(nil)

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
	// Released: the call is over. Report what Done shows; the exact cause
	// went with the request.
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

// Value answers from the request while the call runs (this is how the
// framework and tflog find Terraform's loggers) and with nil afterwards.
func (c *callContext) Value(key any) any {
	if ctx := c.request.Load(); ctx != nil {
		return (*ctx).Value(key)
	}
	return nil
}
