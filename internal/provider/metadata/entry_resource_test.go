// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// expectStoredMetadata checks that the emulator holds the entry with value
// and referenceID ("" = do not check the reference).
func expectStoredMetadata(tenant emulator.Tenant, entityType, entityID, key, value, referenceID string) acctest.Func {
	return func() error {
		for _, m := range acctest.Emulator.Metadata(tenant.SubscriptionKey) {
			if m.EntityType != entityType || m.EntityID != entityID || m.Key != key {
				continue
			}
			if m.Value != value {
				return fmt.Errorf("%s/%s/%s: service has value %q, want %q", entityType, entityID, key, m.Value, value)
			}
			if referenceID != "" && m.ReferenceID != referenceID {
				return fmt.Errorf("%s/%s/%s: service has referenceId %q, want %q", entityType, entityID, key, m.ReferenceID, referenceID)
			}
			return nil
		}
		return fmt.Errorf("%s/%s/%s: not on the service", entityType, entityID, key)
	}
}

// checkMetadataDestroyed is CheckDestroy for metadata entries.
func checkMetadataDestroyed(tenant emulator.Tenant, kept ...[3]string) tfresource.TestCheckFunc {
	return func(s *terraform.State) error {
		for _, rs := range s.RootModule().Resources {
			if rs.Type == "esign_metadata_entry" {
				a := rs.Primary.Attributes
				kept = append(kept, [3]string{a["entity_type"], a["entity_id"], a["key"]})
			}
		}
		stored := acctest.Emulator.Metadata(tenant.SubscriptionKey)
		for _, k := range kept {
			found := false
			for _, m := range stored {
				// The state keeps entity_type as configured, in any case.
				if strings.EqualFold(m.EntityType, k[0]) && m.EntityID == k[1] && m.Key == k[2] {
					found = true
				}
			}
			if !found {
				return fmt.Errorf("%s/%s/%s: destroy must keep the entry on the service, it is gone", k[0], k[1], k[2])
			}
		}
		return nil
	}
}

// metadataEntryBlock is an esign_metadata_entry resource block; ref "" leaves reference_id out.
func metadataEntryBlock(name, entityType, entityID, key, value, ref string) string {
	block := fmt.Sprintf("\nresource \"esign_metadata_entry\" %q {\n  entity_type = %q\n  entity_id   = %q\n  key         = %q\n  value       = %q\n",
		name, entityType, entityID, key, value)
	if ref != "" {
		block += fmt.Sprintf("  reference_id = %q\n", ref)
	}
	return block + "}\n"
}

// metadataEntriesConfig is an entry of a signature request, one of its signatories and one of its documents.
func metadataEntriesConfig(tenant emulator.Tenant, requestValue, signatoryRef, documentKey string) string {
	return acctest.ProviderConfig(tenant) +
		metadataEntryBlock("request", "SignatureRequest", "sr-1", "invoice_number", requestValue, "") +
		metadataEntryBlock("signatory", "Signatory", "sig-1", "employee_id", "E-7", signatoryRef) +
		metadataEntryBlock("document", "Document", "doc-1", documentKey, "contract", "sr-1")
}

// metadataEntriesStep applies metadataEntriesConfig, whose request, signatory and document entries the plan
// acts on as actions says.
func metadataEntriesStep(tenant emulator.Tenant, requestValue, signatoryRef, documentKey string, actions [3]plancheck.ResourceActionType) tfresource.TestStep {
	var plan []plancheck.PlanCheck
	for i, name := range []string{"request", "signatory", "document"} {
		plan = append(plan, plancheck.ExpectResourceAction("esign_metadata_entry."+name, actions[i]))
	}
	var checks []statecheck.StateCheck
	for _, c := range [][3]string{
		{"request", "id", "SignatureRequest/sr-1/invoice_number"},
		{"request", "value", requestValue},
		{"request", "reference_id", "sr-1"},
		{"signatory", "id", "Signatory/sig-1/employee_id"},
		{"signatory", "reference_id", signatoryRef},
		{"document", "id", "Document/doc-1/" + documentKey},
		{"document", "reference_id", "sr-1"},
	} {
		checks = append(checks, statecheck.ExpectKnownValue("esign_metadata_entry."+c[0], tfjsonpath.New(c[1]), knownvalue.StringExact(c[2])))
	}
	return tfresource.TestStep{
		Config:           metadataEntriesConfig(tenant, requestValue, signatoryRef, documentKey),
		ConfigPlanChecks: acctest.Converges(plan...),
		ConfigStateChecks: append(checks,
			expectStoredMetadata(tenant, "SignatureRequest", "sr-1", "invoice_number", requestValue, "sr-1"),
			expectStoredMetadata(tenant, "Signatory", "sig-1", "employee_id", "E-7", signatoryRef),
			expectStoredMetadata(tenant, "Document", "doc-1", documentKey, "contract", "sr-1")),
	}
}

