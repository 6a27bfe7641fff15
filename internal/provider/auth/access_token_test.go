// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package auth_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/echoprovider"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/auth"
)

// TestMain runs this package's tests with the emulator on 127.0.0.1.
func TestMain(m *testing.M) { acctest.Main(m) }

// jwtHeader starts every token the emulator's login issues (the base64 of
// {"alg":"HS256","typ":"JWT"}), so a token shows up as it wherever it leaks.
const jwtHeader = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

// tokenAliasConfig logs in with the default provider configuration and
// gives the token to an alias, which reads a data source with it.
func tokenAliasConfig(baseURL string, tenant emulator.Tenant) string {
	return fmt.Sprintf(`
provider "esign" {
  base_url         = %[1]q
  subscription_key = %[2]q
  login {
    username  = %[3]q
    password  = %[4]q
    tenant_id = %[5]q
  }
}

ephemeral "esign_access_token" "t" {}

provider "esign" {
  alias            = "token"
  base_url         = %[1]q
  subscription_key = %[2]q
  access_token     = ephemeral.esign_access_token.t.token
}

data "esign_supported_hooks" "all" {
  provider = esign.token
}
`, baseURL, tenant.SubscriptionKey, tenant.Username, tenant.Password, tenant.TenantID)
}

// Each step is a test case of its own, on the provider and the echo provider (a test provider that stores what
// it is given). That the token serves another provider configuration, and is in no plan, state or log, is
// TestAccAccessToken_cli's.
func TestAccAccessToken(t *testing.T) {
	tenant := acctest.NewTenant(t)
	factories := map[string]func() (tfprotov6.ProviderServer, error){"echo": echoprovider.NewProviderServer()}
	for name, f := range acctest.ProtoV6ProviderFactories {
		factories[name] = f
	}
	opened := time.Now()
	for name, step := range map[string]resource.TestStep{
		// The token and its expiry, as the echo provider shows them.
		"values": {
			Config: acctest.LoginProviderConfig(tenant) + `
ephemeral "esign_access_token" "t" {}

provider "echo" {
  data = ephemeral.esign_access_token.t
}

resource "echo" "t" {}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("echo.t", tfjsonpath.New("data").AtMapKey("token"),
					knownvalue.StringRegexp(regexp.MustCompile(`^`+jwtHeader+`\.[\w-]+\.[\w-]+$`))),
				statecheck.ExpectKnownValue("echo.t", tfjsonpath.New("data").AtMapKey("expires_at"), knownvalue.StringFunc(func(v string) error {
					exp, err := time.Parse(time.RFC3339, v)
					if want := opened.Add(30 * time.Minute); err != nil || exp.Before(want.Add(-time.Minute)) || exp.After(want.Add(time.Minute)) {
						return fmt.Errorf("expires_at %q is not an RFC 3339 time 30 minutes after the login (%w)", v, err)
					}
					return nil
				})),
			},
		},
		// A provider with a static access token has no login to get a token from.
		"needsLogin": {
			Config:      acctest.ProviderConfig(tenant) + `ephemeral "esign_access_token" "t" {}`,
			ExpectError: acctest.WrappedRegexp(`esign_access_token needs the provider's login block .* has a static access_token`),
		},
	} {
		t.Run(name, func(t *testing.T) {
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories,
				TerraformVersionChecks:   acctest.RequiresEphemeral,
				Steps:                    []resource.TestStep{step},
			})
		})
	}
}

// With the CLI and the provider binary, whose log lines reach TF_LOG_PATH.
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
		// An emulator of its own, whose tokens live two seconds.
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

// The token is sensitive wherever it is read: Terraform hides it in plans and outputs by this mark (the echo
// provider above drops marks, so the schema is where to see it).
func TestAccessTokenIsSensitive(t *testing.T) {
	var resp ephemeral.SchemaResponse
	auth.NewAccessTokenEphemeralResource().Schema(context.Background(), ephemeral.SchemaRequest{}, &resp)
	if !resp.Schema.Attributes["token"].IsSensitive() {
		t.Error("the token attribute is not sensitive")
	}
}
