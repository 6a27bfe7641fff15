package client

import (
	"context"
	"errors"
	"fmt"
)

// A 404 is ambiguous. The service answers it for an object that does not
// exist, and (the emulator does so, and the interface document does not
// say otherwise) for a metadata list with no entry. But every route answers
// 404 when the base URL is wrong, e.g. when its path prefix is missing or
// misspelt: https://host/wrong/hooks/v1/subscription does not exist either.
// Read as "gone" or "empty", that 404 would drop every resource from the
// state and the next apply would create them all again.
//
// So the client tells them apart:
//   - a 404 on a route that answers at every correct base URL (the
//     subscription list, the supported hooks) is ErrWrongBaseURL;
//   - a 404 on one object, or on a metadata list, counts as "gone" or
//     "empty" only once GET /hooks/v1 has answered at this base URL. That
//     check costs one request per Client at most, none when the supported
//     hooks were read already (plan-time validation of event types reads
//     them), and is shared with SupportedHooks.

// ErrWrongBaseURL: the service answered 404 to a route that exists at any
// correct base URL, so the base URL does not point at the service's API.
// An error that matches it never matches ErrNotFound.
var ErrWrongBaseURL = errors.New("the base URL does not point at the service's API")

// routeHooksList is the route that confirms a base URL.
const routeHooksList = "GET /hooks/v1"

// wrongBaseURLError reports a 404 that shows the base URL is wrong. It
// unwraps to ErrWrongBaseURL only: the 404 it carries must not be taken for
// ErrNotFound by a caller.
type wrongBaseURLError struct {
	base     string
	notFound error  // the 404 answer, as text
	probed   string // the route whose 404 confirmed it, if not the same
}

func (e *wrongBaseURLError) Error() string {
	if e.probed == "" {
		return fmt.Sprintf("%v. The service answers this route at any correct base URL, so the base URL %q does not point at its API",
			e.notFound, e.base)
	}
	return fmt.Sprintf("%v, and %s, which the service answers at any correct base URL, answered 404 too: the base URL %q does not point at its API",
		e.notFound, e.probed, e.base)
}

func (e *wrongBaseURLError) Unwrap() error { return ErrWrongBaseURL }

// notFoundOnFixedRoute turns the 404 of a route that exists at every
// correct base URL into ErrWrongBaseURL; other errors pass unchanged.
func (c *Client) notFoundOnFixedRoute(err error) error {
	if IsNotFound(err) {
		return &wrongBaseURLError{base: c.base.String(), notFound: err}
	}
	return err
}

// checkNotFound decides what the 404 answer notFound means: nil when the base URL
// is confirmed (the object is gone, the list is empty), else the error to
// report instead.
func (c *Client) checkNotFound(ctx context.Context, notFound error) error {
	if c.baseURLConfirmed.Load() {
		return nil
	}
	_, err := c.SupportedHooks(ctx)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrWrongBaseURL):
		return &wrongBaseURLError{base: c.base.String(), notFound: notFound, probed: routeHooksList}
	}
	// Not a 404 error: notFound is not wrapped, or the caller would take it
	// for "gone".
	return fmt.Errorf("%s; a 404 means that it does not exist only if the base URL is right, and %s, which tells, failed: %w",
		notFound.Error(), routeHooksList, err)
}
