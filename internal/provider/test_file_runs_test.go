// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// With a provider block in a test file, `terraform test` (1.13+) configures one provider process for the file and
// plans and applies every run in it. The checks that compare the blocks of one operation (identical subscriptions,
// overlapping exclusive scopes, two entries for one key) must not take a block of an earlier run for a rival.
func TestAccTerraformTestRunsShareOneProcess(t *testing.T) {
	bin, plugins := acctest.ProviderCLI(t, 6, "terraform test")
	tenant := acctest.NewTenant(t)
	tf := acctest.NewTerraformDir(t, bin, plugins, "TF_VAR_uri="+acctest.Receiver.URL(t.Name()))
	acctest.WriteFile(t, filepath.Join(tf.Dir, "main.tf"), acctest.CLIConfigHeader+`
variable "value" {
  type = string
}

resource "esign_webhook_subscription" "s" {
  event_type  = "SignatureRequestCompleted"
  uri         = var.uri
  description = var.value
}

resource "esign_webhook_subscriptions_exclusive" "all" {
  subscription_ids = [esign_webhook_subscription.s.id]
  on_unmanaged     = "warn"
}

resource "esign_metadata_entry" "e" {
  entity_type = "SignatureRequest"
  entity_id   = "sr-test-file-runs"
  key         = "owner"
  value       = var.value
}
`)
	tests := filepath.Join(tf.Dir, "tests")
	if err := os.Mkdir(tests, 0o750); err != nil {
		t.Fatal(err)
	}
	acctest.WriteFile(t, filepath.Join(tests, "runs.tftest.hcl"), fmt.Sprintf(`
provider "esign" {
  base_url         = %q
  subscription_key = %q
  access_token     = %q
}

variables {
  value = "A"
}

run "create" {}

run "unchanged" {
  command = plan
}

run "changed" {
  variables {
    value = "B"
  }
  assert {
    condition     = esign_metadata_entry.e.value == "B"
    error_message = "the entry was not updated"
  }
}

run "changed_again_in_a_plan" {
  command = plan
  variables {
    value = "C"
  }
}
`, acctest.EmulatorURL, tenant.SubscriptionKey, tenant.AccessToken))

	out := tf.Run(0, "test", "-no-color")
	for _, rival := range []string{"identical webhook subscription blocks", "scopes overlap", "Two resources manage"} {
		if strings.Contains(out, rival) {
			t.Errorf("a run took a block of another run for a rival (%q):\n%s", rival, out)
		}
	}
	if stored := acctest.Emulator.Metadata(tenant.SubscriptionKey); len(stored) != 1 || stored[0].Value != "B" {
		t.Errorf("the service holds %+v, want the entry owner = B", stored)
	}
}
