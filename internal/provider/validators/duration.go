// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package validators

import (
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

func Duration() validator.String {
	return stringRule{
		description: `must be a positive duration such as "30s" or "2m"`,
		summary:     "Invalid duration",
		check: func(s string) error {
			if d, err := time.ParseDuration(s); err != nil || d <= 0 {
				return fmt.Errorf(`must be a positive duration such as "30s" or "2m", got %q`, s)
			}
			return nil
		},
	}
}
