// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"

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
