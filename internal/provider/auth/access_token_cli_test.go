// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package auth_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// With the CLI and the provider binary, whose log lines reach TF_LOG_PATH:
// the token is in no TRACE log, output, saved plan or state; and once it
// expires, what uses it is refused with an error that says why.
func TestAccAccessToken_cli(t *testing.T) {
	bin, pluginDir := acctest.ProviderCLI(t, 10, "ephemeral resources")

	t.Run("never stored or logged", func(t *testing.T) {
		t.Parallel()
		tenant := acctest.NewTenant(t)
		tf := acctest.NewTerraformDir(t, bin, pluginDir, "TF_LOG=trace", "TF_LOG_PATH=trace.log")
		acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), acctest.RequiredProviders+tokenAliasConfig(acctest.EmulatorURL, tenant))
		texts := map[string]string{
			"plan output":  tf.Run(0, "plan", "-no-color", "-out=tfplan"),
			"saved plan":   tf.Run(0, "show", "-json", "tfplan"),
			"apply output": tf.Run(0, "apply", "-no-color", "tfplan"),
		}
		for what, name := range map[string]string{"TRACE log": "trace.log", "state": "terraform.tfstate"} {
			data, err := os.ReadFile(filepath.Join(tf.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			texts[what] = string(data)
		}
		for _, want := range []string{"OpenEphemeralResource", "POST /identity/login", "GET /hooks/v1"} {
			if !strings.Contains(texts["TRACE log"], want) {
				t.Errorf("the TRACE log has no %q: the scan below would prove nothing", want)
			}
		}
		for what, text := range texts {
			if strings.Contains(text, jwtHeader) {
				t.Errorf("a login token is in the %s", what)
			}
		}
	})

	t.Run("expires during the run", func(t *testing.T) {
		t.Parallel()
		// An emulator of its own, whose tokens live two seconds; the alias's
		// first read is answered three seconds late, so its next one comes
		// after the token expired.
		e, err := emulator.New(emulator.Options{TokenLifetime: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		url, err := e.Start("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = e.Close() })
		tenant := e.NewTenant()
		e.HoldAnswers(tenant.SubscriptionKey, emulator.RouteHooksList, 3*time.Second)

		tf := acctest.NewTerraformDir(t, bin, pluginDir)
		acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), acctest.RequiredProviders+tokenAliasConfig(url, tenant)+`
data "esign_webhook_subscriptions" "later" {
  provider   = esign.token
  depends_on = [data.esign_supported_hooks.all]
}
`)
		out := tf.Run(1, "plan", "-no-color")
		if !acctest.WrappedRegexp(`answered 401 Unauthorized.* An access token expires; the login block renews it by itself`).MatchString(out) {
			t.Errorf("the plan does not say that the token was refused because it expired:\n%s", out)
		}
	})
}
