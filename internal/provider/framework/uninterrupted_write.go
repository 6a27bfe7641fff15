// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// UninterruptedWrite runs write with a context an interrupt does not cancel (DESIGN.md, "Writes an interrupt
// does not cut off") and reports whether one came.
func UninterruptedWrite(ctx context.Context, c *client.Client, write func(context.Context) error) (interrupted bool, err error) {
	if ctx.Err() != nil {
		return true, client.ErrInterrupted
	}
	writeCtx, cancel := c.Uninterrupted(ctx)
	defer cancel()
	err = write(writeCtx)
	return client.Interrupted(writeCtx), err
}

// WarnWrittenDespiteInterrupt names object in the summary, or Terraform folds the warnings of several resources into one.
func WarnWrittenDespiteInterrupt(diags *diag.Diagnostics, done, object, outcome string) {
	diags.AddWarning("Run interrupted: "+done+" anyway: "+object, "Terraform was interrupted after this request was sent. "+
		"The service may carry out a sent request whether or not anyone waits, so the provider waited for the answer: "+
		outcome+" Run the command again to finish the rest.")
}
