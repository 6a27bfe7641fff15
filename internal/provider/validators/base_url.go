package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// BaseURL is the form of the provider's base_url: an absolute http:// or
// https:// URL with a host and nothing the client refuses (user
// information, a query, a fragment), as client.CheckBaseURLWith checks it,
// which is also what the provider checks ESIGN_BASE_URL with. Whether plain
// http:// may go to that host depends on another setting
// (allow_insecure_http, or its environment variable), which an attribute
// validator cannot see: the provider's Configure checks that rule, before
// any request.
func BaseURL() validator.String {
	return stringRule{
		description: "must be an absolute https:// URL (http:// only for a loopback host, or with allow_insecure_http)",
		summary:     "Invalid base URL",
		check:       BaseURLForm,
	}
}

// BaseURLForm is BaseURL's check: every rule of a base URL except the one
// that refuses plain http:// to a host other than loopback.
func BaseURLForm(raw string) error { return client.CheckBaseURLWith(raw, true) }