func TestAccMetadataEntryResource_lifecycle(t *testing.T) {
	tenant := acctest.NewTenant(t)
	// Create on all three entity types; the reference look-up finds all
	// three through the reference_id they were written with.
	create := metadataEntriesStep(tenant, "INV-1", "sr-1", "archive_class",
		[3]plancheck.ResourceActionType{plancheck.ResourceActionCreate, plancheck.ResourceActionCreate, plancheck.ResourceActionCreate})
	create.Config += `
data "esign_metadata" "by_reference" {
  reference_id = "sr-1"
  depends_on   = [esign_metadata_entry.request, esign_metadata_entry.signatory, esign_metadata_entry.document]
}
`
	// Defaulted at plan time, not after apply.
	create.ConfigPlanChecks.PreApply = append(create.ConfigPlanChecks.PreApply,
		plancheck.ExpectKnownValue("esign_metadata_entry.request", tfjsonpath.New("reference_id"), knownvalue.StringExact("sr-1")))
	create.ConfigStateChecks = append(create.ConfigStateChecks,
		statecheck.ExpectKnownValue("data.esign_metadata.by_reference", tfjsonpath.New("total"), knownvalue.Int64Exact(3)))
	// A new key is a new entry: replaced, and the old one stays on the service.
	newKey := metadataEntriesStep(tenant, "INV-2", "sr-2", "retention_class",
		[3]plancheck.ResourceActionType{plancheck.ResourceActionNoop, plancheck.ResourceActionNoop, plancheck.ResourceActionDestroyBeforeCreate})
	newKey.ConfigStateChecks = append(newKey.ConfigStateChecks,
		expectStoredMetadata(tenant, "Document", "doc-1", "archive_class", "contract", "sr-1"))

	// imported imports an entry by id (or its own) and verifies it, or fails with wantError.
	imported := func(name, id, wantError string, ignore ...string) tfresource.TestStep {
		step := tfresource.TestStep{Config: metadataEntriesConfig(tenant, "INV-1", "sr-1", "archive_class"), ResourceName: "esign_metadata_entry." + name,
			ImportState: true, ImportStateId: id, ImportStateVerify: wantError == "", ImportStateVerifyIgnore: ignore}
		if wantError != "" {
			step.ExpectError = acctest.WrappedRegexp(wantError)
		}
		return step
	}

	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy: checkMetadataDestroyed(tenant,
			[3]string{"SignatureRequest", "sr-1", "invoice_number"},
			[3]string{"Signatory", "sig-1", "employee_id"},
			[3]string{"Document", "doc-1", "archive_class"},
			[3]string{"Document", "doc-1", "retention_class"}),
		Steps: []tfresource.TestStep{
			create,
			// Import, with the entity type in any case. The service never returns reference_id, and for a signatory
			// or a document it cannot be derived from the id: it is null after import.
			imported("request", "signaturerequest/sr-1/invoice_number", ""),
			imported("signatory", "", "", "reference_id"),
			imported("document", "", "", "reference_id"),
			// TestParseEntryID has the other malformed IDs.
			imported("signatory", "Envelope/sig-1/k", `Invalid import ID.*entity type must be one of SignatureRequest, Signatory, `+
				`Document \(in any case\), got "Envelope".*Expected <entity_type>/<entity_id>/<key>, for example "SignatureRequest/`),
			// A valid form (entity_id "sig-1/employee_id/.."), but no such entry.
			imported("signatory", "signatory/sig-1/employee_id/../more", `Cannot import non-existent remote object`),
			// value and reference_id change in place.
			metadataEntriesStep(tenant, "INV-2", "sr-2", "archive_class",
				[3]plancheck.ResourceActionType{plancheck.ResourceActionUpdate, plancheck.ResourceActionUpdate, plancheck.ResourceActionNoop}),
			newKey,
			// Removing the resources from the configuration destroys them.
			{
				Config: acctest.ProviderConfig(tenant),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_metadata_entry.request", plancheck.ResourceActionDestroy),
						plancheck.ExpectResourceAction("esign_metadata_entry.signatory", plancheck.ResourceActionDestroy),
						plancheck.ExpectResourceAction("esign_metadata_entry.document", plancheck.ResourceActionDestroy),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectStoredMetadata(tenant, "SignatureRequest", "sr-1", "invoice_number", "INV-2", "sr-1"),
					expectStoredMetadata(tenant, "Signatory", "sig-1", "employee_id", "E-7", "sr-2"),
					expectStoredMetadata(tenant, "Document", "doc-1", "retention_class", "contract", "sr-1"),
				},
			},
		},
	})
}

