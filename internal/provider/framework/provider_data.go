// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Package framework is what the provider's kinds (webhook, metadata, document) share on top of
// terraform-plugin-framework. It names no kind.
package framework

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// ProviderData is what Configure hands to every Terraform type.
type ProviderData struct {
	Client *client.Client
	// ManyOperations: Terraform configured this process without validating its configuration first, as `terraform
	// test` (1.13+) does for a provider block of a test file, and then plans and applies every run in it.
	ManyOperations bool

	process sync.Map // a kind's key → its state
}

// ProcessState is what a kind keeps for the life of the configured provider, under a key of a type of its own so
// no two kinds meet. Nil before Configure.
func ProcessState[T any](data *ProviderData, key any, newState func() *T) *T {
	if data == nil {
		return nil
	}
	v, _ := data.process.LoadOrStore(key, newState())
	return v.(*T)
}

// OperationState is what a kind shares for one Terraform operation: the process's state, since Terraform runs one
// operation in a process, but where it runs many (ManyOperations) a new one on each call, as nothing tells them
// apart: no check compares the plans of two runs of a test file, and none compares the blocks of one either.
func OperationState[T any](data *ProviderData, key any, newState func() *T) *T {
	if data != nil && data.ManyOperations {
		return newState()
	}
	return ProcessState(data, key, newState)
}

// NamedBound is how many diagnostics of a kind name their object in the summary. Terraform folds warnings that
// share a summary and have a place in the configuration, as every plan's have, so the rest share one.
const NamedBound = 20

// NamedCounts counts one operation's diagnostics of each kind (0 to 3).
type NamedCounts struct{ counts [4]atomic.Int32 }

// NameNext counts one more diagnostic of kind and tells whether it may still name its object.
func (c *NamedCounts) NameNext(kind int) bool { return c.counts[kind].Add(1) <= NamedBound }

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
