// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"os"
	"strings"
)

// QuietLogsUnlessAsked: unset, the SDK's and the provider's loggers default to TRACE and format every line
// (JSON, by hclog) that Terraform then discards: a third of the provider's CPU in a plan, a tenth in an apply
// (terraform-plugin-framework#1269). The provider's logger reads TF_LOG_PROVIDER_ESIGN, not TF_LOG_PROVIDER.
// Call it first in main.
func QuietLogsUnlessAsked() {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") && !strings.HasPrefix(kv, "TF_LOG_PATH") {
			return
		}
	}
	for _, name := range []string{"TF_LOG_SDK", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_PROTO", "TF_LOG_PROVIDER_ESIGN"} {
		_ = os.Setenv(name, "OFF")
	}
}