// entity_type may be written in any case, as in esign_metadata, the list resource and import IDs; entity ids may
// hold "/", spaces, "%" and any Unicode.
func TestAccMetadataEntryResource_entityTypeAnyCaseAndUnusualCharacters(t *testing.T) {
	tenant := acctest.NewTenant(t)
	const request, signatory, odd = "esign_metadata_entry.request", "esign_metadata_entry.signatory", "esign_metadata_entry.odd"
	const entityID, key = "folder/sub dir/100% ünïcødé ✓", "größe 50% ✓ ?#&"
	config := func(requestType, signatoryType string) string {
		return acctest.ProviderConfig(tenant) +
			metadataEntryBlock("request", requestType, "sr-1", "invoice_number", "INV-1", "") +
			metadataEntryBlock("signatory", signatoryType, "sig-1", "employee_id", "E-7", "sr-1") +
			metadataEntryBlock("odd", "Document", entityID, key, "wert / value % ✓", "sr 1/ü")
	}
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkMetadataDestroyed(tenant),
		Steps: []tfresource.TestStep{
			{
				Config:           config("signaturerequest", "SIGNATORY"),
				ConfigPlanChecks: acctest.Converges(),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(request, tfjsonpath.New("entity_type"), knownvalue.StringExact("signaturerequest")),
					statecheck.ExpectKnownValue(request, tfjsonpath.New("id"), knownvalue.StringExact("SignatureRequest/sr-1/invoice_number")),
					statecheck.ExpectKnownValue(request, tfjsonpath.New("reference_id"), knownvalue.StringExact("sr-1")),
					statecheck.ExpectKnownValue(signatory, tfjsonpath.New("id"), knownvalue.StringExact("Signatory/sig-1/employee_id")),
					statecheck.ExpectKnownValue(odd, tfjsonpath.New("id"), knownvalue.StringExact("Document/"+entityID+"/"+key)),
					expectStoredMetadata(tenant, "SignatureRequest", "sr-1", "invoice_number", "INV-1", "sr-1"),
					expectStoredMetadata(tenant, "Signatory", "sig-1", "employee_id", "E-7", "sr-1"),
					expectStoredMetadata(tenant, "Document", entityID, key, "wert / value % ✓", "sr 1/ü"),
				},
			},
			{
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    config("SignatureRequest", "Signatory"),
				ConfigPlanChecks: acctest.Converges(
					plancheck.ExpectResourceAction(request, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction(signatory, plancheck.ResourceActionUpdate),
				),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(request, tfjsonpath.New("entity_type"), knownvalue.StringExact("SignatureRequest")),
					statecheck.ExpectKnownValue(request, tfjsonpath.New("id"), knownvalue.StringExact("SignatureRequest/sr-1/invoice_number")),
					acctest.ExpectNoWrites(tenant),
				},
			},
			{
				ResourceName:      request,
				ImportState:       true,
				ImportStateId:     "SIGNATUREREQUEST/sr-1/invoice_number",
				ImportStateVerify: true,
			},
			{
				ResourceName:      odd,
				ImportState:       true,
				ImportStateId:     "DOCUMENT/" + entityID + "/" + key,
				ImportStateVerify: true,
				// reference_id of a document is not returned by the service.
				ImportStateVerifyIgnore: []string{"reference_id"},
			},
		},
	})
}

