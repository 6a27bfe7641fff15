package framework

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// AddAPIError turns a client error into a diagnostic that says what to do.
// Client errors never contain secrets.
func AddAPIError(diags *diag.Diagnostics, summary string, err error) {
	detail := err.Error()
	switch {
	case errors.Is(err, client.ErrUnauthorized):
		detail += "\n\nThe service rejected the credentials. Check subscription_key (ESIGN_SUBSCRIPTION_KEY) and " +
			"access_token (ESIGN_ACCESS_TOKEN), or the login block (ESIGN_USERNAME, ESIGN_PASSWORD, ESIGN_TENANT_ID). " +
			"An access token expires; the login block renews it by itself."
	case errors.Is(err, client.ErrWrongBaseURL):
		detail += "\n\nCheck base_url in the provider block (or ESIGN_BASE_URL). It is the root of the service's API, " +
			"including any path prefix the API is served under: every route is appended to it, as in " +
			"<base_url>/hooks/v1/subscription. Resources in the state are kept as they are until the service answers " +
			"at the right address."
	case errors.Is(err, client.ErrRateLimited):
		detail += "\n\nThe service kept answering 429 Too Many Requests after every retry. " +
			"Raise max_retries, lower Terraform's -parallelism, or try again later."
	}
	diags.AddError(summary, detail)
}

// WithDetail appends advice to an error's text, keeping it matchable with
// errors.Is.
func WithDetail(err error, detail string) error {
	if detail == "" {
		return err
	}
	return fmt.Errorf("%w%s", err, detail)
}

// AddModelError reports a state or plan that could not be read into a
// model: the value does not match the resource's schema, a bug in the
// provider.
func AddModelError(diags *diag.Diagnostics, err error) {
	diags.AddError("Could not read the resource's state or plan",
		"This is a bug in the provider; please report it with this message: "+err.Error())
}

// ImportIDError says what is wrong with an import ID, and which form is
// expected: what an import ID parser answers.
func ImportIDError(problem, form string) error {
	return errors.New(problem + ". Expected " + form)
}

// AddImportIDError reports an import ID that a parser refused.
func AddImportIDError(diags *diag.Diagnostics, raw string, err error) {
	diags.AddError("Invalid import ID", fmt.Sprintf("Cannot import %q: %s.", raw, err))
}
