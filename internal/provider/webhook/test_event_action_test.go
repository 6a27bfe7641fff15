// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/webhook"
)

const fixedSignatureRequestID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

// testEventTriggerConfig is a subscription that sends itself a test event
// after each create, the action configured from its own attributes.
func testEventTriggerConfig(tenant emulator.Tenant, uri, description, secret string) string {
	return acctest.LoginProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_webhook_subscription" "test" {
  event_type  = "SignatorySigned"
  uri         = %q
  description = %q
  headers     = { "X-Client-Secret" = %q }
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [action.esign_webhook_test_event.check]
    }
  }
}

action "esign_webhook_test_event" "check" {
  config {
    uri                  = esign_webhook_subscription.test.uri
    event_type           = esign_webhook_subscription.test.event_type
    headers              = esign_webhook_subscription.test.headers
    signature_request_id = %q
  }
}
`, uri, description, secret, fixedSignatureRequestID)
}

// After each create (a replacement too), the receiver gets one test event.
func TestAccWebhookTestEventAction_afterCreate(t *testing.T) {
	tenant := acctest.NewTenant(t)
	path := t.Name()
	uri := acctest.Receiver.URL(path)
	secret := acctest.RandomSecret(t, "hdr-")

	expectTestEvents := func(n int) acctest.Func {
		return func() error {
			events := testEvents(acctest.Receiver.Requests(path))
			if len(events) != n {
				return fmt.Errorf("the receiver got %d test events, want %d", len(events), n)
			}
			return checkTestEvent(events[n-1], tenant, secret)
		}
	}
	acctest.SubscriptionsTest(t, tenant, resource.TestCase{
		TerraformVersionChecks: acctest.RequiresActions,
		Steps: []resource.TestStep{
			{
				Config:            testEventTriggerConfig(tenant, uri, "first", secret),
				ConfigStateChecks: []statecheck.StateCheck{expectTestEvents(1)},
			},
			{
				Config:            testEventTriggerConfig(tenant, uri, "second", secret),
				ConfigStateChecks: []statecheck.StateCheck{expectTestEvents(2)},
			},
		},
	})
}

// testEvents are the requests that carry the test marker.
func testEvents(requests []acctest.ReceivedRequest) []acctest.ReceivedRequest {
	return slices.DeleteFunc(requests, func(r acctest.ReceivedRequest) bool { return r.Header.Get(webhook.TestEventHeader) != "true" })
}

func checkTestEvent(got acctest.ReceivedRequest, tenant emulator.Tenant, secret string) error {
	if v := got.Header.Get("X-Client-Secret"); v != secret {
		return fmt.Errorf("the X-Client-Secret header is %q, want the subscription's", v)
	}
	if got.Header.Get("Authorization") != "" || got.Header.Get("Ocp-Apim-Subscription-Key") != "" {
		return fmt.Errorf("the provider's credentials went to the receiver")
	}
	if ct := got.Header.Get("Content-Type"); ct != "application/json" {
		return fmt.Errorf("Content-Type %q", ct)
	}
	// The payload's fields are exactly those of a real signatorysigned event (the emulator's tests check those),
	// matched without case.
	var p struct {
		EventType, Timestamp string
		EventData            struct{ SignatureRequestID, TenantID, DepartmentID, CreatorID, SignatoryID string }
	}
	dec := json.NewDecoder(bytes.NewReader(got.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("the payload has other fields than a real event's: %w: %s", err, got.Body)
	}
	ts, err := time.Parse("2006-01-02T15:04:05", p.Timestamp)
	switch {
	case p.EventType != "signatorysigned":
		return fmt.Errorf("EventType %q", p.EventType)
	case err != nil || time.Since(ts).Abs() > 5*time.Minute:
		return fmt.Errorf("Timestamp %q is not the time of sending without a zone designator (%w)", p.Timestamp, err)
	case p.EventData.SignatureRequestID != fixedSignatureRequestID:
		return fmt.Errorf("SignatureRequestId %q, want the configured one", p.EventData.SignatureRequestID)
	case p.EventData.TenantID != tenant.TenantID:
		return fmt.Errorf("TenantId %q, want the login's %q", p.EventData.TenantID, tenant.TenantID)
	}
	for _, id := range []string{p.EventData.SignatoryID, p.EventData.DepartmentID, p.EventData.CreatorID} {
		if !guidRegexp.MatchString(id) {
			return fmt.Errorf("EventData has %q where a GUID belongs: %s", id, got.Body)
		}
	}
	return nil
}

// An unsupported event type fails the plan, listing the supported types.
func TestAccWebhookTestEventAction_refusedBeforeSending(t *testing.T) {
	tenant := acctest.NewTenant(t)
	path := t.Name()
	config := func(uri, eventType string, headers ...string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "terraform_data" "trigger" {
  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.esign_webhook_test_event.check]
    }
  }
}

action "esign_webhook_test_event" "check" {
  config {
    uri        = %q
    event_type = %q
    headers    = { %s }
  }
}
`, uri, eventType, strings.Join(headers, ", "))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		TerraformVersionChecks:   acctest.RequiresActions,
		Steps: []resource.TestStep{
			{
				Config:      config(acctest.Receiver.URL(path), "SignatureRequestSigned"),
				ExpectError: acctest.WrappedRegexp(`Failed to plan action .* Unsupported event type: event_type "SignatureRequestSigned" is not supported .* lists: signaturerequestcompleted, signatorysigned`),
			},
			{
				Config:      config("http://127.0.0.1:1/"+path, "SignatorySigned"),
				ExpectError: acctest.WrappedRegexp(`Invalid webhook URI .* does not start with https://`),
			},
			{
				Config:      config(acctest.Receiver.URL(path), "SignatorySigned", `"Host" = "example.com"`),
				ExpectError: acctest.WrappedRegexp(`Invalid header name .* is a header the gateway sets itself`),
			},
		},
	})
	if got := acctest.Receiver.Requests(path); len(got) != 0 {
		t.Errorf("the receiver got %d requests, want none", len(got))
	}
	if err := acctest.ExpectNoWrites(tenant)(); err != nil {
		t.Error(err)
	}
}

