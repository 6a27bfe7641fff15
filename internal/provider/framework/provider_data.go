// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package framework is what the provider's kinds (webhook, metadata, document) share on top of
// terraform-plugin-framework. It names no kind.
package framework

import (
	"context"
	"sync"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ProviderData is what Configure hands to every Terraform type.
type ProviderData struct {
	Client *client.Client
	// ManyOperations: Terraform configured this process without validating its configuration first, as `terraform
	// test` (1.13+) does for a provider block of a test file, and then plans and applies every run in it.
	ManyOperations bool

	mu          sync.Mutex
	coordinator *PlanCoordinator
	tracked     TrackedIDs
}

// Coordinator is the operation's PlanCoordinator: the process's, since Terraform runs one operation in a process,
// but where it runs many (ManyOperations) a new one on each call, as nothing tells them apart: no check compares
// the plans of two runs of a test file, and none compares the blocks of one either. Nil before Configure.
func (d *ProviderData) Coordinator() *PlanCoordinator {
	if d == nil {
		return nil
	}
	if d.ManyOperations {
		return newPlanCoordinator(&d.tracked)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.coordinator == nil {
		d.coordinator = newPlanCoordinator(&d.tracked)
	}
	return d.coordinator
}

// UninterruptedWrite runs write with a context an interrupt does not cancel (DESIGN.md, "Writes an interrupt
// does not cut off") and reports whether one came.
func UninterruptedWrite(ctx context.Context, c *client.Client, write func(context.Context) error) (interrupted bool, err error) {
	if ctx.Err() != nil {
		return true, client.ErrInterrupted
	}
	writeCtx, cancel := c.Uninterrupted(ctx)
	defer cancel()
	err = write(writeCtx)
	interrupted = client.Interrupted(writeCtx)
	return interrupted, err
}
