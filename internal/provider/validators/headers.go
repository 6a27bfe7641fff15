package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// The rules of a webhook's custom headers are the client's
// (client.CheckHeaderName, client.CheckHeaderValue), which it also applies
// before it sends a create: a value that is unknown at plan time is caught
// there, with the same words. Each error names the header by its path,
// e.g. headers["Host"], and never shows a value.

// HeaderName accepts a header name a subscription may send: an HTTP header
// name that is not one the gateway owns (Host, Content-Length, the
// hop-by-hop headers). For map keys: mapvalidator.KeysAre(HeaderName()).
func HeaderName() validator.String {
	return stringRule{
		description: "must be a valid HTTP header name, other than one the gateway sets itself (Host, Content-Length, hop-by-hop headers)",
		summary:     "Invalid header name",
		check:       client.CheckHeaderName,
	}
}

// HeaderValue accepts a header value without CR, LF or NUL. For map
// values: mapvalidator.ValueStringsAre(HeaderValue()).
func HeaderValue() validator.String {
	return stringRule{
		description: "must not contain CR, LF or NUL",
		summary:     "Invalid header value",
		check:       client.CheckHeaderValue,
	}
}
