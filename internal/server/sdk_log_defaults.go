package server

import (
	"os"
	"strings"
)

// sdkLogVariables control the plugin framework's and plugin-go's own logs.
var sdkLogVariables = []string{"TF_LOG_SDK", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_PROTO", "TF_LOG_PROVIDER"}

// QuietSDKLogsUnlessAsked turns the SDK's own logging off when the user has
// asked for no logs at all. Without a TF_LOG* variable the logging library
// defaults to TRACE and formats a JSON line for every call, which Terraform
// then throws away: a third of the provider's CPU during a plan
// (terraform-plugin-framework#1269). TF_LOG=DEBUG and friends still work,
// since Terraform passes the user's environment to the provider.
//
// Every binary that serves the provider calls it first thing in main (the
// release build and the benchmark's profiling build), so both are measured
// the same way.
func QuietSDKLogsUnlessAsked() {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") && !strings.HasPrefix(kv, "TF_LOG_PATH") {
			return
		}
	}
	for _, name := range sdkLogVariables {
		_ = os.Setenv(name, "OFF")
	}
}
