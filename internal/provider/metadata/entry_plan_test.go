// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

// The plan itself says that destroying (or replacing) an entry leaves its value on the service, before anyone
// approves.

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
)

// planWarningConfig holds entries of one signature request: "kept" and 30
// "many" stay, "gone" is left out unless withGone, "rekeyed" has key.
func planWarningConfig(withGone bool, rekeyedKey string) string {
	config := acctest.RequiredProviders + `
provider "esign" {}

resource "esign_metadata_entry" "many" {
  count       = 30
  entity_type = "SignatureRequest"
  entity_id   = "sr-plan"
  key         = "many-${count.index}"
  value       = "stays"
}
` + metadataEntryBlock("kept", "SignatureRequest", "sr-plan", "kept", "stays", "") +
		metadataEntryBlock("rekeyed", "SignatureRequest", "sr-plan", rekeyedKey, "moves", "")
	if withGone {
		config += metadataEntryBlock("gone", "SignatureRequest", "sr-plan", "gone", "left behind", "")
	}
	return config
}

func TestAccMetadataEntryResource_planWarnsThatTheValueStays(t *testing.T) {
	terraformBin := acctest.TerraformCLI(t)
	tenant := acctest.NewTenant(t)
	tf := acctest.NewTerraformDir(t, terraformBin, acctest.BuildProvider(t), acctest.ProviderEnv(tenant)...)
	main := filepath.Join(tf.Dir, "main.tf")
	acctest.WriteFile(t, main, planWarningConfig(true, "old-key"))
	tf.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")
	acctest.Emulator.ResetCounters(tenant.SubscriptionKey)

	// "gone" left out of the configuration, "rekeyed" given another key.
	acctest.WriteFile(t, main, planWarningConfig(false, "new-key"))
	out := flatOutput(tf.Run(0, "plan", "-input=false", "-no-color"))
	expectWarnings(t, out, map[string]int{
		`Warning: The metadata value stays on the service: SignatureRequest/sr-plan/gone `:    1,
		`Warning: The metadata value stays on the service: SignatureRequest/sr-plan/old-key `: 1,
		`Destroying the esign_metadata_entry SignatureRequest/sr-plan/gone removes it from the Terraform state only: ` +
			`the service has no delete operation for metadata, so the key "gone" of SignatureRequest "sr-plan" keeps ` +
			`its value`: 1,
		`Replacing the esign_metadata_entry SignatureRequest/sr-plan/old-key removes it from the Terraform state only`: 1,
		`removed { from = <address> lifecycle { destroy = false } } on Terraform 1.7 or later`:                         2,
		`To blank the value first, apply value = "", then remove the resource.`:                                        2,
		`SignatureRequest/sr-plan/kept removes it`:                                                                     0,
	})

	// A destroy names 20 of the 33 entries, each in its summary.
	acctest.WriteFile(t, main, planWarningConfig(true, "old-key"))
	for _, args := range [][]string{{"plan", "-destroy"}, {"destroy", "-auto-approve"}} {
		out = flatOutput(tf.Run(0, append(args, "-input=false", "-no-color")...))
		expectWarnings(t, out, map[string]int{
			`Warning: The metadata value stays on the service: SignatureRequest/sr-plan/`: 20,
			`Warning: More metadata values stay on the service `:                          1,
			`(and 12 more similar warnings elsewhere)`:                                    1,
			`Warning: `: 22, // and dev_overrides'
		})
	}
	if n := acctest.Emulator.Writes(tenant.SubscriptionKey); n != 0 {
		t.Errorf("the plans wrote %d times", n)
	}
}

// flatOutput is out with every run of white space made one space: Terraform wraps long lines.
func flatOutput(out string) string { return strings.Join(strings.Fields(out), " ") }

// expectWarnings checks how often each text occurs in out.
func expectWarnings(t *testing.T, out string, want map[string]int) {
	t.Helper()
	for text, n := range want {
		if got := strings.Count(out, text); got != n {
			t.Errorf("%q occurs %d times in the plan output, want %d:\n%s", text, got, n, out)
		}
	}
}
