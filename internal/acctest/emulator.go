// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package acctest

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// The emulator and the webhook receiver of this test binary, set by Main.
// Each test takes a fresh emulator tenant (its own credentials, state and
// request counters), so tests run in parallel without seeing each other.
var (
	Emulator    *emulator.Emulator
	EmulatorURL string
	Receiver    *WebhookReceiver
)

// ProtoV6ProviderFactories serve the provider in-process to the real
// terraform binary that terraform-plugin-testing runs: the same protocol
// server the release binary serves.
var ProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"esign": func() (tfprotov6.ProviderServer, error) { return server.New("test"), nil },
}

// RequiresEphemeral skips a test on clients without ephemeral resources:
// Terraform before 1.10 and OpenTofu before 1.11 (1.6 reports itself as 1.6.x).
var RequiresEphemeral = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_10_0)}

// RequiresWriteOnly skips a test on clients without write-only attributes
// and ephemeral variables: Terraform before 1.11 and OpenTofu 1.6, which
// reports itself as 1.6.x.
var RequiresWriteOnly = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)}

// RequiresIdentity skips a test on clients without resource identity:
// Terraform before 1.12 and OpenTofu 1.6 (which reports itself as 1.6.x).
var RequiresIdentity = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}

// RequiresQuery skips a test on clients without list resources and
// `terraform query`: Terraform before 1.14, every OpenTofu release so far.
var RequiresQuery = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_14_0)}

// RequiresActions skips a test on clients without actions: Terraform before
// 1.14, every OpenTofu release so far.
var RequiresActions = RequiresQuery

// Main runs a package's tests with the emulator and the receiver on
// 127.0.0.1: call it from the package's TestMain.
func Main(m *testing.M) {
	os.Exit(runWithEmulator(m))
}

func runWithEmulator(m *testing.M) int {
	Receiver = newWebhookReceiver()
	defer Receiver.Close()
	removeCertFile, err := trustReceivers(Receiver)
	if err != nil {
		fmt.Fprintln(os.Stderr, "trusting the receiver:", err)
		return 1
	}
	defer removeCertFile()

	e, err := emulator.New(emulator.Options{DeliveryClient: Receiver.TrustingClient()})
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting the emulator:", err)
		return 1
	}
	url, err := e.Start("127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting the emulator:", err)
		return 1
	}
	defer func() { _ = e.Close() }()
	Emulator, EmulatorURL = e, url

	// Acceptance tests pass credentials in the provider block; clear the
	// environment so that a developer's own settings cannot leak in.
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "ESIGN_") {
			_ = os.Unsetenv(name)
		}
	}
	return m.Run()
}

// NewTenant registers a fresh tenant on the emulator.
func NewTenant(t *testing.T) emulator.Tenant {
	t.Helper()
	return Emulator.NewTenant()
}

// otherOwners holds, by subscription key, the id of the subscription NewTenantWithOtherOwner added.
var otherOwners sync.Map

// NewTenantWithOtherOwner is a fresh tenant that already holds one subscription of another owner, to an endpoint
// no test configures. Its list before a first create is not empty, so a lost create answer can adopt the one
// identical subscription that appeared since: after an empty list, which a service in maintenance may answer,
// the client adopts nothing. ManagedSubscriptions leaves the other owner's out, and CheckSubscriptionsDestroyed
// wants it kept.
func NewTenantWithOtherOwner(t *testing.T) emulator.Tenant {
	t.Helper()
	tenant := Emulator.NewTenant()
	other, err := Emulator.AddSubscription(tenant.SubscriptionKey, "signaturerequestcompleted", "https://other-owner.example.com/hooks", "not managed here")
	if err != nil {
		t.Fatal(err)
	}
	otherOwners.Store(tenant.SubscriptionKey, other.ID)
	return tenant
}

// ManagedSubscriptions is what the tenant holds but the subscription of NewTenantWithOtherOwner, if any.
func ManagedSubscriptions(key string) []emulator.Subscription {
	otherID, _ := otherOwners.Load(key)
	var managed []emulator.Subscription
	for _, s := range Emulator.Subscriptions(key) {
		if s.ID != otherID {
			managed = append(managed, s)
		}
	}
	return managed
}

// ProviderConfig is the provider block for a tenant, with an access token.
func ProviderConfig(tenant emulator.Tenant) string {
	return ProviderConfigAt(EmulatorURL, tenant)
}

// ProviderConfigAt is ProviderConfig with another base URL, one that leads
// to the emulator.
func ProviderConfigAt(baseURL string, tenant emulator.Tenant) string {
	return fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  access_token     = %q
  subscription_key = %q
}
`, baseURL, tenant.AccessToken, tenant.SubscriptionKey)
}

// LoginProviderConfig is the provider block for a tenant, in login mode.
func LoginProviderConfig(tenant emulator.Tenant) string {
	return fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  subscription_key = %q
  login {
    username  = %q
    password  = %q
    tenant_id = %q
  }
}
`, EmulatorURL, tenant.SubscriptionKey, tenant.Username, tenant.Password, tenant.TenantID)
}

// Client is an API client for a tenant, for checks outside Terraform.
func Client(t *testing.T, tenant emulator.Tenant) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{
		BaseURL:         EmulatorURL,
		AccessToken:     tenant.AccessToken,
		SubscriptionKey: tenant.SubscriptionKey,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
