// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"errors"
	"fmt"
	"net/http"
	"unicode/utf8"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("unauthorized") // 401 or 403
	ErrRateLimited  = errors.New("rate limited") // 429 after every retry
	// ErrOutcomeUnknown: a create was sent and its answer lost; look before sending it again.
	ErrOutcomeUnknown  = errors.New("outcome unknown")
	ErrMalformedAnswer = errors.New("malformed answer") // never "gone" or "empty"
	ErrAnswerTooLarge  = errors.New("answer too large")
	// ErrLoginRejected: the login answered 401 or 403; every later call fails with it, without a login.
	ErrLoginRejected = errors.New("login failed")
)

const (
	maxBodyExcerpt = 256      // enough for the service's message, too little to flood a diagnostic
	maxErrorAnswer = 16 << 10 // read and redacted before the excerpt is cut
)

// excerpt cuts an already redacted text at a character boundary.
func excerpt(text string) string {
	if len(text) <= maxBodyExcerpt {
		return text
	}
	cut := maxBodyExcerpt
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut]
}

// APIError is a non-2xx answer; BodyExcerpt is redacted.
type APIError struct {
	Method      string
	Route       string // path template, e.g. "GET /hooks/v1/subscription/{id}"
	Host        string // host:port of the base URL
	StatusCode  int
	RetryAfter  string
	BodyExcerpt string
	Login       bool   // the token came from the login, not a static access token
	Hint        string // what the answer means when the status alone does not
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("%s at %s: service answered %d %s", e.Route, e.Host, e.StatusCode, http.StatusText(e.StatusCode))
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
		return e.StatusCode == http.StatusTooManyRequests
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
