// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// One cause, one error: with a dev and a prod provider configuration, prod's refused credentials stop each of
// its resources and data sources, and the output says in full once which host refused what and what to check,
// and in one line for every other one.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// oneCauseConfig has a dev configuration at the emulator's 127.0.0.1 and a prod configuration at localhost.
func oneCauseConfig(dev, prod emulator.Tenant, prodURL, prodAuth, hookURI string) string {
	return acctest.RequiredProviders + fmt.Sprintf(`
provider "esign" {
  alias            = "dev"
  base_url         = %q
  subscription_key = %q
  access_token     = %q
}

provider "esign" {
  alias            = "prod"
  base_url         = %q
  subscription_key = %q
%s
}

resource "esign_metadata_entry" "dev" {
  provider    = esign.dev
  entity_type = "SignatureRequest"
  entity_id   = "sr-dev"
  key         = "owner"
  value       = "dev-team"
}

resource "esign_metadata_entry" "prod_request" {
  provider    = esign.prod
  entity_type = "SignatureRequest"
  entity_id   = "sr-prod"
  key         = "owner"
  value       = "prod-team"
}

resource "esign_metadata_entry" "prod_signatory" {
  provider    = esign.prod
  entity_type = "Signatory"
  entity_id   = "sig-prod"
  key         = "employee_id"
  value       = "E-1"
}

data "esign_metadata" "prod" {
  provider    = esign.prod
  entity_type = "Document"
  entity_id   = "doc-prod"
}

data "esign_signed_document" "prod" {
  provider           = esign.prod
  blob_connection_id = "blob-prod"
}

resource "esign_webhook_subscription" "prod" {
  provider   = esign.prod
  event_type = "SignatureRequestCompleted"
  uri        = %q
}

data "esign_supported_hooks" "prod" {
  provider = esign.prod
}
`, acctest.EmulatorURL, dev.SubscriptionKey, dev.AccessToken, prodURL, prod.SubscriptionKey, prodAuth, hookURI)
}

func TestAccOneCauseOneError(t *testing.T) {
	terraformBin, pluginDir := acctest.ProviderCLI(t, 0, "")
	devHost := strings.TrimPrefix(acctest.EmulatorURL, "http://")
	prodHost := strings.Replace(devHost, "127.0.0.1", "localhost", 1)
	prodURL := "http://" + prodHost

	for _, tc := range []struct {
		name     string
		auth     func(emulator.Tenant) string // prod's credentials: right ones
		wrong    func(emulator.Tenant) string // and refused ones
		full     string                       // the advice, once
		hostLine string                       // the line that names the host, once
		never    string                       // advice of the other mode
	}{
		{
			name:     "access_token",
			auth:     func(p emulator.Tenant) string { return fmt.Sprintf("  access_token = %q", p.AccessToken) },
			wrong:    func(emulator.Tenant) string { return `  access_token = "expired-token"` },
			full:     "Check access_token (ESIGN_ACCESS_TOKEN) and subscription_key (ESIGN_SUBSCRIPTION_KEY)",
			hostLine: "the service at " + prodHost + " refused them.",
			never:    "login.password",
		},
		{
			name: "login",
			auth: func(p emulator.Tenant) string {
				return fmt.Sprintf("  login {\n    username  = %q\n    password  = %q\n    tenant_id = %q\n  }", p.Username, p.Password, p.TenantID)
			},
			wrong: func(p emulator.Tenant) string {
				return fmt.Sprintf("  login {\n    username  = %q\n    password  = \"wrong-password\"\n    tenant_id = %q\n  }", p.Username, p.TenantID)
			},
			full:     "Check login.username, login.password and login.tenant_id (ESIGN_USERNAME, ESIGN_PASSWORD, ESIGN_TENANT_ID) and subscription_key",
			hostLine: "the service at " + prodHost + " refused the login. ",
			never:    "access_token",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dev, prod := acctest.NewTenant(t), acctest.NewTenant(t)
			acctest.Emulator.PutDocument(prod.SubscriptionKey, "blob-prod", []byte("signed"))
			tf := acctest.NewTerraformDir(t, terraformBin, pluginDir)
			main := tf.Dir + "/main.tf"

			hookURI := acctest.Receiver.URL(t.Name())
			acctest.WriteFile(t, main, oneCauseConfig(dev, prod, prodURL, tc.auth(prod), hookURI))
			tf.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")

			acctest.WriteFile(t, main, oneCauseConfig(dev, prod, prodURL, tc.wrong(prod), hookURI))
			out := tf.Run(1, "plan", "-input=false", "-no-color")
			errorsShown := strings.Count(out, "Error: ")
			if errorsShown != 6 {
				t.Errorf("%d errors, want 6 (one per resource and data source of prod):\n%s", errorsShown, out)
			}
			// Terraform wraps long lines: compare with white space made single.
			flat := strings.Join(strings.Fields(out), " ")
			for what, want := range map[string]string{"the advice": tc.full, "the host that refused": tc.hostLine} {
				if n := strings.Count(flat, want); n != 1 {
					t.Errorf("%s (%q) appears %d times, want once:\n%s", what, want, n, out)
				}
			}
			if n := strings.Count(flat, "the same cause as another error of this provider configuration"); n != errorsShown-1 {
				t.Errorf("%d errors point at the first, want %d:\n%s", n, errorsShown-1, out)
			}
			if strings.Contains(flat, tc.never) || strings.Contains(flat, devHost) {
				t.Errorf("the errors mention %q, which is not how prod authenticates, or dev's host, which answered:\n%s", tc.never, out)
			}
		})
	}
}

// A credential with a line break (a secret store's habit) fails once, at configure, naming the attribute, its
// environment variable and the character, before any request.
func TestAccCredentialWithLineBreak(t *testing.T) {
	tenant := acctest.NewTenant(t)
	t.Setenv("ESIGN_ACCESS_TOKEN", tenant.AccessToken+"\n")
	config := func(key string) string {
		return fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  subscription_key = %q
}

data "esign_supported_hooks" "one" {}
data "esign_supported_hooks" "two" {}
`, acctest.EmulatorURL, key)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      config(tenant.SubscriptionKey),
				ExpectError: acctest.WrappedRegexp(`access_token \(or ESIGN_ACCESS_TOKEN\) ends with a line break \(\\n\), which an HTTP header cannot carry`),
			},
			{
				Config:      config("\r" + tenant.SubscriptionKey),
				ExpectError: acctest.WrappedRegexp(`subscription_key \(or ESIGN_SUBSCRIPTION_KEY\) starts with a carriage return \(\\r\)`),
			},
		},
	})
	for route, n := range acctest.Emulator.Counters(tenant.SubscriptionKey) {
		if n != 0 {
			t.Errorf("%d requests to %s, want none", n, route)
		}
	}
}