// One refresh of 20 entries of one entity sends one list request.
func TestAccMetadataEntryResource_refreshIsCoalesced(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := acctest.ProviderConfig(tenant) + `
resource "esign_metadata_entry" "many" {
  count       = 20
  entity_type = "SignatureRequest"
  entity_id   = "sr-many"
  key         = "key-${count.index}"
  value       = "value-${count.index}"
}
`
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{Config: config},
			{
				// A plan-only step runs a plan without refresh, then one
				// with: only the second reads the entries.
				PreConfig: func() {
					acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
					acctest.Emulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteMetadataEntityList, 3*time.Second)
				},
				Config:   config,
				PlanOnly: true,
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{
						plancheck.ExpectEmptyPlan(),
						// 20 entries of one entity, one list request.
						acctest.ExpectRequests(tenant, emulator.RouteMetadataEntityList, 1),
						acctest.ExpectNoWrites(tenant),
					},
				},
			},
			{
				// Values changed and an entry removed outside Terraform: drift, planned back to the configuration.
				PreConfig: func() {
					acctest.Emulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteMetadataEntityList, 0)
					for i := range 15 {
						acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-many", fmt.Sprintf("key-%d", i), "changed", "")
					}
					if !acctest.Emulator.DeleteMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-many", "key-17") {
						t.Error("key-17 was not on the service")
					}
				},
				Config: config,
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: append(driftPlanChecks(15, 17, 20),
						plancheck.ExpectKnownValue("esign_metadata_entry.many[0]", tfjsonpath.New("value"), knownvalue.StringExact("value-0"))),
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectStoredMetadata(tenant, "SignatureRequest", "sr-many", "key-7", "value-7", "sr-many"),
					expectStoredMetadata(tenant, "SignatureRequest", "sr-many", "key-17", "value-17", "sr-many"),
				},
			},
		},
	})
}

// Creating an entry whose key already holds another value on the service fails before anything is written,
// naming the value and the import ID, unless overwrite_on_create is set.
func TestAccMetadataEntryResource_existingEntry(t *testing.T) {
	tenant := acctest.NewTenant(t)
	// "forced" is on an entity of its own: its create reads no list, and a write that lands while the list of
	// its entity is being read makes the client read that list again.
	const entity, forcedEntity = "sr-existing", "sr-existing-forced"
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", entity, "taken", "set-elsewhere", "")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", entity, "same", "agreed", "")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", forcedEntity, "forced", "old", "")
	entry := func(entity, key, value, overwrite string) string {
		return fmt.Sprintf(`
resource "esign_metadata_entry" %[1]q {
  entity_type = "SignatureRequest"
  entity_id   = %[2]q
  key         = %[1]q
  value       = %[3]q
  %[4]s
}
`, key, entity, value, overwrite)
	}
	created := func(forcedOverwrite string) string {
		// More creates than Terraform runs at once (10): the later ones
		// start after earlier ones have written.
		return acctest.ProviderConfig(tenant) + entry(entity, "same", "agreed", "") + entry(forcedEntity, "forced", "new", forcedOverwrite) + fmt.Sprintf(`
resource "esign_metadata_entry" "fresh" {
  count       = 12
  entity_type = "SignatureRequest"
  entity_id   = %q
  key         = "fresh-${count.index}"
  value       = "new"
}
`, entity)
	}
	untouched := expectStoredMetadata(tenant, "SignatureRequest", entity, "taken", "set-elsewhere", "")

	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkMetadataDestroyed(tenant),
		Steps: []tfresource.TestStep{
			{
				// The plan fails: nothing is applied to find out.
				Config:   acctest.ProviderConfig(tenant) + entry(entity, "taken", "mine", ""),
				PlanOnly: true,
				ExpectError: acctest.WrappedRegexp(`Metadata entry already exists .*key = "taken".*The key "taken" of ` +
					`SignatureRequest "sr-existing" already holds the value "set-elsewhere" on the service, and creating ` +
					`this resource would overwrite it with "mine". Nothing was written.*terraform import <address> ` +
					`SignatureRequest/sr-existing/taken .*overwrite_on_create = true`),
			},
			{
				PreConfig: func() {
					if err := untouched(); err != nil {
						t.Fatal(err)
					}
					if n := acctest.Emulator.Writes(tenant.SubscriptionKey); n != 0 {
						t.Fatalf("the refused create wrote %d times", n)
					}
					acctest.Emulator.ResetCounters(tenant.SubscriptionKey)
				},
				Config: created("overwrite_on_create = true"),
				ConfigStateChecks: []statecheck.StateCheck{
					expectStoredMetadata(tenant, "SignatureRequest", entity, "same", "agreed", ""),
					expectStoredMetadata(tenant, "SignatureRequest", forcedEntity, "forced", "new", ""),
					expectStoredMetadata(tenant, "SignatureRequest", entity, "fresh-11", "new", ""),
					untouched,
					statecheck.ExpectKnownValue("esign_metadata_entry.same", tfjsonpath.New("overwrite_on_create"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("esign_metadata_entry.forced", tfjsonpath.New("overwrite_on_create"), knownvalue.Bool(true)),
					// 13 creates on two entities: each plan (the test's and the apply's) reads each entity's list
					// once to see what a create would overwrite, and the creates read none more.
					acctest.ExpectRequests(tenant, emulator.RouteMetadataEntityList, 4),
				},
				ConfigPlanChecks: acctest.Converges(),
			},
			{
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    created(""),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("esign_metadata_entry.forced", plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("esign_metadata_entry.forced", tfjsonpath.New("overwrite_on_create"), knownvalue.Bool(false)),
					acctest.ExpectNoWrites(tenant),
				},
			},
		},
	})
}

