package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// BaseURL is the provider's base_url: what client.CheckBaseURL accepts,
// which is also what the provider checks ESIGN_BASE_URL with, so that a bad
// base URL is an attribute error before any request.
func BaseURL() validator.String {
	return stringRule{
		description: "must be an absolute https:// URL (http:// for a local emulator)",
		summary:     "Invalid base URL",
		check:       client.CheckBaseURL,
	}
}
