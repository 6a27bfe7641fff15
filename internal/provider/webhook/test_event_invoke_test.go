// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// `terraform apply -invoke`, which terraform-plugin-testing cannot drive,
// run by the CLI with the provider built from this checkout: the event
// arrives with the receiver's answer as progress, and every failure names
// its cause without the header value, which no log line holds either.
func TestAccWebhookTestEventAction_invoke(t *testing.T) {
	bin, pluginDir := acctest.ProviderCLI(t, 14, "actions")
	tenant := acctest.NewTenant(t)
	secret := acctest.RandomSecret(t, "hdr-")
	path := t.Name()
	uri := func(name string) string { return acctest.Receiver.URL(path + "/" + name) }

	other := acctest.StartReceiver(t)
	acctest.Receiver.Respond(path+"/refused", acctest.Answer{Status: http.StatusInternalServerError, Body: "no client with secret " + secret})
	acctest.Receiver.Respond(path+"/redirect", acctest.Answer{Status: http.StatusTemporaryRedirect, Header: http.Header{"Location": {other.URL(path)}}})
	acctest.Receiver.Respond(path+"/slow", acctest.Answer{Status: http.StatusOK, Delay: 10 * time.Second})

	config := acctest.RequiredProviders + `
variable "secret" {
  type      = string
  sensitive = true
}

provider "esign" {
  request_timeout = "1s"
}
`
	for _, name := range []string{"ok", "refused", "redirect", "slow", "tls"} {
		target := uri(name)
		if name == "tls" { // the receivers' certificate is not valid for this name
			target = strings.Replace(target, "127.0.0.1", "localhost", 1)
		}
		config += fmt.Sprintf(`
action "esign_webhook_test_event" %q {
  config {
    uri        = %q
    event_type = "SignatureRequestCompleted"
    headers    = { "X-Client-Secret" = var.secret }
  }
}
`, name, target)
	}
	tf := acctest.NewTerraformDir(t, bin, pluginDir, append(acctest.ProviderEnv(tenant),
		"SSL_CERT_FILE="+os.Getenv("SSL_CERT_FILE"), "TF_VAR_secret="+secret, "TF_LOG=trace")...)
	acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), config)
	env := tf.Env
	var outputs []string
	run := func(wantCode int, args ...string) string {
		t.Helper()
		tf.Env = append(env, fmt.Sprintf("TF_LOG_PATH=%s/trace-%d.log", tf.Dir, len(outputs)))
		out := tf.Run(wantCode, append([]string{args[0], "-no-color", "-input=false"}, args[1:]...)...)
		outputs = append(outputs, out)
		return out
	}
	invoke := func(name string) string {
		return run(1, "apply", "-auto-approve", "-invoke=action.esign_webhook_test_event."+name)
	}

	plan := run(0, "plan", "-invoke=action.esign_webhook_test_event.ok", "-out=tfplan")
	if len(acctest.Receiver.Requests(path+"/ok")) != 0 {
		t.Fatalf("the plan sent the event:\n%s", plan)
	}
	expectOutput(t, run(0, "apply", "tfplan"), `signaturerequestcompleted test event: 127\.0\.0\.1:\d+ answered 200 OK in \d`)
	if got := testEvents(acctest.Receiver.Requests(path + "/ok")); len(got) != 1 || got[0].Header.Get("X-Client-Secret") != secret {
		t.Fatalf("the receiver got %d test events (want one, with the header): %v", len(got), got)
	}

	expectOutput(t, invoke("refused"), `The receiver at 127\.0\.0\.1:\d+ answered 500 Internal Server Error to the\s+signaturerequestcompleted test event\. Its answer began: "no client with\s+secret \[redacted\]"`)
	expectOutput(t, invoke("redirect"), `answered 307 Temporary Redirect \(a redirect to\s+https://127\.0\.0\.1:\d+, not followed`)
	if got := other.Requests(path); len(got) != 0 {
		t.Errorf("the redirect was followed: the other origin got %d requests", len(got))
	}
	expectOutput(t, invoke("slow"), `POST to 127\.0\.0\.1:\d+ failed: .*Client\.Timeout exceeded.*\(request_timeout 1s\)`)
	expectOutput(t, invoke("tls"), `POST to localhost:\d+ failed: tls: failed to verify certificate: x509:\s+certificate is valid for .*not localhost`)

	if err := acctest.ExpectNoWrites(tenant)(); err != nil {
		t.Error(err)
	}
	logs, _ := filepath.Glob(filepath.Join(tf.Dir, "trace-*.log"))
	for _, name := range logs {
		data, _ := os.ReadFile(name)
		outputs = append(outputs, string(data))
	}
	if len(logs) != len(outputs)/2 || !strings.Contains(strings.Join(outputs, ""), "InvokeAction") {
		t.Fatalf("%d TRACE logs of %d runs, or none shows the action's invocation", len(logs), len(outputs)-len(logs))
	}
	for _, text := range outputs {
		if strings.Contains(text, secret) {
			t.Fatalf("the header value is in an output or a TRACE log")
		}
	}
}

func expectOutput(t *testing.T, out, pattern string) {
	t.Helper()
	if !regexp.MustCompile(pattern).MatchString(out) {
		t.Errorf("the output does not match %s:\n%s", pattern, out)
	}
}
