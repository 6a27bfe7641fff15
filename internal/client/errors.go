// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized") // 401 or 403
	ErrRateLimited  = errors.New("rate limited") // 429 after every retry
	// ErrWaitTooLong: the service asked for a wait longer than the provider sits out (Retry-After).
	ErrWaitTooLong = errors.New("asked to wait too long")
	// ErrOutcomeUnknown: a create was sent and its answer lost; look before sending it again.
	ErrOutcomeUnknown  = errors.New("outcome unknown")
	ErrMalformedAnswer = errors.New("malformed answer") // never "gone" or "empty"
	ErrAnswerTooLarge  = errors.New("answer too large")
	// ErrLoginRejected: the login answered 401 or 403; every later call fails with it, without a login.
	ErrLoginRejected = errors.New("login failed")
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
	case ErrNotFound:
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

type outcomeUnknownError struct {
	route string
	cause error
}

func (e *outcomeUnknownError) Error() string {
	return fmt.Sprintf("%s: the request was sent but its outcome is unknown: %v", e.route, e.cause)
}

func (e *outcomeUnknownError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.cause} }

func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// answerError is a 2xx answer that cannot be used; it would come again, so it is not retried.
type answerError struct {
	text string // shown through the gate
	kind error  // ErrMalformedAnswer or ErrAnswerTooLarge
}

func (e *answerError) Error() string { return e.text }

func (e *answerError) Unwrap() error { return e.kind }

// malformed shows problem, which may quote the answer, through the gate.
func (c *Client) malformed(cl call, format string, args ...any) error {
	problem := c.gate.Show(fmt.Sprintf(format, args...))
	return &answerError{
		text: fmt.Sprintf("%s at %s: the service's answer is malformed: %s", cl.route, hostPort(c.base), problem),
		kind: ErrMalformedAnswer,
	}
}

func (c *Client) tooLarge(cl call) error {
	return &answerError{
		text: fmt.Sprintf("%s at %s: the service's answer is larger than %d MiB, the most the client reads of one answer",
			cl.route, hostPort(c.base), MaxAnswerBytes>>20),
		kind: ErrAnswerTooLarge,
	}
}
