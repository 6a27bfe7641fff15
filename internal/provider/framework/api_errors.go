// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// AddAPIError adds what to do to a client error; (*ProviderData).AddAPIError is better where it is at hand.
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	diags.AddError(summary, err.Error()+apiErrorAdvice(err))
}

// apiErrorAdvice is "" when the error's own text says what to check (a transport error, a redirect).
func apiErrorAdvice(err error) string {
	switch {
	case errors.Is(err, client.ErrLoginRejected):
		return fmt.Sprintf("\n\nCheck login.username, login.password and login.tenant_id (ESIGN_USERNAME, ESIGN_PASSWORD, "+
			"ESIGN_TENANT_ID) and subscription_key (ESIGN_SUBSCRIPTION_KEY): the service%s refused the login. A refused "+
			"login is not tried again during this run, so that a wrong password is not repeated into an account "+
			"lock-out.", atHost(err))
	case errors.Is(err, client.ErrUnauthorized) && loggedIn(err):
		return fmt.Sprintf("\n\nCheck subscription_key (ESIGN_SUBSCRIPTION_KEY), and that the user may use this API: the "+
			"login worked, but the service%s refused this call with the token it issued.", atHost(err))
	case errors.Is(err, client.ErrUnauthorized):
		return fmt.Sprintf("\n\nCheck access_token (ESIGN_ACCESS_TOKEN) and subscription_key (ESIGN_SUBSCRIPTION_KEY): the "+
			"service%s refused them. An access token expires; the login block renews it by itself.", atHost(err))
	case errors.Is(err, client.ErrWrongBaseURL):
		return "\n\nCheck base_url in the provider block (or ESIGN_BASE_URL). It is the root of the service's API, " +
			"including any path prefix the API is served under: every route is appended to it, as in " +
			"<base_url>/hooks/v1/subscription. Resources in the state are kept as they are until the service answers " +
			"at the right address."
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

func loggedIn(err error) bool {
	var apiErr *client.APIError
	return errors.As(err, &apiErr) && apiErr.Login
}

// WithDetail appends advice, keeping err matchable with errors.Is.
func WithDetail(err error, detail string) error {
	if detail == "" {
		return err
	}
	return fmt.Errorf("%w%s", err, detail)
}

func ImportIDError(problem, form string) error {
	return errors.New(problem + ". Expected " + form)
}

func AddImportIDError(diags *diag.Diagnostics, raw string, err error) {
	diags.AddError("Invalid import ID", fmt.Sprintf("Cannot import %q: %s.", raw, err))
}
