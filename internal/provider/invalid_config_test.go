package provider_test

// Bad input: every invalid configuration is refused at plan time with an
// error that names the attribute and the rule, before any write reaches the
// service.

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// invalidConfigCase is one refused configuration. config gets the tenant
// and a valid https URI and returns the whole configuration; want is a
// acctest.WrappedRegexp pattern that names the attribute and the rule.
type invalidConfigCase struct {
	name   string
	config func(tenant emulator.Tenant, uri string) string
	want   string
	// versions skips the case on clients without what it needs.
	versions []tfversion.TerraformVersionCheck
}

// writeOnly is a case of headers_wo: write-only attributes need Terraform
// 1.11 or OpenTofu 1.11.
func writeOnly(tc invalidConfigCase) invalidConfigCase {
	tc.versions = acctest.RequiresWriteOnly
	return tc
}

// withProvider puts a provider block with these lines in front of a valid
// subscription, so a missing check would end in a write.
func withProvider(lines string) func(emulator.Tenant, string) string {
	return func(tenant emulator.Tenant, uri string) string {
		return fmt.Sprintf(`
provider "esign" {
%s
}

resource "esign_webhook_subscription" "test" {
  event_type = "SignatureRequestCompleted"
  uri        = %q
}
`, lines, uri)
	}
}

// validProviderLines are the usual credentials of a tenant, for cases that
// break one more setting.
func validProviderLines(tenant emulator.Tenant) string {
	return fmt.Sprintf("  base_url = %q\n  subscription_key = %q\n", acctest.EmulatorURL, tenant.SubscriptionKey)
}

// providerCase breaks the provider block: extra lines next to base_url and
// subscription_key, and an access token unless the lines bring credentials.
func providerCase(name, lines, want string) invalidConfigCase {
	return invalidConfigCase{name: "provider/" + name, want: want, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(validProviderLines(tenant)+lines)(tenant, uri)
	}}
}

// bodyCase adds one resource or data source to a valid provider block.
func bodyCase(name, body, want string) invalidConfigCase {
	return invalidConfigCase{name: name, want: want, config: func(tenant emulator.Tenant, uri string) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(body, uri)
	}}
}

func subscriptionCase(name, attributes, want string) invalidConfigCase {
	return bodyCase("esign_webhook_subscription/"+name, `
resource "esign_webhook_subscription" "test" {
`+attributes+`
}
# %[1]s`, want)
}

func metadataEntryCase(name, attributes, want string) invalidConfigCase {
	return bodyCase("esign_metadata_entry/"+name, `
resource "esign_metadata_entry" "test" {
`+attributes+`
}
# %[1]s`, want)
}

func dataSourceCase(typ, name, attributes, want string) invalidConfigCase {
	return bodyCase("data."+typ+"/"+name, `
data "`+typ+`" "test" {
`+attributes+`
}
# %[1]s`, want)
}

