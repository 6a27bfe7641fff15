// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Bad input: every invalid configuration is refused at plan time with an error that names the attribute and
// the rule, before any write reaches the service.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// invalidConfigCase is one refused configuration.
type invalidConfigCase struct {
	name   string
	config func(tenant emulator.Tenant, uri string) string
	want   string
	// versions skips the case on clients without what it needs.
	versions []tfversion.TerraformVersionCheck
}

// writeOnly is a case of headers_wo: write-only attributes need Terraform 1.11 or OpenTofu 1.11.
func writeOnly(tc invalidConfigCase) invalidConfigCase {
	tc.versions = acctest.RequiresWriteOnly
	return tc
}

// providerCase puts a provider block of these lines in front of a valid subscription, so a missing check would end
// in a write; $BASE_URL, $KEY and $TOKEN stand for the tenant's settings.
func providerCase(name, lines, want string) invalidConfigCase {
	return invalidConfigCase{name: "provider/" + name, want: want, config: func(tenant emulator.Tenant, uri string) string {
		lines := strings.NewReplacer("$BASE_URL", strconv.Quote(acctest.EmulatorURL), "$KEY", strconv.Quote(tenant.SubscriptionKey),
			"$TOKEN", strconv.Quote(tenant.AccessToken)).Replace(lines)
		return fmt.Sprintf("provider \"esign\" {\n%s\n}\n\nresource \"esign_webhook_subscription\" \"test\" {\n"+
			"  event_type = \"SignatureRequestCompleted\"\n  uri        = %q\n}\n", lines, uri)
	}}
}

// bodyCase adds one resource or data source to a valid provider block.
func bodyCase(name, body, want string) invalidConfigCase {
	return invalidConfigCase{name: name, want: want, config: func(tenant emulator.Tenant, uri string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(body, uri)
	}}
}

// blockCase is a block (kind "resource" or "data") of a valid configuration with the attributes in set (name,
// HCL value pairs) replaced or added.
func blockCase(kind, typ, name, want string, valid, set []string) invalidConfigCase {
	values := map[string]string{}
	var order []string
	for _, pairs := range [][]string{valid, set} {
		for i := 0; i < len(pairs); i += 2 {
			if _, ok := values[pairs[i]]; !ok {
				order = append(order, pairs[i])
			}
			values[pairs[i]] = pairs[i+1]
		}
	}
	body := fmt.Sprintf("\n%s %q \"test\" {\n", kind, typ)
	for _, a := range order {
		body += "  " + a + " = " + values[a] + "\n"
	}
	if kind == "data" {
		typ = "data." + typ
	}
	return bodyCase(typ+"/"+name, body+"}\n# %[1]s", want)
}

func subscriptionCase(name, want string, set ...string) invalidConfigCase {
	return blockCase("resource", "esign_webhook_subscription", name, want,
		[]string{"event_type", `"SignatorySigned"`, "uri", `"https://hooks.example.com/x"`}, set)
}

func metadataEntryCase(name, want string, set ...string) invalidConfigCase {
	return blockCase("resource", "esign_metadata_entry", name, want,
		[]string{"entity_type", `"SignatureRequest"`, "entity_id", `"sr-1"`, "key", `"k"`, "value", `"v"`}, set)
}

func dataSourceCase(typ, name, want string, set ...string) invalidConfigCase {
	return blockCase("data", typ, name, want, nil, set)
}

