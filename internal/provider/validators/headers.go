// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// HeaderName uses the client's rule, which also runs before a create for
// values unknown at plan.
func HeaderName() validator.String {
	return stringRule{
		description: "must be a valid HTTP header name, other than one the gateway sets itself (Host, Content-Length, hop-by-hop headers)",
		summary:     "Invalid header name",
		check:       client.CheckHeaderName,
	}
}

// HeaderValue's errors name the header by its path, never the value.
func HeaderValue() validator.String {
	return stringRule{
		description: "must not contain CR, LF or NUL",
		summary:     "Invalid header value",
		check:       client.CheckHeaderValue,
	}
}