var invalidConfigCases = []invalidConfigCase{
	// Provider block.
	{name: "provider/base_url scheme", want: `Invalid base URL.*base_url.*must start with https://`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = \"ftp://api.example.com\"\n  subscription_key = %q\n  access_token = \"t\"", tenant.SubscriptionKey))(tenant, uri)
	}},
	{name: "provider/base_url query", want: `Invalid base URL.*base_url.*must not have a query or fragment`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = \"https://api.example.com/?debug=1\"\n  subscription_key = %q\n  access_token = \"t\"", tenant.SubscriptionKey))(tenant, uri)
	}},
	{name: "provider/base_url user info", want: `Invalid base URL.*base_url.*must not contain user information`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = \"https://me:pw@api.example.com\"\n  subscription_key = %q\n  access_token = \"t\"", tenant.SubscriptionKey))(tenant, uri)
	}},
	{name: "provider/base_url without scheme", want: `Invalid base URL.*base_url must start with https://.*got "127.0.0.1:8787"`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = \"127.0.0.1:8787\"\n  subscription_key = %q\n  access_token = \"t\"", tenant.SubscriptionKey))(tenant, uri)
	}},
	// No DNS lookup either: the name below does not resolve, and the error
	// is the rule's, not a lookup failure.
	{name: "provider/base_url http to another host", want: `Invalid base URL.*base_url \(or ESIGN_BASE_URL\) is "http://api.esign.invalid": plain http:// is accepted only for a loopback host.*allow_insecure_http = true`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = \"http://api.esign.invalid\"\n  subscription_key = %q\n  access_token = \"t\"", tenant.SubscriptionKey))(tenant, uri)
	}},
	providerCase("allow_insecure_http unknown", `  access_token = "t"
  allow_insecure_http = timestamp() != ""`, `Unknown provider setting.*allow_insecure_http depends on a value that is not known until apply`),
	{name: "provider/base_url missing", want: `Missing base URL.*Set base_url in the provider block or the ESIGN_BASE_URL environment variable`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  subscription_key = %q\n  access_token = %q", tenant.SubscriptionKey, tenant.AccessToken))(tenant, uri)
	}},
	{name: "provider/subscription_key missing", want: `Missing subscription key.*Set subscription_key in the provider block or the ESIGN_SUBSCRIPTION_KEY`, config: func(tenant emulator.Tenant, uri string) string {
		return withProvider(fmt.Sprintf("  base_url = %q\n  access_token = %q", acctest.EmulatorURL, tenant.AccessToken))(tenant, uri)
	}},
	providerCase("credentials missing", ``, `Missing credentials.*Set access_token \(or ESIGN_ACCESS_TOKEN\), or the login block`),
	providerCase("access_token empty", `  access_token = ""`, `Empty access token.*access_token is set to an empty string`),
	providerCase("access_token and login", `  access_token = "t"
  login {
    username  = "u"
    password  = "p"
    tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }`, `Conflicting credentials.*Set either access_token or the login block`),
	providerCase("login password missing", `  login {
    username  = "u"
    tenant_id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  }`, `Missing login setting.*login.password.*ESIGN_PASSWORD`),
	providerCase("login tenant_id not a GUID", `  login {
    username  = "u"
    password  = "p"
    tenant_id = "tenant-1"
  }`, `login.tenant_id.*must be a GUID`),
	providerCase("max_retries too high", `  access_token = "t"
  max_retries = 21`, `max_retries value must be between 0 and 20, got: 21`),
	providerCase("max_retries negative", `  access_token = "t"
  max_retries = -1`, `max_retries value must be between 0 and 20, got: -1`),
	providerCase("request_timeout not a duration", `  access_token = "t"
  request_timeout = "soon"`, `Invalid duration.*request_timeout must be a positive duration such as "30s"`),
	providerCase("request_timeout negative", `  access_token = "t"
  request_timeout = "-5s"`, `Invalid duration.*request_timeout must be a positive duration`),

	// esign_webhook_subscription.
	subscriptionCase("event_type unsupported", `  event_type = "DocumentUploaded"
  uri        = "https://hooks.example.com/x"`, `Unsupported event type.*event_type "DocumentUploaded" is not supported.*GET /hooks/v1 lists`),
	subscriptionCase("event_type not a name", `  event_type = "Signature Request"
  uri        = "https://hooks.example.com/x"`, `event_type.*must be an event type name`),
	subscriptionCase("event_type empty", `  event_type = ""
  uri        = "https://hooks.example.com/x"`, `event_type.*length must be at least 1`),
	subscriptionCase("uri not https", `  event_type = "SignatorySigned"
  uri        = "http://hooks.example.com/x"`, `Invalid webhook URI.*uri must be an absolute https:// URL: "http://hooks.example.com/x" does not start with https://`),
	subscriptionCase("uri relative", `  event_type = "SignatorySigned"
  uri        = "/hooks/x"`, `Invalid webhook URI.*uri must be an absolute https:// URL.*does not start with https://`),
	subscriptionCase("uri without host", `  event_type = "SignatorySigned"
  uri        = "https:///x"`, `Invalid webhook URI.*uri must be an absolute https:// URL.*has no host`),
	subscriptionCase("uri with user info", `  event_type = "SignatorySigned"
  uri        = "https://me:pw@hooks.example.com/x"`, `Invalid webhook URI.*must not contain user information`),
	subscriptionCase("uri with fragment", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x#part"`, `Invalid webhook URI.*must not have a fragment`),
	subscriptionCase("header name", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "X Client" = "v" }`, `headers.*must be a valid HTTP header name`),
	subscriptionCase("headers_wo header name", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers_wo = { "X:Client" = "v" }`, `headers_wo.*must be a valid HTTP header name`),
	// Header injection and the headers a gateway owns: each error names the
	// header and the rule (and never shows the value).
	subscriptionCase("header value CRLF", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "X-Ok" = "line1\r\nInjected: yes" }`, `Invalid header value.*headers\["X-Ok"\] must not contain CR, LF or NUL`),
	subscriptionCase("header value LF", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "X-A" = "fine", "X-B" = "a\nb" }`, `Invalid header value.*headers\["X-B"\] must not contain CR, LF or NUL`),
	subscriptionCase("header name Host", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "Host" = "evil.example.com" }`, `Invalid header name.*headers\["Host"\] is a header the gateway sets itself \(Host, Content-Length,`),
	subscriptionCase("header name content-length", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "content-length" = "0" }`, `Invalid header name.*headers\["content-length"\] is a header the gateway sets itself`),
	// Known only at apply: Terraform validates the configuration again then,
	// and the client's own check (client.CheckHeaders) stands behind that.
	subscriptionCase("header value CRLF unknown at plan", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "X-Ok" = "${timestamp()}\r\nInjected: yes" }`, `X-Ok.*must not contain CR, LF or NUL`),
	writeOnly(subscriptionCase("headers_wo value NUL", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers_wo = { "Authorization" = "Bearer t\u0000" }`, `Invalid header value.*headers_wo\["Authorization"\] must not contain CR, LF or NUL`)),
	writeOnly(subscriptionCase("headers_wo name Transfer-Encoding", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers_wo = { "Transfer-Encoding" = "chunked" }`, `Invalid header name.*headers_wo\["Transfer-Encoding"\] is a header the gateway sets itself`)),
	writeOnly(subscriptionCase("headers_wo value CRLF unknown at plan", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers_wo = { "X-Ok" = "${timestamp()}\r\nInjected: yes" }`, `X-Ok.*must not contain CR, LF or NUL`)),
	subscriptionCase("headers and headers_wo", `  event_type = "SignatorySigned"
  uri        = "https://hooks.example.com/x"
  headers    = { "X-A" = "1" }
  headers_wo = { "X-A" = "2" }`, `Invalid Attribute Combination.*Attribute "headers(_wo)?" cannot be specified when "headers(_wo)?" is specified`),
	subscriptionCase("headers_wo_version alone", `  event_type         = "SignatorySigned"
  uri                = "https://hooks.example.com/x"
  headers_wo_version = 1`, `Invalid Attribute Combination.*Attribute "headers_wo" must be specified when "headers_wo_version" is specified`),

	// esign_metadata_entry.
	metadataEntryCase("entity_type", `  entity_type = "Invoice"
  entity_id   = "sr-1"
  key         = "k"
  value       = "v"`, `Invalid entity type.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Invoice"`),
	metadataEntryCase("entity_id empty", `  entity_type = "SignatureRequest"
  entity_id   = ""
  key         = "k"
  value       = "v"`, `entity_id string length must be at least 1`),
	metadataEntryCase("entity_id dot-dot", `  entity_type = "SignatureRequest"
  entity_id   = ".."
  key         = "k"
  value       = "v"`, `entity_id value must be none of`),
	metadataEntryCase("key with slash", `  entity_type = "SignatureRequest"
  entity_id   = "sr-1"
  key         = "a/b"
  value       = "v"`, `key must not contain /`),
	metadataEntryCase("key dot", `  entity_type = "SignatureRequest"
  entity_id   = "sr-1"
  key         = "."
  value       = "v"`, `key value must be none of`),
	metadataEntryCase("reference_id empty", `  entity_type  = "Document"
  entity_id    = "doc-1"
  key          = "k"
  value        = "v"
  reference_id = ""`, `reference_id string length must be at least 1`),

	// Data sources.
	dataSourceCase("esign_metadata", "neither", ``, `Exactly one of these attributes must be configured: \[entity_id,reference_id\]`),
	dataSourceCase("esign_metadata", "entity_id alone", `  entity_id = "sig-1"`, `These attributes must be configured together: \[entity_type,entity_id\]`),
	dataSourceCase("esign_metadata", "entity_type", `  entity_type = "Invoice"
  entity_id   = "x"`, `Invalid entity type.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Invoice"`),
	dataSourceCase("esign_webhook_subscription", "id empty", `  id         = ""
  event_type = "SignatorySigned"`, `id string length must be at least 1`),
	dataSourceCase("esign_signed_document", "blob_connection_id empty", `  blob_connection_id = ""`, `blob_connection_id string length must be at least 1`),
	dataSourceCase("esign_signed_document", "output_path empty", `  blob_connection_id = "b"
  output_path        = ""`, `output_path string length must be at least 1`),
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
