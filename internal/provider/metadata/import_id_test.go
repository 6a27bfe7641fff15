// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func metadataEntryIdentityCheck(address, entityType, entityID, key string) statecheck.StateCheck {
	return statecheck.ExpectIdentity(address, map[string]knownvalue.Check{
		"entity_type": knownvalue.StringExact(entityType),
		"entity_id":   knownvalue.StringExact(entityID),
		"key":         knownvalue.StringExact(key),
	})
}

// The identity is the entity and the key, set by create, kept by an update
// in place; import blocks by identity find the entry again.
func TestAccMetadataEntryResource_identity(t *testing.T) {
	tenant := acctest.NewTenant(t)
	config := func(value string) string {
		return acctest.ProviderConfig(tenant) +
			metadataEntryBlock("request", "SignatureRequest", "sr-1", "invoice_number", value, "") +
			// Any case: the identity holds the canonical spelling.
			metadataEntryBlock("signatory", "signatory", "sig/1", "employee_id", "E-7", "sr-1")
	}
	identities := []statecheck.StateCheck{
		metadataEntryIdentityCheck("esign_metadata_entry.request", "SignatureRequest", "sr-1", "invoice_number"),
		metadataEntryIdentityCheck("esign_metadata_entry.signatory", "Signatory", "sig/1", "employee_id"),
	}

	resource.ParallelTest(t, resource.TestCase{
		// Resource identity and import blocks with identity: Terraform 1.12.
		TerraformVersionChecks:   acctest.RequiresIdentity,
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkMetadataDestroyed(tenant),
		Steps: []resource.TestStep{
			{
				Config:            config("INV-1"),
				ConfigStateChecks: identities,
			},
			{
				Config: config("INV-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("esign_metadata_entry.request", plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: identities,
			},
			{
				ResourceName:    "esign_metadata_entry.request",
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithResourceIdentity,
			},
			{
				// The service never returns reference_id: the import leaves it null for a signatory, and the
				// plan writes it in place (and takes entity_type's configured case into state).
				ResourceName:       "esign_metadata_entry.signatory",
				ImportState:        true,
				ImportStateKind:    resource.ImportBlockWithResourceIdentity,
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: resource.ImportPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_metadata_entry.signatory", plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue("esign_metadata_entry.signatory", tfjsonpath.New("reference_id"), knownvalue.StringExact("sr-1")),
					},
				},
			},
		},
	})
}

// Entries written outside Terraform, adopted by import blocks with an
// identity (entity type in any case), never written to.
func TestAccMetadataEntryResource_importByIdentity(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.SeedMetadata(t, tenant,
		acctest.MetadataSeed{EntityType: "SignatureRequest", EntityID: "sr-1", Key: "invoice_number", Value: "INV-1", Ref: ""},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc/1", Key: "archive_class", Value: "contract", Ref: "sr-1"},
	)
	config := acctest.ProviderConfig(tenant) +
		acctest.ImportByIdentity("esign_metadata_entry.request", `{ entity_type = "signaturerequest", entity_id = "sr-1", key = "invoice_number" }`) +
		metadataEntryBlock("request", "SignatureRequest", "sr-1", "invoice_number", "INV-1", "") +
		acctest.ImportByIdentity("esign_metadata_entry.document", `{ entity_type = "Document", entity_id = "doc/1", key = "archive_class" }`) +
		metadataEntryBlock("document", "Document", "doc/1", "archive_class", "contract", "")
	importOne := func(identity string) string {
		return config + acctest.ImportByIdentity("esign_metadata_entry.other", identity) +
			metadataEntryBlock("other", "Signatory", "sig-1", "k", "v", "")
	}

	resource.ParallelTest(t, resource.TestCase{
		// Import blocks with identity: Terraform 1.12.
		TerraformVersionChecks:   acctest.RequiresIdentity,
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkMetadataDestroyed(tenant),
		Steps: []resource.TestStep{
			acctest.ImportsOnlyStep(tenant, config, []string{"esign_metadata_entry.request", "esign_metadata_entry.document"},
				metadataEntryIdentityCheck("esign_metadata_entry.request", "SignatureRequest", "sr-1", "invoice_number"),
				metadataEntryIdentityCheck("esign_metadata_entry.document", "Document", "doc/1", "archive_class"),
			),
			{
				Config:      importOne(`{ entity_type = "Envelope", entity_id = "sig-1", key = "k" }`),
				ExpectError: acctest.WrappedRegexp(`Invalid import identity.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Envelope"`),
			},
			{
				Config:      importOne(`{ entity_type = "Signatory", entity_id = "sig-1", key = "a/k" }`),
				ExpectError: acctest.WrappedRegexp(`Invalid import identity.*key "a/k" contains /`),
			},
		},
	})
}
