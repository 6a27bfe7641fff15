// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

// BaseURL checks the form only: whether plain http:// may go to the host
// depends on allow_insecure_http, which the provider's ValidateConfig checks.
func BaseURL() validator.String {
	return stringRule{
		description: "must be an absolute https:// URL (http:// only for a loopback host, or with allow_insecure_http)",
		summary:     "Invalid base URL",
		check:       BaseURLForm,
	}
}

// BaseURLForm is BaseURL's check, also run on ESIGN_BASE_URL.
func BaseURLForm(raw string) error { return client.CheckBaseURLWith(raw, true) }
