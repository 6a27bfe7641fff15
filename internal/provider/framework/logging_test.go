// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-log/tflogtest"
)

// Secrets are masked in log lines, in every encoding: long ones wherever
// they occur, short ones (a header value "k9") where they stand alone,
// without masking the same characters inside other words.
func TestLogMasksSecrets(t *testing.T) {
	var out bytes.Buffer
	ctx := tflogtest.RootLogger(context.Background(), &out)
	ClientLogger("", "long-secret-1", "k9", `sekr&<it>`).Debug(ctx, "request with k9 and long-secret-1", map[string]any{
		"route": "GET /hooks/v1/k9x",
		"error": `header "X-Key": "k9", k9 again, long-secret-1x`,
		"echo":  `{"password":"sekr\u0026\u003cit\u003e"} {\u0022password\u0022:\u0022sekr\u0026\u003Cit\u003E\u0022} password=sekr%26%3Cit%3E`,
	})
	line := out.String()
	for _, leaked := range []string{`"k9"`, " k9 ", "long-secret-1", "sekr"} {
		if strings.Contains(line, leaked) {
			t.Errorf("%q is in the log line: %s", leaked, line)
		}
	}
	for _, kept := range []string{"GET /hooks/v1/k9x", "request with *** and ***", `\"X-Key\": \"***\", *** again, ***x`} {
		if !strings.Contains(line, kept) {
			t.Errorf("the log line lacks %q: %s", kept, line)
		}
	}
}
