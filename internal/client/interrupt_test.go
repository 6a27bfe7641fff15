// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// heldAnswer is how long the emulator holds the answers under test: the
// caller is interrupted meanwhile.
const heldAnswer = 300 * time.Millisecond

// interruptWhileHeld runs write with a context that it cancels (the
// interrupt) as soon as the emulator has received a request to route, whose
// answer it holds, and answers write's error.
func interruptWhileHeld(t *testing.T, key, route string, write func(context.Context) error) error {
	t.Helper()
	testEmulator.HoldAnswers(key, route, heldAnswer)
	ctx, interrupt := context.WithCancel(context.Background())
	defer interrupt()
	done := make(chan error, 1)
	go func() { done <- write(ctx) }()
	for deadline := time.Now().Add(10 * time.Second); testEmulator.Counters(key)[route] == 0; time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no request to %s reached the emulator", route)
		}
	}
	interrupt()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the write did not end after the interrupt")
		return nil
	}
}

// A create sent before the interrupt is waited for: its id is returned, and
// the caller learns that it was interrupted.
func TestUninterruptedCreateCompletes(t *testing.T) {
	c, tenant := newTestClient(t)
	var got CreatedSubscription
	var interrupted bool
	err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, func(ctx context.Context) (err error) {
		writeCtx, cancel := c.Uninterrupted(ctx)
		defer cancel()
		got, err = c.CreateSubscriptionOnce(writeCtx, onceRequest, claimsOf(c))
		interrupted = Interrupted(writeCtx)
		return err
	})
	if err != nil {
		t.Fatalf("CreateSubscriptionOnce: %v", err)
	}
	if got.Adopted || got.Requests != 1 || !interrupted {
		t.Errorf("got %+v, interrupted %v; want the answer of the one request, and Interrupted", got, interrupted)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, got.ID)
}

// A create whose own context is cancelled in flight still finds out what
// its request did: the lost-answer check runs with a context of its own.
func TestCancelledCreateLearnsItsOutcome(t *testing.T) {
	c, tenant := newTestClient(t)
	var got CreatedSubscription
	err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, func(ctx context.Context) (err error) {
		got, err = c.CreateSubscriptionOnce(ctx, onceRequest, claimsOf(c))
		return err
	})
	if err != nil {
		t.Fatalf("CreateSubscriptionOnce: %v", err)
	}
	if !got.Adopted {
		t.Errorf("got %+v, want the subscription adopted from the list", got)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, got.ID)
}

// After the interrupt no new attempt starts: a request that fails is not
// retried, and the failure is returned.
func TestNoNewAttemptAfterInterrupt(t *testing.T) {
	uninterrupted := func(c *Client, write func(context.Context) error) func(context.Context) error {
		return func(ctx context.Context) error {
			writeCtx, cancel := c.Uninterrupted(ctx)
			defer cancel()
			return write(writeCtx)
		}
	}

	t.Run("delete answered 503", func(t *testing.T) {
		c, tenant := newTestClient(t)
		id := createOnce(t, c, onceRequest).ID
		testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, emulator.FaultServiceUnavailable, 1)
		err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionDelete, uninterrupted(c, func(ctx context.Context) error {
			return c.DeleteSubscription(ctx, id, onceRequest.EventType)
		}))
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("err = %v, want the 503", err)
		}
		if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionDelete]; n != 1 {
			t.Errorf("%d delete requests, want 1: retried after the interrupt", n)
		}
		checkSubscriptionIDs(t, tenant.SubscriptionKey, id)
	})

	// A 429 ends the call; in login mode a 401 is answered with a new login and a repeat of the call, which
	// an interrupted write does not make; after a 503 the list shows that nothing was created.
	for _, tc := range []struct {
		fault        emulator.FaultKind
		login        bool
		want         error
		logins, list int
	}{
		{emulator.FaultRateLimit, false, ErrRateLimited, 0, 1},
		{emulator.FaultUnauthorized, true, ErrInterrupted, 1, 1},
		{emulator.FaultServiceUnavailable, false, ErrInterrupted, 0, 2},
	} {
		t.Run("create answered "+string(tc.fault), func(t *testing.T) {
			c, tenant := newTestClient(t)
			if tc.login {
				c, tenant = newLoginClient(t)
			}
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, tc.fault, 1)
			var got CreatedSubscription
			create := uninterrupted(c, func(ctx context.Context) (err error) {
				got, err = c.CreateSubscriptionOnce(ctx, onceRequest, claimsOf(c))
				return err
			})
			err := interruptWhileHeld(t, tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, create)
			if !errors.Is(err, tc.want) || errors.Is(err, ErrOutcomeUnknown) || got.Requests != 1 {
				t.Errorf("got %+v, err = %v; want one request, then %v", got, err, tc.want)
			}
			counters := testEmulator.Counters(tenant.SubscriptionKey)
			if counters[emulator.RouteSubscriptionCreate] != 1 || counters[emulator.RouteLogin] != tc.logins ||
				counters[emulator.RouteSubscriptionList] != tc.list {
				t.Errorf("counters %v: want 1 create, %d logins (none after the interrupt) and %d lists (the baseline's, and after a 503 the lost-answer check's)",
					counters, tc.logins, tc.list)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey)
		})
	}
}

// A create whose caller was interrupted before it sent anything sends
// nothing.
func TestInterruptedBeforeSendingCreatesNothing(t *testing.T) {
	c, tenant := newTestClient(t)
	ctx, interrupt := context.WithCancel(context.Background())
	interrupt()
	writeCtx, cancel := c.Uninterrupted(ctx)
	defer cancel()
	_, err := c.CreateSubscriptionOnce(writeCtx, onceRequest, claimsOf(c))
	if !errors.Is(err, ErrInterrupted) {
		t.Errorf("err = %v, want ErrInterrupted", err)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 0 {
		t.Errorf("%d create requests sent after the interrupt", n)
	}
}
