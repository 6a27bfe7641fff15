// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// AddAPIError reports a cause shared by every call (refused credentials, an unreachable host) in full once
// per operation, and in one line after (DESIGN.md, "Errors: where, what next, once"). The line points at
// the first by summary: Terraform sorts errors by their place, so the first may not be printed first.
func (d *ProviderData) AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	cause, call, shared := causeOf(err)
	if !shared || d == nil {
		AddAPIError(diags, summary, err)
		return
	}
	causes := OperationState(d, reportedCausesKey{}, func() *reportedCauses { return &reportedCauses{} })
	first, reported := causes.first(cause, summary)
	if !reported {
		AddAPIError(diags, summary, err)
		return
	}
	diags.AddError(summary, fmt.Sprintf("%s: the same cause as another error of this provider configuration, %q, which "+
		"gives the full detail and what to check (each cause is reported in full once).", call, first))
}

type reportedCausesKey struct{}

// reportedCauses maps each cause reported in full to that error's summary.
type reportedCauses struct {
	mu      sync.Mutex
	summary map[errorCause]string
}

func (r *reportedCauses) first(cause errorCause, summary string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.summary[cause]; ok {
		return s, true
	}
	if r.summary == nil {
		r.summary = map[errorCause]string{}
	}
	r.summary[cause] = summary
	return summary, false
}

// errorCause: its kind, and which one where a kind has several (a transport error's hint, a Location).
type errorCause struct{ kind, which string }

// causeOf answers a cause every call meets alike, and this call's part in a few words. Answers about one
// object (a 404, a 400, a malformed list, a lost answer) are never shared.
func causeOf(err error) (cause errorCause, call string, shared bool) {
	var apiErr *client.APIError
	var transportErr *client.TransportError
	var redirectErr *client.RedirectError
	switch {
	case errors.Is(err, client.ErrOutcomeUnknown):
		return errorCause{}, "", false
	case errors.Is(err, client.ErrLoginRejected):
		return errorCause{kind: "login refused"}, "the service" + atHost(err) + " refused the login", true
	case errors.As(err, &transportErr):
		return errorCause{kind: "transport", which: transportErr.Hint},
			fmt.Sprintf("%s %s at %s failed", transportErr.Method, transportErr.Path, transportErr.Host), true
	case errors.As(err, &redirectErr):
		return errorCause{kind: "redirect", which: redirectErr.Location},
			fmt.Sprintf("%s at %s answered %d with a redirect", redirectErr.Route, redirectErr.Host, redirectErr.StatusCode), true
	case errors.Is(err, client.ErrWrongBaseURL):
		return errorCause{kind: "wrong base_url"}, "the service answered 404 at this base_url", true
	case errors.As(err, &apiErr) && (errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrRateLimited) ||
		errors.Is(err, client.ErrWaitTooLong)):
		return errorCause{kind: "status", which: http.StatusText(apiErr.StatusCode)},
			fmt.Sprintf("%s at %s: service answered %d %s", apiErr.Route, apiErr.Host, apiErr.StatusCode,
				http.StatusText(apiErr.StatusCode)), true
	}
	return errorCause{}, "", false
}
