// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Secrets never appear in Terraform's log at TRACE, in its output, or in state (write-only values).

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/acctest/hostile"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// jwtHeader starts every token the emulator's login issues (the base64 of {"alg":"HS256","typ":"JWT"}).
const jwtHeader = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

func TestAccRedaction(t *testing.T) {
	terraformBin := acctest.TerraformCLI(t)
	// Write-only attributes and ephemeral variables need Terraform or OpenTofu 1.11.
	writeOnly, version := acctest.TerraformAtLeast(t, terraformBin, 11)
	if !writeOnly {
		t.Logf("%s is version %s: write-only attributes and ephemeral variables need 1.11, so headers_wo is left out", terraformBin, version)
	}
	pluginDir := acctest.BuildProvider(t)
	checkLoginTokensLookLikeJWTs(t)

	for _, mode := range []string{"access_token", "login"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			runRedactionScenario(t, terraformBin, pluginDir, mode, writeOnly)
		})
	}
}

// checkLoginTokensLookLikeJWTs: the scan finds a login token by jwtHeader, so the emulator's tokens must start with it.
func checkLoginTokensLookLikeJWTs(t *testing.T) {
	tenant := acctest.NewTenant(t)
	c, err := client.New(client.Config{BaseURL: acctest.EmulatorURL, SubscriptionKey: tenant.SubscriptionKey,
		Login: &client.LoginCredentials{Username: tenant.Username, Password: tenant.Password, TenantID: tenant.TenantID}})
	if err != nil {
		t.Fatal(err)
	}
	if token, err := c.Login(context.Background()); err != nil || !strings.HasPrefix(token, jwtHeader+".") {
		t.Fatalf("login tokens do not start with %s (%v): the scan for them would miss a leak", jwtHeader, err)
	}
}

const redactionConfig = acctest.CLIConfigHeader + `
variable "header_secret" {
  type      = string
  sensitive = true
}

# Everything else comes from ESIGN_* variables.
provider "esign" {
  max_retries = 3
}

data "esign_supported_hooks" "all" {}

resource "esign_webhook_subscription" "headers" {
  event_type  = "SignatureRequestCompleted"
  uri         = "${var.uri}/headers"
  description = "redaction"
  headers     = { "X-Client-Secret" = var.header_secret }
}

resource "esign_metadata_entry" "entry" {
  entity_type = "SignatureRequest"
  entity_id   = "sr-redaction"
  key         = "owner"
  value       = "platform-team"
}

data "esign_metadata" "entry" {
  entity_type = "SignatureRequest"
  entity_id   = esign_metadata_entry.entry.entity_id
}
`

// redactionWriteOnlyConfig is added for clients with write-only attributes.
const redactionWriteOnlyConfig = `
variable "wo_secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "esign_webhook_subscription" "headers_wo" {
  event_type         = "SignatorySigned"
  uri                = "${var.uri}/headers-wo"
  headers_wo         = { "X-Client-Secret" = var.wo_secret }
  headers_wo_version = 1
}
`