var invalidConfigCases = []invalidConfigCase{
	// Provider block.
	providerCase("base_url scheme", "base_url = \"ftp://api.example.com\"\nsubscription_key = $KEY\naccess_token = $TOKEN",
		`Invalid base URL.*base_url.*must start with https://`),
	providerCase("base_url without scheme", "base_url = \"127.0.0.1:8787\"\nsubscription_key = $KEY\naccess_token = $TOKEN",
		`Invalid base URL.*base_url must start with https://.*got "127.0.0.1:8787"`),
	providerCase("allow_insecure_http unknown", "base_url = $BASE_URL\nsubscription_key = $KEY\naccess_token = $TOKEN\n"+
		`allow_insecure_http = timestamp() != ""`, `Unknown provider setting.*allow_insecure_http depends on a value that is not known until apply`),
	providerCase("base_url missing", "subscription_key = $KEY\naccess_token = $TOKEN",
		`Missing base URL.*Set base_url in the provider block or the ESIGN_BASE_URL environment variable`),
	providerCase("subscription_key missing", "base_url = $BASE_URL\naccess_token = $TOKEN",
		`Missing subscription key.*Set subscription_key in the provider block or the ESIGN_SUBSCRIPTION_KEY`),
	providerCase("credentials missing", "base_url = $BASE_URL\nsubscription_key = $KEY",
		`Missing credentials.*Set access_token \(or ESIGN_ACCESS_TOKEN\), or the login block`),
	providerCase("access_token empty", "base_url = $BASE_URL\nsubscription_key = $KEY\naccess_token = \"\"",
		`Empty access token.*access_token is set to an empty string`),
	providerCase("access_token and login", "base_url = $BASE_URL\nsubscription_key = $KEY\naccess_token = $TOKEN\n"+
		`login {
  username  = "u"
  password  = "p"
  tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}`, `Conflicting credentials.*Set either access_token or the login block`),
	providerCase("login password missing", "base_url = $BASE_URL\nsubscription_key = $KEY\n"+`login {
  username  = "u"
  tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}`, `Missing login setting.*login.password.*ESIGN_PASSWORD`),
	providerCase("login tenant_id not a GUID", "base_url = $BASE_URL\nsubscription_key = $KEY\n"+`login {
  username  = "u"
  password  = "p"
  tenant_id = "tenant-1"
}`, `login.tenant_id.*must be a GUID`),
	providerCase("max_retries too high", "base_url = $BASE_URL\nsubscription_key = $KEY\naccess_token = $TOKEN\nmax_retries = 21",
		`max_retries value must be between 0 and 20, got: 21`),
	providerCase("request_timeout not a duration", "base_url = $BASE_URL\nsubscription_key = $KEY\naccess_token = $TOKEN\n"+
		`request_timeout = "soon"`, `Invalid duration.*request_timeout must be a positive duration such as "30s"`),

	// esign_webhook_subscription.
	subscriptionCase("event_type unsupported", `Unsupported event type.*event_type "DocumentUploaded" is not supported.*GET /hooks/v1 lists`, "event_type", `"DocumentUploaded"`),
	subscriptionCase("event_type not a name", `event_type.*must be an event type name`, "event_type", `"Signature Request"`),
	subscriptionCase("event_type empty", `event_type.*length must be at least 1`, "event_type", `""`),
	subscriptionCase("uri not https", `Invalid webhook URI.*uri must be an absolute https:// URL: "http://hooks.example.com/x" does not start with https://`, "uri", `"http://hooks.example.com/x"`),
	subscriptionCase("header name", `headers.*must be a valid HTTP header name`, "headers", `{ "X Client" = "v" }`),
	subscriptionCase("headers_wo header name", `headers_wo.*must be a valid HTTP header name`, "headers_wo", `{ "X:Client" = "v" }`),
	// Header injection and the headers a gateway owns: each error names the
	// header and the rule (and never shows the value).
	subscriptionCase("header value CRLF", `Invalid header value.*headers\["X-Ok"\] must not contain CR, LF or NUL`, "headers", `{ "X-Ok" = "line1\r\nInjected: yes" }`),
	subscriptionCase("header name Host", `Invalid header name.*headers\["Host"\] is a header the gateway sets itself \(Host, Content-Length,`, "headers", `{ "Host" = "evil.example.com" }`),
	// Known only at apply: Terraform validates the configuration again then,
	// and the client's own check (client.CheckHeaders) stands behind that.
	subscriptionCase("header value CRLF unknown at plan", `X-Ok.*must not contain CR, LF or NUL`, "headers", `{ "X-Ok" = "${timestamp()}\r\nInjected: yes" }`),
	writeOnly(subscriptionCase("headers_wo value NUL", `Invalid header value.*headers_wo\["Authorization"\] must not contain CR, LF or NUL`, "headers_wo", `{ "Authorization" = "Bearer t\u0000" }`)),
	writeOnly(subscriptionCase("headers_wo name Transfer-Encoding", `Invalid header name.*headers_wo\["Transfer-Encoding"\] is a header the gateway sets itself`, "headers_wo", `{ "Transfer-Encoding" = "chunked" }`)),
	writeOnly(subscriptionCase("headers_wo value CRLF unknown at plan", `X-Ok.*must not contain CR, LF or NUL`, "headers_wo", `{ "X-Ok" = "${timestamp()}\r\nInjected: yes" }`)),
	subscriptionCase("headers and headers_wo", `Invalid Attribute Combination.*Attribute "headers(_wo)?" cannot be specified when "headers(_wo)?" is specified`, "headers", `{ "X-A" = "1" }`, "headers_wo", `{ "X-A" = "2" }`),
	subscriptionCase("headers_wo_version alone", `Invalid Attribute Combination.*Attribute "headers_wo" must be specified when "headers_wo_version" is specified`, "headers_wo_version", `1`),

	// esign_metadata_entry.
	metadataEntryCase("entity_type", `Invalid entity type.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Invoice"`, "entity_type", `"Invoice"`),
	metadataEntryCase("entity_id empty", `entity_id string length must be at least 1`, "entity_id", `""`),
	metadataEntryCase("entity_id dot-dot", `entity_id value must be none of`, "entity_id", `".."`),
	metadataEntryCase("key with slash", `key must not contain /`, "key", `"a/b"`),
	metadataEntryCase("key dot", `key value must be none of`, "key", `"."`),
	metadataEntryCase("key empty", `key string length must be at least 1`, "key", `""`),
	metadataEntryCase("reference_id empty", `reference_id string length must be at least 1`, "entity_type", `"Document"`, "entity_id", `"doc-1"`, "reference_id", `""`),

	// Data sources.
	dataSourceCase("esign_metadata", "neither", `Exactly one of these attributes must be configured: \[entity_id,reference_id\]`),
	dataSourceCase("esign_metadata", "both", `Exactly one of these attributes must be configured: \[entity_id,reference_id\]`, "entity_type", `"Signatory"`, "entity_id", `"sig-1"`, "reference_id", `"sr-1"`),
	dataSourceCase("esign_metadata", "entity_type with reference_id", `These attributes cannot be configured together: \[entity_type,reference_id\]`, "entity_type", `"Signatory"`, "reference_id", `"sr-1"`),
	dataSourceCase("esign_metadata", "entity_id alone", `These attributes must be configured together: \[entity_type,entity_id\]`, "entity_id", `"sig-1"`),
	dataSourceCase("esign_metadata", "entity_type", `Invalid entity type.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Invoice"`, "entity_type", `"Invoice"`, "entity_id", `"x"`),
	dataSourceCase("esign_webhook_subscription", "id empty", `id string length must be at least 1`, "id", `""`, "event_type", `"SignatorySigned"`),
	dataSourceCase("esign_signed_document", "blob_connection_id empty", `blob_connection_id string length must be at least 1`, "blob_connection_id", `""`),
	dataSourceCase("esign_signed_document", "output_path empty", `output_path string length must be at least 1`, "blob_connection_id", `"b"`, "output_path", `""`),
}

// Each case is a plain step (not plan-only): should a check be missing,
// the apply would go ahead and the emulator would count its writes.
func TestAccInvalidConfigurations(t *testing.T) {
	for _, tc := range invalidConfigCases {
		t.Run(tc.name, func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
				TerraformVersionChecks:   tc.versions,
				Steps: []resource.TestStep{{
					Config:      tc.config(tenant, acctest.Receiver.URL(t.Name())),
					ExpectError: acctest.WrappedRegexp(tc.want),
				}},
			})
			if n := acctest.Emulator.Writes(tenant.SubscriptionKey); n != 0 {
				t.Errorf("the refused configuration made %d writes, want 0", n)
			}
		})
	}
}
