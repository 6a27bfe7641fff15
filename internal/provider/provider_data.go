package provider

import (
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// resourceData is what the provider's Configure hands to resources: the API
// client, and what the resources of one configured provider (one Terraform
// operation) remember between calls. Data sources get the client alone.
type resourceData struct {
	client      *client.Client
	importMarks *importMarks
}

// clientFromProviderData unpacks the client from what the provider's
// Configure handed over. It is nil before the provider is configured
// (Terraform validates configurations that way), which callers must
// tolerate.
func clientFromProviderData(data any, diags *diag.Diagnostics) *client.Client {
	switch d := data.(type) {
	case nil:
		return nil
	case *client.Client:
		return d
	case *resourceData:
		return d.client
	}
	diags.AddError("Unexpected provider data",
		fmt.Sprintf("Expected *client.Client or *resourceData, got %T. This is a bug in the provider; please report it.", data))
	return nil
}

// importMarksFromProviderData is the operation's importMarks, or nil.
func importMarksFromProviderData(data any) *importMarks {
	if d, ok := data.(*resourceData); ok {
		return d.importMarks
	}
	return nil
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
