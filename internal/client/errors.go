package client

import (
	"errors"
	"fmt"
	"net/http"
	"unicode/utf8"
)

// Sentinel errors a caller can branch on with errors.Is. Every error the
// client returns for an HTTP answer is an *APIError that matches at most one
// of the status sentinels below.
var (
	// ErrNotFound: the service answered 404.
	ErrNotFound = errors.New("not found")
	// ErrUnauthorized: the service answered 401 (or 403): credentials were
	// missing, wrong or expired.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrRateLimited: the service answered 429 and retries were exhausted.
	ErrRateLimited = errors.New("rate limited")
	// ErrOutcomeUnknown: a non-idempotent request (a subscription create)
	// may or may not have been carried out: the request was sent, then the
	// connection failed, the attempt timed out, or the service answered
	// 500/502/503/504. Callers must look before they try again, or they may
	// create a duplicate (CreateSubscriptionOnce does). A 2xx answer
	// whose body cannot be read or used counts as lost.
	ErrOutcomeUnknown = errors.New("outcome unknown")
	// ErrMalformedAnswer: a 2xx answer that cannot be used as it is: not
	// the expected JSON, or a list with an item without id, a repeated id,
	// a subscription without event type (answers.go). It is never "gone"
	// or "empty".
	ErrMalformedAnswer = errors.New("malformed answer")
	// ErrAnswerTooLarge: a 2xx answer larger than MaxAnswerBytes.
	ErrAnswerTooLarge = errors.New("answer too large")
	// ErrLoginRejected: POST /identity/login answered 401 or 403: the
	// username, password, tenant id or subscription key is wrong. The
	// Client remembers it and fails every later call with it, without
	// logging in again (auth.go).
	ErrLoginRejected = errors.New("login failed")
)

// maxBodyExcerpt bounds how much of an error answer is kept: enough to read
// the service's message, not enough to flood a Terraform diagnostic.
const maxBodyExcerpt = 256

// maxErrorAnswer bounds how much of an error answer is read and redacted
// before the excerpt is cut from it.
const maxErrorAnswer = 16 << 10

// excerpt is the first maxBodyExcerpt bytes of an already redacted text, cut
// at a character boundary.
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

// APIError describes a non-2xx answer. Its text never contains a secret:
// BodyExcerpt has every configured secret replaced before it is stored.
type APIError struct {
	Method      string
	Route       string // path template, e.g. "GET /hooks/v1/subscription/{id}"
	Host        string // host:port of the base URL: who answered
	StatusCode  int
	RetryAfter  string // the Retry-After header of a 429, if any
	BodyExcerpt string
	// Login is true when the client authenticates with login credentials
	// (POST /identity/login), false with a static access token: what a
	// 401 asks the user to check.
	Login bool
	// Hint says what the answer means when the status alone does not,
	// e.g. a 400 from a TLS server that was spoken plain http to.
	Hint string
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

// Is lets errors.Is(err, ErrNotFound) and friends work on an *APIError.
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

// outcomeUnknownError wraps the cause of an ambiguous write so that both
// errors.Is(err, ErrOutcomeUnknown) and the cause remain visible.
type outcomeUnknownError struct {
	route string
	cause error
}

func (e *outcomeUnknownError) Error() string {
	return fmt.Sprintf("%s: the request was sent but its outcome is unknown: %v", e.route, e.cause)
}

func (e *outcomeUnknownError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.cause} }

// IsNotFound reports whether err means the object does not exist.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
