// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"errors"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The write's context outlives the call's, keeps its values, and the
// interrupt is reported; a write called after the interrupt is not run.
func TestUninterruptedWrite(t *testing.T) {
	c, err := client.New(client.Config{BaseURL: "http://127.0.0.1:1", SubscriptionKey: "k", AccessToken: "t"})
	if err != nil {
		t.Fatal(err)
	}
	type key struct{}
	ctx, interrupt := context.WithCancel(context.WithValue(context.Background(), key{}, "logger"))
	defer interrupt()

	interrupted, err := UninterruptedWrite(ctx, c, func(writeCtx context.Context) error {
		interrupt() // as StopProvider does while the request is in flight
		if writeCtx.Err() != nil {
			return errors.New("the write's context was cancelled with the call's")
		}
		if writeCtx.Value(key{}) != "logger" {
			return errors.New("the write's context lost the call's values")
		}
		return nil
	})
	if err != nil || !interrupted {
		t.Errorf("interrupted %v, err %v; want the interrupt reported and no error", interrupted, err)
	}

	called := false
	interrupted, err = UninterruptedWrite(ctx, c, func(context.Context) error { called = true; return nil })
	if called || !interrupted || !errors.Is(err, client.ErrInterrupted) {
		t.Errorf("after the interrupt: called %v, interrupted %v, err %v; want nothing run and ErrInterrupted", called, interrupted, err)
	}
}