// driftPlanChecks expects esign_metadata_entry.many[0..changed-1] updated,
// many[removed] created and the others of count left alone.
func driftPlanChecks(changed, removed, count int) []plancheck.PlanCheck {
	var checks []plancheck.PlanCheck
	for i := range count {
		action := plancheck.ResourceActionNoop
		switch {
		case i < changed:
			action = plancheck.ResourceActionUpdate
		case i == removed:
			action = plancheck.ResourceActionCreate
		}
		checks = append(checks, plancheck.ExpectResourceAction(fmt.Sprintf("esign_metadata_entry.many[%d]", i), action))
	}
	return checks
}

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

// Three entries of one entity, one on each page where the service pages the list, read by the resources and by
// the data source: a list that says it is partial is followed or refused, and nothing is written again.
func TestAccMetadataEntryResource_listsAreEvidence(t *testing.T) {
	config := func(_ *testing.T, tenant emulator.Tenant) string {
		config := acctest.ProviderConfig(tenant)
		for _, page := range []string{"first", "middle", "last"} {
			config += metadataEntryBlock(page, "SignatureRequest", "sr-paged", page, "on the "+page+" page", "")
		}
		return config + `
data "esign_metadata" "all" {
  entity_type = "SignatureRequest"
  entity_id   = "sr-paged"
  depends_on  = [esign_metadata_entry.first, esign_metadata_entry.middle, esign_metadata_entry.last]
}
`
	}
	writtenOnce := func(tenant emulator.Tenant) statecheck.StateCheck {
		return acctest.ExpectNoWrites(tenant) // since the list was paged
	}
	acctest.TestListAnswers(t, acctest.ListAnswers, config, writtenOnce)
}

// A service that keeps a value in another form (trimmed) is not written again at every apply: the state keeps
// the configured value; a change made outside Terraform is still drift.
func TestAccMetadataEntryResource_storedFormIsLearned(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{NormaliseStored: true})
	config := acctest.ProviderConfig(tenant) + metadataEntryBlock("padded", "SignatureRequest", "sr-forms", "note", " padded ", "")
	keptAsConfigured := statecheck.ExpectKnownValue("esign_metadata_entry.padded", tfjsonpath.New("value"), knownvalue.StringExact(" padded "))
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: []statecheck.StateCheck{keptAsConfigured},
			},
			{
				PreConfig: func() { acctest.Emulator.ResetCounters(tenant.SubscriptionKey) },
				Config:    config,
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					keptAsConfigured,
					acctest.ExpectNoWrites(tenant), // an unchanged configuration
				},
			},
			{
				PreConfig: func() {
					acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-forms", "note", "changed by hand", "sr-forms")
				},
				Config: config,
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_metadata_entry.padded", plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{keptAsConfigured},
			},
		},
	})
}
