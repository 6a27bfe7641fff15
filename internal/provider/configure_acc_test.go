// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"cmp"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// With the login block the provider fetches its own token; a 401 in the middle of a run (an expired token)
// makes it log in once more and repeat the call, and the read succeeds. Refused credentials are
// TestAccOneCauseOneError's, settings from the environment every CLI test's (acctest.ProviderEnv).
func TestAccLoginRenewsTheTokenAfter401(t *testing.T) {
	tenant := acctest.NewTenant(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			PreConfig: func() {
				acctest.Emulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteHooksList, emulator.FaultUnauthorized, 1)
			},
			Config: acctest.LoginProviderConfig(tenant) + `data "esign_supported_hooks" "all" {}`,
		}},
	})
	// The step's plan and apply each configure a provider and log in; the 401 adds exactly one more login.
	c := acctest.Emulator.Counters(tenant.SubscriptionKey)
	if c[emulator.RouteLogin] < 2 || c[emulator.RouteLogin] != c[emulator.RouteHooksList] {
		t.Errorf("logins = %d, hook list requests = %d: want one extra login for the one 401", c[emulator.RouteLogin], c[emulator.RouteHooksList])
	}
}

// plainHTTPGateway forwards to the emulator over plain http on an address of this machine that is not
// loopback, counting the requests it gets.
func plainHTTPGateway(t *testing.T) (baseURL string, requests *atomic.Int64) {
	t.Helper()
	ip := nonLoopbackAddress(t)
	listener, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s, this machine's address that is not loopback: %v", ip, err)
	}
	target, err := url.Parse(acctest.EmulatorURL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	requests = new(atomic.Int64)
	gateway := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	_ = gateway.Listener.Close()
	gateway.Listener = listener
	gateway.Start()
	t.Cleanup(gateway.Close)
	return gateway.URL, requests
}

// nonLoopbackAddress is an IPv4 address of this machine that is not loopback (nor link-local).
func nonLoopbackAddress(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skipf("cannot list this machine's addresses: %v", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no IPv4 address that is not loopback: no gateway to test plain http against")
	return ""
}

// Refused without allow_insecure_http, with an error that names the rule and the opt-in, before a single request;
// with it, the same kind of gateway serves the run.
func TestAccInsecureHTTP(t *testing.T) {
	for _, optIn := range []string{"", "allow_insecure_http = true"} {
		t.Run(cmp.Or(optIn, "without the opt-in"), func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			gatewayURL, requests := plainHTTPGateway(t)
			step := resource.TestStep{Config: fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  access_token     = %q
  subscription_key = %q
  %s
}

resource "esign_metadata_entry" "through_gateway" {
  entity_type = "SignatureRequest"
  entity_id   = "sr-gateway"
  key         = "route"
  value       = "plain http"
}
`, gatewayURL, tenant.AccessToken, tenant.SubscriptionKey, optIn)}
			if optIn == "" {
				step.ExpectError = acctest.WrappedRegexp(`Invalid base URL .*base_url \(or ESIGN_BASE_URL\) is "` +
					regexp.QuoteMeta(gatewayURL) + `": plain http:// is accepted only for a loopback host .*clear text.*` +
					`set allow_insecure_http = true \(or ESIGN_ALLOW_INSECURE_HTTP=true\)`)
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories, Steps: []resource.TestStep{step},
			})
			n, counters := requests.Load(), acctest.Emulator.Counters(tenant.SubscriptionKey)
			if (optIn != "") != (n > 0) || (optIn != "") != (len(counters) > 0) {
				t.Errorf("%d requests reached the gateway, and the emulator got %v", n, counters)
			}
		})
	}
}