// `terraform apply -invoke`, which terraform-plugin-testing cannot drive, run by the CLI with the provider
// built from this checkout.
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
	// A hostile receiver's own words: the header value as HTML entities and in base64, in its reason phrase with
	// escape sequences, and the credential in the URI's query repeated.
	var entities strings.Builder
	for _, r := range secret {
		fmt.Fprintf(&entities, "&#%d;", r)
	}
	acctest.Receiver.Respond(path+"/html", acctest.Answer{Status: http.StatusBadRequest, Body: "<p>X-Client-Secret: " + entities.String()})
	acctest.Receiver.Respond(path+"/base64", acctest.Answer{Status: http.StatusBadRequest,
		Body: "got " + base64.StdEncoding.EncodeToString([]byte("X-Client-Secret: "+secret))})
	acctest.Receiver.Respond(path+"/reason", acctest.Answer{Status: http.StatusUnauthorized,
		Reason: "Wrong X-Client-Secret " + secret + " \x1b[32mApply complete!\x1b]8;;https://evil.example\x07"})
	code := acctest.RandomSecret(t, "code-")
	acctest.Receiver.Respond(path+"/code", acctest.Answer{Status: http.StatusForbidden, Body: "forbidden: /" + path + "/code?code=" + code})

	config := acctest.RequiredProviders + `
variable "secret" {
  type      = string
  sensitive = true
}

provider "esign" {
  request_timeout = "1s"
}
`
	for _, name := range []string{"ok", "refused", "redirect", "slow", "tls", "html", "base64", "reason", "code"} {
		target := strconv.Quote(uri(name))
		switch name {
		case "tls": // the receivers' certificate is not valid for this name
			target = strings.Replace(target, "127.0.0.1", "localhost", 1)
		case "code": // a receiver's credential in its URI, from a sensitive variable as a user keeps it
			target = "var.code_uri"
		}
		config += fmt.Sprintf(`
action "esign_webhook_test_event" %q {
  config {
    uri        = %s
    event_type = "SignatureRequestCompleted"
    headers    = { "X-Client-Secret" = var.secret }
  }
}
`, name, target)
	}
	config += `
variable "code_uri" {
  type      = string
  sensitive = true
}
`
	tf := acctest.NewTerraformDir(t, bin, pluginDir, append(acctest.ProviderEnv(tenant),
		"SSL_CERT_FILE="+os.Getenv("SSL_CERT_FILE"), "TF_VAR_secret="+secret, "TF_VAR_code_uri="+uri("code")+"?code="+code, "TF_LOG=trace")...)
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

	const withheld = `Its answer began: \(not shown: the answer repeated a\s+credential\)`
	expectOutput(t, invoke("refused"), `The receiver at 127\.0\.0\.1:\d+ answered 500 Internal Server Error to the\s+signaturerequestcompleted test event\. `+withheld)
	for _, name := range []string{"html", "base64", "code"} {
		expectOutput(t, invoke(name), `answered 40[03] (Bad Request|Forbidden) to the\s+signaturerequestcompleted test event\. `+withheld)
	}
	if out := invoke("reason"); !strings.Contains(out, "answered 401 Unauthorized to the") || strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("the receiver's reason phrase is shown, or its escape sequences reach the terminal:\n%q", out)
	}
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
		for _, leaked := range []string{secret, code} {
			if i := strings.Index(text, leaked); i >= 0 {
				t.Fatalf("%s is in an output or a TRACE log: %q", leaked, text[max(0, i-300):i+len(leaked)])
			}
		}
	}
}

