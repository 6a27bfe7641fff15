package provider

// Shared test setup: one emulator for the whole package, started on
// 127.0.0.1 in TestMain, and one TLS receiver for webhook deliveries. Each
// test takes a fresh emulator tenant (its own credentials, state and request
// counters), so tests run in parallel without seeing each other.

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

var (
	testEmulator    *emulator.Emulator
	testEmulatorURL string
	testReceiver    *webhookReceiver
)

// testAccProtoV6ProviderFactories serve the provider in-process to the real
// terraform binary that terraform-plugin-testing runs: the same protocol
// server the release binary serves.
var testAccProtoV6ProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"esign": func() (tfprotov6.ProviderServer, error) { return NewProtocol6Server("test"), nil },
}

// requiresWriteOnly skips a test on clients without write-only attributes
// and ephemeral variables: Terraform before 1.11 and OpenTofu 1.6, which
// reports itself as 1.6.x.
var requiresWriteOnly = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)}

func TestMain(m *testing.M) {
	os.Exit(runWithEmulator(m))
}

func runWithEmulator(m *testing.M) int {
	testReceiver = newWebhookReceiver()
	defer testReceiver.Close()

	e, err := emulator.New(emulator.Options{DeliveryClient: testReceiver.TrustingClient()})
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
	testEmulator, testEmulatorURL = e, url

	// Acceptance tests pass credentials in the provider block; clear the
	// environment so that a developer's own settings cannot leak in.
	for _, v := range []string{envBaseURL, envAccessToken, envSubscriptionKey, envUsername, envPassword, envTenantID, envMaxRetries, envDisableReadCoalescing} {
		_ = os.Unsetenv(v)
	}
	return m.Run()
}

// newTestTenant registers a fresh tenant on the shared emulator.
func newTestTenant(t *testing.T) emulator.Tenant {
	t.Helper()
	return testEmulator.NewTenant()
}

// providerConfig is the provider block for a tenant, with an access token.
func providerConfig(tenant emulator.Tenant) string {
	return providerConfigAt(testEmulatorURL, tenant)
}

// providerConfigAt is providerConfig with another base URL, one that leads
// to the emulator.
func providerConfigAt(baseURL string, tenant emulator.Tenant) string {
	return fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  access_token     = %q
  subscription_key = %q
}
`, baseURL, tenant.AccessToken, tenant.SubscriptionKey)
}

// loginProviderConfig is the provider block for a tenant, in login mode.
func loginProviderConfig(tenant emulator.Tenant) string {
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
`, testEmulatorURL, tenant.SubscriptionKey, tenant.Username, tenant.Password, tenant.TenantID)
}

// testClient is an API client for a tenant, for checks outside Terraform.
func testClient(t *testing.T, tenant emulator.Tenant) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{
		BaseURL:         testEmulatorURL,
		AccessToken:     tenant.AccessToken,
		SubscriptionKey: tenant.SubscriptionKey,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// webhookReceiver is an HTTPS server that records every request it gets,
// by path; each test uses its own path.
type webhookReceiver struct {
	server *httptest.Server
	mu     sync.Mutex
	got    map[string][]receivedRequest
}

type receivedRequest struct {
	Header http.Header
	Body   []byte
}

func newWebhookReceiver() *webhookReceiver {
	r := &webhookReceiver{got: map[string][]receivedRequest{}}
	r.server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got[req.URL.Path] = append(r.got[req.URL.Path], receivedRequest{Header: req.Header.Clone(), Body: body})
		r.mu.Unlock()
		w.WriteHeader(http.StatusOK)
	}))
	return r
}

// URL of a path on the receiver, e.g. https://127.0.0.1:4711/test-x.
func (r *webhookReceiver) URL(path string) string {
	return r.server.URL + "/" + strings.TrimPrefix(path, "/")
}

// Requests received on path so far.
func (r *webhookReceiver) Requests(path string) []receivedRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]receivedRequest(nil), r.got["/"+strings.TrimPrefix(path, "/")]...)
}

// TrustingClient is an HTTP client that trusts the receiver's certificate
// (and nothing else), for the emulator's deliveries.
func (r *webhookReceiver) TrustingClient() *http.Client {
	pool := x509.NewCertPool()
	pool.AddCert(r.server.Certificate())
	return &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
	}
}

func (r *webhookReceiver) Close() { r.server.Close() }