// runRedactionScenario applies, plans again and destroys with TF_LOG=TRACE,
// then scans every log, every output and the state for the secrets.
func runRedactionScenario(t *testing.T, terraformBin, pluginDir, mode string, writeOnly bool) {
	tenant := acctest.NewTenantWithOtherOwner(t) // so that the lost create answer below is adopted
	// Values full of what encoders escape; each is found, in any encoding, by its random part.
	headerSecret, headerCore := escapedSecret(t, "hdr-")
	woSecret, woCore := escapedSecret(t, "wo-")
	uri := acctest.Receiver.URL(t.Name())

	// Every error answer quotes the request's credentials and body, as a careless gateway would, and so does
	// a dropped request, in a transport error that only the log shows.
	gateway := hostile.New(t, acctest.EmulatorURL)
	gateway.Echo(hostile.GoJSON)

	config := redactionConfig
	if writeOnly {
		config += redactionWriteOnlyConfig
	}
	tf := acctest.NewTerraformDir(t, terraformBin, pluginDir, "TF_LOG=TRACE", "ESIGN_BASE_URL="+gateway.URL,
		"ESIGN_SUBSCRIPTION_KEY="+tenant.SubscriptionKey, "TF_VAR_uri="+uri, "TF_VAR_header_secret="+headerSecret)
	acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), config)
	env := tf.Env
	// Secrets that must appear nowhere: not in logs, output or state.
	secrets := map[string]string{
		"subscription key": tenant.SubscriptionKey,
		"login token":      jwtHeader,
	}
	createdSubscription := "esign_webhook_subscription.headers: Creation complete"
	if writeOnly {
		env = append(env, "TF_VAR_wo_secret="+woSecret)
		secrets["headers_wo value"] = woCore
		createdSubscription = "esign_webhook_subscription.headers_wo: Creation complete"
	}
	credential := "ESIGN_ACCESS_TOKEN=" // the one a later run gets wrong
	if mode == "login" {
		credential = "ESIGN_PASSWORD="
		env = append(env, "ESIGN_USERNAME="+tenant.Username, "ESIGN_PASSWORD="+tenant.Password, "ESIGN_TENANT_ID="+tenant.TenantID)
		secrets["password"] = tenant.Password
		// A 401 in the middle of the apply: the provider logs in again. A
		// dropped login quotes the password in a transport error (logged).
		acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultUnauthorized, 1)
		acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteLogin, emulator.FaultDrop, 1)
	} else {
		env = append(env, "ESIGN_ACCESS_TOKEN="+tenant.AccessToken)
		secrets["access token"] = tenant.AccessToken
	}
	// A lost answer and a retried server error, so those paths log too.
	acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteMetadataPut, emulator.FaultInternalError, 1)
	acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)

	var logs, outputs []string
	run := func(name string, wantCode int, env []string, args ...string) string {
		t.Helper()
		tf.Env = append(env, "TF_LOG_PATH="+name+".log")
		out := tf.Run(wantCode, append(args, "-input=false", "-no-color")...)
		logData, _ := os.ReadFile(filepath.Join(tf.Dir, name+".log"))
		logs, outputs = append(logs, string(logData)), append(outputs, out)
		return out
	}

	run("apply", 0, env, "apply", "-auto-approve")
	state, err := os.ReadFile(filepath.Join(tf.Dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	run("plan", 0, env, "plan", "-detailed-exitcode") // exit code 2 (changes) fails the run
	run("destroy", 0, env, "destroy", "-auto-approve")

	// Refused credentials end the last plans with errors that quote the service's answers, which echo the
	// wrong credential and the key in each encoding. The wrong one comes last: os/exec keeps the last of a name.
	wrong, wrongCore := escapedSecret(t, "wrong-")
	wrongEnv := append(slices.Clone(env), credential+wrong)
	secrets["wrong "+mode+" credential"] = wrongCore
	for _, encoding := range []hostile.Encoding{hostile.GoJSON, hostile.DotNet, hostile.Form} {
		gateway.Echo(encoding)
		refused := strings.Join(strings.Fields(run("refused-"+string(encoding), 1, wrongEnv, "plan")), " ")
		if !strings.Contains(refused, client.Withheld) {
			t.Errorf("the refused plan (%q) shows no echoed request: the scan of its errors proves nothing:\n%s", encoding, refused)
		}
	}

	allLogs := strings.Join(logs, "\n")
	allOutput := strings.Join(outputs, "\n")

	// The scan must be looking at real material: provider log lines for
	// every kind of request, the resources in the output and the state.
	for _, want := range []string{
		"esign API request", "POST /hooks/v1/subscription", "GET /hooks/v1/subscription",
		"PUT /metadata/{entityType}/{entityId}/{key}", "DELETE /hooks/v1/subscription/{id}", "status=500",
	} {
		if !strings.Contains(allLogs, want) {
			t.Errorf("the TRACE log has no %q: the provider's log lines are not in it, so the scan proves nothing", want)
		}
	}
	if mode == "login" && !strings.Contains(allLogs, "POST /identity/login") {
		t.Error("the TRACE log shows no login request")
	}
	if len(allLogs) < 100_000 {
		t.Errorf("the TRACE logs hold only %d bytes", len(allLogs))
	}
	if !strings.Contains(allOutput, createdSubscription) {
		t.Errorf("the apply output lacks the resources:\n%s", allOutput)
	}
	if !strings.Contains(string(state), uri) || !strings.Contains(string(state), "sensitive_attributes") {
		t.Errorf("the state does not hold the subscriptions:\n%s", state)
	}

	for what, secret := range secrets {
		expectAbsent(t, what, secret, map[string]string{"log": allLogs, "output": allOutput, "state": string(state)})
	}
	// headers values are kept in state by design (sensitive, since the
	// service never returns them); they must still not be logged or shown.
	expectAbsent(t, "headers value", headerCore, map[string]string{"log": allLogs, "output": allOutput})
	if !strings.Contains(string(state), headerCore) {
		t.Error("the headers value is not in state: the check above may scan the wrong state")
	}
}

func expectAbsent(t *testing.T, what, secret string, in map[string]string) {
	t.Helper()
	for where, text := range in {
		if i := strings.Index(text, secret); i >= 0 {
			start, end := max(i-200, 0), min(i+len(secret)+100, len(text))
			t.Errorf("the %s appears in the %s: …%s…", what, where, text[start:end])
		}
	}
}

// escapedSecret is a random secret with the characters JSON, URL and form
// encoders escape, and its random part, which every encoding shows as is.
func escapedSecret(t *testing.T, prefix string) (secret, core string) {
	core = acctest.RandomSecret(t, prefix)
	return core + `&<>+"\é` + core, core
}

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
// refuses, in its error answers, JSON-escaped with "\/" and with escapes of mixed styles: the gate must
// decode both to find the secrets.
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
