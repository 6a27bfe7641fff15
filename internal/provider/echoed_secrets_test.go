// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

const echoedSecretsConfig = acctest.RequiredProviders + `
variable "password" {
  type      = string
  sensitive = true
}

variable "wo" {
  type      = string
  sensitive = true
  ephemeral = true
}

provider "esign" {
  alias = "login"
  login {
    username  = "someone"
    password  = var.password
    tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }
}

data "esign_supported_hooks" "login" {
  provider = esign.login
}

resource "esign_webhook_subscription" "wo" {
  event_type         = "SignatorySigned"
  uri                = "https://hooks.example.com/wo"
  headers_wo         = { "X-Client-Secret" = var.wo }
  headers_wo_version = 1
}
`

// A gateway quotes the login's request (the password) and the create's (the headers_wo value), which it
// refuses, in its error answers, in the encodings that once leaked them.
func TestAccEchoedSecretsWithheld(t *testing.T) {
	bin, pluginDir := acctest.ProviderCLI(t, 11, "headers_wo")
	tenant := acctest.NewTenant(t)
	for _, encoding := range []hostile.Encoding{hostile.SlashJSON, hostile.MixedJSON} {
		t.Run(string(encoding), func(t *testing.T) {
			password := acctest.RandomSecret(t, "pw-")
			wo := acctest.RandomSecret(t, "wo-")
			gateway := hostile.New(t, acctest.EmulatorURL)
			gateway.Echo(encoding)
			gateway.Refuse(emulator.RouteSubscriptionCreate)
			// Bytes after a whole answer quote the credentials: Go's transport logs them on its own.
			gateway.Damage(emulator.RouteHooksList, hostile.Unsolicited, 1)
			tf := acctest.NewTerraformDir(t, bin, pluginDir, "ESIGN_BASE_URL="+gateway.URL, "ESIGN_SUBSCRIPTION_KEY="+tenant.SubscriptionKey,
				"ESIGN_ACCESS_TOKEN="+tenant.AccessToken, "TF_LOG=TRACE", "TF_LOG_PATH=trace.log",
				// A / past the first two characters too: the gate finds a long secret without them.
				`TF_VAR_password=pa/s/s+w&rd<`+password+`>'"\`, `TF_VAR_wo=wo/x/+'y"&z<`+wo+`>\`)
			acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), echoedSecretsConfig)

			out := tf.Run(1, "apply", "-auto-approve", "-input=false", "-no-color", "-target=esign_webhook_subscription.wo") +
				tf.Run(1, "plan", "-input=false", "-no-color")
			out = strings.Join(strings.Fields(out), " ") // Terraform wraps its diagnostics
			log, _ := os.ReadFile(filepath.Join(tf.Dir, "trace.log"))
			if gateway.Echoes() < 2 || strings.Count(out, client.Withheld) < 2 || !strings.Contains(string(log), "esign API request") {
				t.Fatalf("%d echoes; want the login's and the create's withheld in the output, and the provider's lines in the log:\n%s", gateway.Echoes(), out)
			}
			for _, secret := range []string{password, wo, tenant.SubscriptionKey, tenant.AccessToken} {
				if strings.Contains(out, secret) || strings.Contains(string(log), secret) {
					t.Errorf("%s is in the output or the TRACE log", secret)
				}
			}
		})
	}
}
