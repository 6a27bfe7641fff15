package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// How Ctrl-C reaches a write, and why writes run apart from it.
//
// On the first interrupt (SIGINT) Terraform and OpenTofu send StopProvider,
// then wait for the calls in flight to return. StopProvider cancels the
// context of every call in flight twice over:
//
//   - terraform-plugin-go's tf6server derives each call's context from a stop
//     channel (stoppableContext) that its StopProvider closes once the
//     provider's own StopProvider has returned;
//   - terraform-plugin-framework's proto6server derives a cancellable
//     context for each call (registerContext), and its StopProvider cancels
//     them all (cancelRegisteredContexts).
//
// internal/server's callContext sits between the two and passes cancellation
// through, so a resource's Create or Delete sees its context cancelled at
// once. A request sent with that context is cut off, yet the service may
// carry it out all the same: a slow gateway answers seconds after the
// service acted. The provider then never learns the id of the subscription
// it created: a subscription that no state tracks, created once more by the
// next apply.
//
// Neither layer can be told to spare a call, so the fix sits in the resource,
// at the write itself: it runs with client.Uninterrupted, which drops the
// cancellation (keeping the context's values, Terraform's loggers) and
// bounds the write by the request timeout of each attempt instead. After the
// interrupt the write finishes the request it has sent, and learns its
// outcome, but sends nothing new (see internal/client/interrupt.go).
// Terraform waits for it and records the result in the state. Reads keep the
// call's own context: an interrupted refresh stops at once, and nothing is
// lost by that.

// UninterruptedWrite runs write with a context that an interrupt does not
// cancel, and reports whether Terraform interrupted the run meanwhile. A
// write whose call comes in after the interrupt is not started.
func UninterruptedWrite(ctx context.Context, c *client.Client, write func(context.Context) error) (interrupted bool, err error) {
	if ctx.Err() != nil {
		return true, client.ErrInterrupted
	}
	writeCtx, cancel := c.Uninterrupted(ctx)
	defer cancel()
	err = write(writeCtx)
	return client.Interrupted(writeCtx), err
}

// WarnWrittenDespiteInterrupt tells the user that a write the interrupt
// found in flight was carried through and recorded: done says what happened
// ("webhook subscription created"), object names it (the summary must, or
// Terraform folds the warnings of several resources), outcome the details.
func WarnWrittenDespiteInterrupt(diags *diag.Diagnostics, done, object, outcome string) {
	diags.AddWarning("Run interrupted: "+done+" anyway: "+object,
		"Terraform was interrupted while this request was on its way to the service. A request that has been sent may "+
			"be carried out whether or not anyone waits for the answer, so the provider waited for it instead of "+
			"abandoning it: "+outcome+" Nothing was left behind that Terraform does not know about. Run the command "+
			"again to finish the rest.")
}
