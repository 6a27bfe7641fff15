// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// AddAPIError adds what to do to a client error. A cause shared by every call (refused credentials, an
// unreachable host) is reported in full once per operation, and in one line after (DESIGN.md, "Errors: where,
// what next, once"). The line points at the first by summary: Terraform sorts errors by their place.
func (d *ProviderData) AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	cause, call, shared := causeOf(err)
	if shared && d != nil {
		first, reported := d.Coordinator().causes.LoadOrStore(cause, summary)
		if reported {
			diags.AddError(summary, fmt.Sprintf("%s: the same cause as another error of this provider configuration, %q, which gives the full detail and what to check (each cause is reported in full once).", call, first))
			return
		}
	}
	diags.AddError(summary, err.Error()+apiErrorAdvice(err))
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
		return errorCause{kind: "login refused"}, fmt.Sprintf("the service%s refused the login", atHost(err)), true
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

// apiErrorAdvice is "" when the error's own text says what to check (a transport error, a redirect).
func apiErrorAdvice(err error) string {
	var apiErr *client.APIError
	loggedIn := errors.As(err, &apiErr) && apiErr.Login
	host := atHost(err)
	switch {
	case errors.Is(err, client.ErrLoginRejected):
		return fmt.Sprintf("\n\nCheck login.username, login.password and login.tenant_id (ESIGN_USERNAME, ESIGN_PASSWORD, ESIGN_TENANT_ID) and subscription_key (ESIGN_SUBSCRIPTION_KEY): the service%s refused the login. "+
			"It is not tried again during this run, so that a wrong password does not lock the account.",
			host)
	case errors.Is(err, client.ErrUnauthorized) && loggedIn:
		return fmt.Sprintf("\n\nCheck subscription_key (ESIGN_SUBSCRIPTION_KEY), and that the user may use this API: the login worked, but the service%s refused this call with the token it issued.",
			host)
	case errors.Is(err, client.ErrUnauthorized):
		return fmt.Sprintf("\n\nCheck access_token (ESIGN_ACCESS_TOKEN) and subscription_key (ESIGN_SUBSCRIPTION_KEY): the service%s refused them. "+
			"An access token expires; the login block renews it by itself.",
			host)
	case errors.Is(err, client.ErrWrongBaseURL):
		return "\n\nCheck base_url (or ESIGN_BASE_URL): it is the root of the service's API, with any path prefix, as in <base_url>/hooks/v1/subscription. " +
			"Resources in the state are kept as they are meanwhile."
	case errors.Is(err, client.ErrRateLimited):
		return "\n\nThe service kept answering 429 Too Many Requests after every retry. " +
			"Raise max_retries, lower Terraform's -parallelism, or try again later."
	}
	return ""
}

// atHost: with aliases, the host tells which provider configuration to check.
func atHost(err error) string {
	var apiErr *client.APIError
	if errors.As(err, &apiErr) && apiErr.Host != "" {
		return " at " + apiErr.Host
	}
	return ""
}