func expectOutput(t *testing.T, out, pattern string) {
	t.Helper()
	if !regexp.MustCompile(pattern).MatchString(out) {
		t.Errorf("the output does not match %s:\n%s", pattern, out)
	}
}

// privateCAReceiver is a receiver of its own, an exception to the shared one: its certificate is signed by an
// authority that only its CA PEM names, where the shared receiver's is trusted through SSL_CERT_FILE.
type privateCAReceiver struct {
	URL      string
	CAPEM    string
	requests atomic.Int64
}

func startPrivateCAReceiver(t *testing.T) *privateCAReceiver {
	t.Helper()
	caDER, caKey := newCertificate(t, &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "esign test private CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}, nil, nil)
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	leafDER, leafKey := newCertificate(t, &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}, ca, caKey)

	r := &privateCAReceiver{CAPEM: string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}))}
	server := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Header.Get(webhook.TestEventHeader) == "true" {
			r.requests.Add(1)
		}
	}))
	server.TLS = &tls.Config{
		MinVersion: tls.VersionTLS12,
		Certificates: []tls.Certificate{{
			Certificate: [][]byte{leafDER},
			PrivateKey:  leafKey,
		}},
	}
	server.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes are the test's own
	server.StartTLS()
	t.Cleanup(server.Close)
	r.URL = server.URL + "/events"
	return r
}

// newCertificate makes a key and a certificate of template for it, signed by parent's key (self-signed without
// a parent).
func newCertificate(t *testing.T, template, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) ([]byte, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if parent == nil {
		parent = template
		parentKey = key
	}
	der, err := x509.CreateCertificate(rand.Reader, template, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	return der, key
}

// ca_cert_pem trusts a receiver's private authority besides the system's roots, which still count (the shared
// receiver is trusted through them); a value that holds anything but certificates that parse fails before
// anything is sent: at plan when it is known, else when the action runs.
func TestAccWebhookTestEventAction_caCertPEM(t *testing.T) {
	tenant := acctest.NewTenant(t)
	private := startPrivateCAReceiver(t)
	path := t.Name()
	config := func(step string, actions ...string) string {
		return acctest.ProviderConfig(tenant) + actionTrigger(step, actions...)
	}
	action := func(name, uri, caCertPEM string) string {
		return fmt.Sprintf(`
action "esign_webhook_test_event" %q {
  config {
    uri         = %q
    event_type  = "SignatorySigned"
    ca_cert_pem = %s
  }
}
`, name, uri, caCertPEM)
	}
	both := config("trusted", "action.esign_webhook_test_event.private", "action.esign_webhook_test_event.shared") +
		action("private", private.URL, strconv.Quote(private.CAPEM)) +
		action("shared", acctest.Receiver.URL(path), strconv.Quote(private.CAPEM))
	expectDeliveries := func(privateWant, sharedWant int) acctest.Func {
		return func() error {
			privateGot := private.requests.Load()
			sharedGot := len(testEvents(acctest.Receiver.Requests(path)))
			if privateGot != int64(privateWant) || sharedGot != sharedWant {
				return fmt.Errorf("the private receiver got %d test events (want %d), the shared one %d (want %d)", privateGot, privateWant, sharedGot, sharedWant)
			}
			return nil
		}
	}

	caLines := strings.Split(strings.TrimSpace(private.CAPEM), "\n")
	caLines[1] = "!" + caLines[1][1:]
	invalid := []struct{ value, want string }{
		{"not a certificate", `holds no PEM certificate`},
		{string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("not DER")})), `holds a certificate that does not parse \(block 1\)`},
		{string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("key")})), `holds a PEM block of type "PRIVATE KEY"`},
		{private.CAPEM + strings.Join(caLines, "\n"), `holds 2 PEM blocks, of which 1 decode`},
	}
	var steps []resource.TestStep
	for _, c := range invalid {
		steps = append(steps, resource.TestStep{ // known at validation
			PlanOnly:    true,
			Config:      config("invalid", "action.esign_webhook_test_event.private") + action("private", private.URL, strconv.Quote(c.value)),
			ExpectError: acctest.WrappedRegexp(`Error: Invalid CA certificate with action.esign_webhook_test_event.private, .* ca_cert_pem ` + c.want),
		})
	}
	steps = append(steps,
		resource.TestStep{ // known at plan only, from a data source
			PlanOnly: true,
			Config: config("invalid", "action.esign_webhook_test_event.private") + `
data "esign_supported_hooks" "all" {}
` + action("private", private.URL, `join(",", data.esign_supported_hooks.all.event_types)`),
			ExpectError: acctest.WrappedRegexp(`Failed to plan action .* Invalid CA certificate: ca_cert_pem holds no PEM certificate`),
		},
		resource.TestStep{
			Config:      config("untrusted", "action.esign_webhook_test_event.private") + action("private", private.URL, "null"),
			ExpectError: acctest.WrappedRegexp(`certificate signed by unknown authority.* If a private authority signed the receiver's certificate, give its certificate in ca_cert_pem`),
		},
		resource.TestStep{
			Config:            both,
			ConfigStateChecks: []statecheck.StateCheck{expectDeliveries(1, 1)},
		},
		resource.TestStep{ // known only when the action runs: the action fails, sending nothing
			Config: config("unknown", "action.esign_webhook_test_event.late") + `
resource "terraform_data" "pem" {
  input = "not a certificate"
}
` + action("late", acctest.Receiver.URL(path), "terraform_data.pem.output"),
			ExpectError: acctest.WrappedRegexp(`Error when invoking action .* Invalid CA certificate: ca_cert_pem holds no PEM certificate`),
		},
	)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		TerraformVersionChecks:   acctest.RequiresActions,
		Steps:                    steps,
	})
	if err := expectDeliveries(1, 1)(); err != nil {
		t.Error(err)
	}
}

