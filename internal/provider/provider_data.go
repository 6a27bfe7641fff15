package provider

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// clientFromProviderData unpacks what the provider's Configure handed over.
// It is nil before the provider is configured (Terraform validates
// configurations that way), which callers must tolerate.
func clientFromProviderData(data any, diags *diag.Diagnostics) *client.Client {
	if data == nil {
		return nil
	}
	c, ok := data.(*client.Client)
	if !ok {
		diags.AddError("Unexpected provider data",
			fmt.Sprintf("Expected *client.Client, got %T. This is a bug in the provider; please report it.", data))
		return nil
	}
	return c
}

// addAPIError turns a client error into a diagnostic that says what to do.
// Client errors never contain secrets.
func addAPIError(diags *diag.Diagnostics, summary string, err error) {
	detail := err.Error()
	switch {
	case errors.Is(err, client.ErrUnauthorized):
		detail += "\n\nThe service rejected the credentials. Check subscription_key (ESIGN_SUBSCRIPTION_KEY) and " +
			"access_token (ESIGN_ACCESS_TOKEN), or the login block (ESIGN_USERNAME, ESIGN_PASSWORD, ESIGN_TENANT_ID). " +
			"An access token expires; the login block renews it by itself."
	case errors.Is(err, client.ErrWrongBaseURL):
		detail += "\n\nCheck base_url in the provider block (or " + envBaseURL + "). It is the root of the service's API, " +
			"including any path prefix the API is served under: every route is appended to it, as in " +
			"<base_url>/hooks/v1/subscription. Resources in the state are kept as they are until the service answers " +
			"at the right address."
	case errors.Is(err, client.ErrRateLimited):
		detail += "\n\nThe service kept answering 429 Too Many Requests after every retry. " +
			"Raise max_retries, lower Terraform's -parallelism, or try again later."
	}
	diags.AddError(summary, detail)
}
