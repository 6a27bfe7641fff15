// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package server_test

import (
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// With no TF_LOG variable the provider's logger is off, so no line is formatted; TF_LOG=DEBUG leaves it as asked.
func TestLogsQuietUnlessAsked(t *testing.T) {
	for _, asked := range []string{"", "DEBUG"} {
		for _, kv := range os.Environ() {
			if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "TF_LOG") {
				t.Setenv(name, "") // restored after the test
				_ = os.Unsetenv(name)
			}
		}
		if asked != "" {
			t.Setenv("TF_LOG", asked)
		}
		server.QuietLogsUnlessAsked()
		// terraform-plugin-go reads the provider logger's level from TF_LOG_PROVIDER_<type>; none is TRACE.
		level := hclog.LevelFromString(os.Getenv("TF_LOG_PROVIDER_ESIGN"))
		if off := level == hclog.Off; off != (asked == "") {
			t.Errorf("TF_LOG=%q: the provider's logger level is %s", asked, level)
		}
	}
}
