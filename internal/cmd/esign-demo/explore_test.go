// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The commands name this run's ids and the demo's terraform, and offer
// terraform query only to a client that has it.
func TestNextSteps(t *testing.T) {
	x := exploring{
		work: "/tmp/w", configDir: "/tmp/w/config", emulatorURL: "http://127.0.0.1:1", receiverURL: "https://127.0.0.1:2",
		ids:       map[string]string{"with_headers": "id-with-headers", "signatorysigned": "id-signed"},
		terraform: "/opt/tf/terraform",
	}
	text := x.nextSteps()
	for _, want := range []string{
		"cd /tmp/w/config && source /tmp/w/env.sh\n",
		`/_emulator/subscriptions/id-with-headers"`,
		`  /opt/tf/terraform import 'esign_webhook_subscription.per_event["signatorysigned"]' signatorysigned/id-signed` + "\n",
		"  signed document  /tmp/w/signed-contract.pdf\n",
		"needs Terraform 1.14",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	x.hasQuery = true
	if text := x.nextSteps(); !strings.Contains(text, "  /opt/tf/terraform query\n") || strings.Contains(text, "needs Terraform 1.14") {
		t.Errorf("with terraform query:\n%s", text)
	}
}

// env.sh gives a shell exactly the demo's values, quotes and all.
func TestWriteEnvFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "env.sh")
	const odd = `it's "quoted" $HOME`
	if err := writeEnvFile(path, []string{"ESIGN_BASE_URL=http://127.0.0.1:1", "TF_VAR_odd=" + odd}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("bash", "-c", `source "$1" && printf '%s|%s' "$ESIGN_BASE_URL" "$TF_VAR_odd"`, "bash", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "http://127.0.0.1:1|" + odd; string(out) != want {
		t.Errorf("sourced: %q, want %q", out, want)
	}
}
