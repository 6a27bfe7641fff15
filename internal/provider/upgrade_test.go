// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package provider_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// fixtureState is what the upgrade test reads of a state fixture.
type fixtureState struct {
	Resources []struct {
		Type      string `json:"type"`
		Instances []struct {
			Attributes map[string]any `json:"attributes"`
			Identity   map[string]any `json:"identity"`
		} `json:"instances"`
	} `json:"resources"`
}

// States written by every earlier provider version with resources plan clean with this one, write nothing,
// and come out of the next apply with their resource identity (on clients that store one).
func TestAccUpgradeFromEarlierStates(t *testing.T) {
	fixtures, err := filepath.Glob("testdata/upgrade/*.tfstate")
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no state fixtures in testdata/upgrade (%v)", err)
	}
	bin, plugins := acctest.ProviderCLI(t, 0, "")
	for _, fixture := range fixtures {
		t.Run(strings.TrimSuffix(filepath.Base(fixture), ".tfstate"), func(t *testing.T) {
			tenant := acctest.NewTenant(t)
			state := seedFixture(t, tenant, fixture)
			tf := acctest.NewTerraformDir(t, bin, plugins,
				append(acctest.ProviderEnv(tenant), "TF_VAR_uri=https://hooks.example.com/upgrade")...)
			tf.CopyFiles("testdata/upgrade", "main.tf")
			acctest.WriteFile(t, filepath.Join(tf.Dir, "provider.tf"), acctest.RequiredProviders)
			acctest.WriteFile(t, filepath.Join(tf.Dir, "terraform.tfstate"), state)

			acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
			tf.Run(0, "plan", "-detailed-exitcode", "-input=false", "-no-color")
			tf.Run(0, "apply", "-auto-approve", "-input=false", "-no-color")
			acctest.Check(t, acctest.ExpectNoWrites(tenant)) // by plan and apply of the upgraded state
			if ok, _ := acctest.TerraformAtLeast(t, bin, 12); !ok {
				return
			}
			_, after := readState(t, filepath.Join(tf.Dir, "terraform.tfstate"))
			for _, r := range after.Resources {
				for i, instance := range r.Instances {
					if len(instance.Identity) == 0 {
						t.Errorf("%s[%d] has no identity after the apply", r.Type, i)
					}
				}
			}
		})
	}
}

// seedFixture puts the objects of a state fixture on the tenant's service and
// returns the fixture with the subscription ids they got.
func seedFixture(t *testing.T, tenant emulator.Tenant, fixture string) string {
	t.Helper()
	text, state := readState(t, fixture)
	for _, r := range state.Resources {
		for _, instance := range r.Instances {
			a := func(name string) string {
				s, _ := instance.Attributes[name].(string)
				return s
			}
			switch r.Type {
			case "esign_webhook_subscription":
				id := acctest.SeedSubscriptions(t, tenant, client.CreateSubscriptionRequest{
					EventType: a("event_type"), URI: a("uri"), Description: a("description"),
				})[0]
				text = strings.ReplaceAll(text, a("id"), id)
			case "esign_metadata_entry":
				acctest.SeedMetadata(t, tenant, acctest.MetadataSeed{
					EntityType: a("entity_type"), EntityID: a("entity_id"), Key: a("key"), Value: a("value"), Ref: a("reference_id"),
				})
			default:
				t.Fatalf("the fixture holds a %s: teach seedFixture about it", r.Type)
			}
		}
	}
	return text
}

// readState reads a state file, as text and as what the test needs of it.
func readState(t *testing.T, path string) (string, fixtureState) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var state fixtureState
	if err := json.Unmarshal(raw, &state); err != nil {
		t.Fatal(err)
	}
	return string(raw), state
}
