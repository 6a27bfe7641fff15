package server

import (
	"os"
	"strings"
)

// QuietSDKLogsUnlessAsked turns the SDK's own logs off unless some TF_LOG* variable is set: unset, they
// default to TRACE and format a JSON line per call that Terraform discards, a third of the provider's CPU
// in a plan (terraform-plugin-framework#1269). Call it first thing in main.
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
