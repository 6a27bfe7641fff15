// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

// Adopting what exists with `terraform query -generate-config-out` (which terraform-plugin-testing cannot run)
// on examples/adopt-existing: a plan that only imports, an apply that writes nothing, headers added after.

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
)

func TestAccAdoptExisting(t *testing.T) {
	// No OpenTofu release has them yet.
	terraformBin, pluginDir := acctest.ProviderCLI(t, 14, "list resources and terraform query -generate-config-out")

	tenant := acctest.NewTenant(t)
	uri := acctest.Receiver.URL(t.Name())
	secret := acctest.RandomSecret(t, "hdr-")
	acctest.SeedSubscriptions(t, tenant,
		client.CreateSubscriptionRequest{EventType: "SignatureRequestCompleted", URI: uri + "/archive",
			Description: "archive signed documents", Headers: map[string]string{"X-Client-Secret": secret}},
		client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri + "/notify"},
		client.CreateSubscriptionRequest{EventType: "signatorysigned", URI: uri + "/audit", Description: "audit"},
	)
	acctest.SeedMetadata(t, tenant,
		acctest.MetadataSeed{EntityType: "SignatureRequest", EntityID: "sr-adopt", Key: "invoice_number", Value: "INV-1", Ref: ""},
		acctest.MetadataSeed{EntityType: "Signatory", EntityID: "sig-adopt", Key: "employee_id", Value: "E-7", Ref: "sr-adopt"},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc/adopt", Key: "archive_class", Value: "contract", Ref: "sr-adopt"},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc-other", Key: "archive_class", Value: "letter", Ref: "sr-other"}, // another request's: not adopted
	)

	tf := acctest.NewTerraformDir(t, terraformBin, pluginDir, append(acctest.ProviderEnv(tenant), "TF_VAR_signature_request_id=sr-adopt")...)
	// The example, as users would run it.
	tf.CopyFiles("../../examples/adopt-existing", "main.tf", "adopt.tfquery.hcl")

	// The query writes a resource and an import block by identity for each.
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	out := tf.Run(0, "query", "-generate-config-out=generated.tf", "-no-color")
	if !strings.Contains(out, "Webhook headers cannot be listed") {
		t.Errorf("the query does not warn that headers cannot be listed:\n%s", out)
	}
	if got := acctest.Emulator.Counters(tenant.SubscriptionKey); got["GET /hooks/v1/subscription"] != 1 || got["GET /metadata/{referenceId}"] != 1 || len(got) != 2 {
		t.Errorf("the query sent %v, want one subscription list and one reference list", got)
	}
	generated, err := os.ReadFile(filepath.Join(tf.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for what, want := range map[string]int{
		`resource "esign_webhook_subscription"`: 3,
		`resource "esign_metadata_entry"`:       3,
		`identity = {`:                          6,
		`null # sensitive`:                      3,
		`"doc-other"`:                           0,
	} {
		if n := strings.Count(string(generated), what); n != want {
			t.Errorf("generated.tf holds %q %d times, want %d:\n%s", what, n, want, generated)
		}
	}

	// The plan only imports, the apply writes nothing, the next plan is empty.
	expectPlan(t, tf, map[string]int{"import": 6})
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	tf.Run(0, "apply", "-input=false", "-no-color", "plan.bin")
	acctest.Check(t, acctest.ExpectNoWrites(tenant))
	tf.Run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")

	// The headers the service cannot show: configured after the import,
	// they are adopted in place, with a warning, and still nothing is sent.
	acctest.WriteFile(t, filepath.Join(tf.Dir, "generated.tf"),
		setGeneratedHeaders(t, string(generated), uri+"/archive", `{ "X-Client-Secret" = "`+secret+`" }`))
	out = expectPlan(t, tf, map[string]int{"update": 1, "no-op": 5})
	if !strings.Contains(out, "Imported webhook headers could not be verified: subscription ") {
		t.Errorf("the plan that adopts headers does not warn:\n%s", out)
	}
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
	out = tf.Run(0, "apply", "-input=false", "-no-color", "plan.bin")
	acctest.Check(t, acctest.ExpectNoWrites(tenant))
	tf.Run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	if strings.Contains(out, secret) {
		t.Errorf("the apply output shows the header value:\n%s", out)
	}
}

// expectPlan saves a plan to plan.bin and checks its resource changes.
func expectPlan(t *testing.T, tf *acctest.TerraformDir, want map[string]int) string {
	t.Helper()
	out := tf.Run(0, "plan", "-out=plan.bin", "-input=false", "-no-color")
	var plan struct {
		ResourceChanges []struct {
			Address string `json:"address"`
			Change  struct {
				Actions   []string        `json:"actions"`
				Importing json.RawMessage `json:"importing"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(tf.Run(0, "show", "-json", "plan.bin")), &plan); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, rc := range plan.ResourceChanges {
		kind := strings.Join(rc.Change.Actions, ",")
		if kind == "no-op" && len(rc.Change.Importing) > 0 {
			kind = "import"
		}
		got[kind]++
	}
	if !maps.Equal(got, want) {
		t.Fatalf("the plan has changes %v, want %v:\n%s", got, want, out)
	}
	return out
}

// setGeneratedHeaders sets headers in the generated resource block whose uri
// is uri, where the generated configuration has `headers = null # sensitive`.
func setGeneratedHeaders(t *testing.T, generated, uri, headers string) string {
	t.Helper()
	blocks := strings.SplitAfter(generated, "\n}\n")
	for i, b := range blocks {
		if strings.Contains(b, `resource "esign_webhook_subscription"`) && strings.Contains(b, `"`+uri+`"`) {
			headersLine := regexp.MustCompile(`(?m)^(\s*headers\s*=\s*)null # sensitive$`)
			if !headersLine.MatchString(b) {
				t.Fatalf("the generated block has no `headers = null # sensitive` line:\n%s", b)
			}
			blocks[i] = headersLine.ReplaceAllString(b, "${1}"+headers)
			return strings.Join(blocks, "")
		}
	}
	t.Fatalf("no generated block has uri %s:\n%s", uri, generated)
	return ""
}
