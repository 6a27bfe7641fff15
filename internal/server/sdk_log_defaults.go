// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server

import (
	"os"
	"strings"
)

// QuietSDKLogsUnlessAsked: unset, the SDK's logs default to TRACE and cost a third of the provider's CPU
// in a plan formatting lines Terraform discards (terraform-plugin-framework#1269). Call it first in main.
func QuietSDKLogsUnlessAsked() {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") && !strings.HasPrefix(kv, "TF_LOG_PATH") {
			return
		}
	}
	for _, name := range []string{"TF_LOG_SDK", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_PROTO", "TF_LOG_PROVIDER"} {
		_ = os.Setenv(name, "OFF")
	}
}