// The receiver's uri is checked wherever it becomes known (from a data source at plan, from a resource when the
// action runs), not only at validation: an http:// uri or one with user information fails, and nothing connects.
func TestAccWebhookTestEventAction_uriCheckedWhenKnown(t *testing.T) {
	tenant := acctest.NewTenant(t)
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var connections atomic.Int64
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			_ = conn.Close()
		}
	}()
	t.Cleanup(func() { _ = listener.Close() })
	plain := "http://" + listener.Addr().String() + "/"
	withUser := "https://user:pw@" + listener.Addr().String() + "/"
	// late holds uri; uriExpression is what the action's uri reads.
	config := func(step, uri, uriExpression string) string {
		return acctest.ProviderConfig(tenant) + actionTrigger(step, "action.esign_webhook_test_event.receiver") + fmt.Sprintf(`
data "esign_supported_hooks" "all" {}

resource "terraform_data" "late" {
  input = %q
}

action "esign_webhook_test_event" "receiver" {
  config {
    uri        = %s
    event_type = "SignatorySigned"
  }
}
`, uri, uriExpression)
	}
	// Known at plan: the uri joined with a data source's answer. Known when the action runs: a resource's output.
	atPlan := func(uri string) string {
		return config("plan "+uri, uri, fmt.Sprintf(`"%s${data.esign_supported_hooks.all.event_types[0]}"`, uri))
	}
	atInvoke := func(uri string) string {
		return config("invoke "+uri, uri, "terraform_data.late.output")
	}
	var steps []resource.TestStep
	for _, uri := range []string{plain, withUser} {
		steps = append(steps,
			resource.TestStep{
				PlanOnly:    true,
				Config:      atPlan(uri),
				ExpectError: acctest.WrappedRegexp(`Failed to plan action .* Invalid webhook URI`),
			},
			resource.TestStep{
				Config:      atInvoke(uri),
				ExpectError: acctest.WrappedRegexp(`Error when invoking action .* Invalid webhook URI`),
			},
		)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		TerraformVersionChecks:   acctest.RequiresActions,
		Steps:                    steps,
	})
	if n := connections.Load(); n != 0 {
		t.Errorf("the receiver got %d connections, want none", n)
	}
}

// actionTrigger is a resource whose create and update run actions; every step changes its input (step), so that
// they run again.
func actionTrigger(step string, actions ...string) string {
	return fmt.Sprintf(`
resource "terraform_data" "trigger" {
  input = %q
  lifecycle {
    action_trigger {
      events  = [after_create, after_update]
      actions = [%s]
    }
  }
}
`, step, strings.Join(actions, ", "))
}
