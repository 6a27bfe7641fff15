// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// The texts of ErrOutcomeUnknown, ErrMalformedAnswer and errAnswerTooLarge are part of the sentences that wrap them.
var (
	errNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized") // 401 or 403
	ErrRateLimited  = errors.New("rate limited") // 429 after every retry
	// ErrWaitTooLong: the service asked for a wait longer than the provider sits out (Retry-After).
	ErrWaitTooLong = errors.New("asked to wait too long")
	// ErrOutcomeUnknown: a write was sent and its answer lost; look before sending it again.
	ErrOutcomeUnknown  = errors.New("the request was sent but its outcome is unknown")
	ErrMalformedAnswer = errors.New("the service's answer is malformed") // never "gone" or "empty"
	errAnswerTooLarge  = fmt.Errorf("the service's answer is larger than %d MiB, the most the client reads of one answer", maxAnswerBytes>>20)
	// ErrLoginRejected: the login answered 401 or 403; every later call fails with it, without a login.
	ErrLoginRejected = errors.New("login failed")
	// ErrWrongBaseURL: a route that exists at any correct base URL answered 404. IsNotFound never matches it.
	ErrWrongBaseURL = errors.New("the base URL does not point at the service's API")
	ErrInterrupted  = errors.New("interrupted, so no further request was sent")
)

// maxErrorAnswer: the gate reads this much of an error answer before it shows an excerpt.
const maxErrorAnswer = 16 << 10

// APIError is a non-2xx answer; BodyExcerpt passed the gate.
type APIError struct {
	Method      string
	Route       string // path template, e.g. "GET /hooks/v1/subscription/{id}"
	Host        string // host:port of the base URL
	StatusCode  int
	RetryAfter  string
	BodyExcerpt string
	Login       bool          // the token came from the login, not a static access token
	Hint        string        // what the answer means when the status alone does not
	WaitAsked   time.Duration // a Retry-After too long to wait out
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("%s at %s: service answered %s", e.Route, e.Host, StatusText(e.StatusCode))
	if e.BodyExcerpt != "" {
		msg += ": " + e.BodyExcerpt
	}
	if e.Hint != "" {
		msg += ". " + e.Hint
	}
	return msg
}

func (e *APIError) Is(target error) bool {
	switch target {
	case errNotFound:
		return e.StatusCode == http.StatusNotFound
	case ErrUnauthorized:
		return e.StatusCode == http.StatusUnauthorized || e.StatusCode == http.StatusForbidden
	case ErrRateLimited:
		return e.StatusCode == http.StatusTooManyRequests && e.WaitAsked == 0
	case ErrWaitTooLong:
		return e.WaitAsked > 0
	}
	return false
}

func IsNotFound(err error) bool { return errors.Is(err, errNotFound) }

// shownError has a text of its own, in which a peer's words passed the gate; what it wraps is for errors.Is
// and errors.As, never to print.
type shownError struct {
	text string
	errs []error
}

func (e *shownError) Error() string { return e.text }

func (e *shownError) Unwrap() []error { return e.errs }

// malformed shows problem, which may quote the answer, through the gate.
func (c *Client) malformed(cl call, problem string) error {
	return fmt.Errorf("%s at %s: %w: %s", cl.route, hostPort(c.base), ErrMalformedAnswer, c.gate.Show(problem))
}
