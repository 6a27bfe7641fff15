// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"testing"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccMetadataDataSource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	// A signature request with two entries of its own, a signatory and a
	// document; and another request whose entries must not show up.
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-1", "invoice_number", "INV-1", "sr-1")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-1", "department", "sales", "sr-1")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "Signatory", "sig-1", "employee_id", "E-7", "sr-1")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "Document", "doc-1", "archive_class", "contract", "sr-1")
	acctest.Emulator.SetMetadata(tenant.SubscriptionKey, "SignatureRequest", "sr-2", "invoice_number", "INV-2", "sr-2")

	const ds = "data.esign_metadata."
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: acctest.ProviderConfig(tenant) + `
data "esign_metadata" "entity" {
  entity_type = "signaturerequest" # any case
  entity_id   = "sr-1"
}

data "esign_metadata" "reference" {
  reference_id = "sr-1"
}

data "esign_metadata" "empty" {
  entity_type = "Document"
  entity_id   = "no-such-document"
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(ds+"entity", tfjsonpath.New("total"), knownvalue.Int64Exact(2)),
				statecheck.ExpectKnownValue(ds+"entity", tfjsonpath.New("values"), knownvalue.MapExact(map[string]knownvalue.Check{
					"invoice_number": knownvalue.StringExact("INV-1"),
					"department":     knownvalue.StringExact("sales"),
				})),
				statecheck.ExpectKnownValue(ds+"entity", tfjsonpath.New("items").AtSliceIndex(0),
					metadataItemCheck("invoice_number", "INV-1", "sr-1", "SignatureRequest")),

				// The request's entries with its signatory's and document's.
				statecheck.ExpectKnownValue(ds+"reference", tfjsonpath.New("total"), knownvalue.Int64Exact(4)),
				statecheck.ExpectKnownValue(ds+"reference", tfjsonpath.New("items"), knownvalue.ListExact([]knownvalue.Check{
					metadataItemCheck("invoice_number", "INV-1", "sr-1", "SignatureRequest"),
					metadataItemCheck("department", "sales", "sr-1", "SignatureRequest"),
					metadataItemCheck("employee_id", "E-7", "sig-1", "Signatory"),
					metadataItemCheck("archive_class", "contract", "doc-1", "Document"),
				})),
				statecheck.ExpectKnownValue(ds+"reference", tfjsonpath.New("values"), knownvalue.Null()),

				// An entity without entries (the service answers 404).
				statecheck.ExpectKnownValue(ds+"empty", tfjsonpath.New("total"), knownvalue.Int64Exact(0)),
				statecheck.ExpectKnownValue(ds+"empty", tfjsonpath.New("items"), knownvalue.ListSizeExact(0)),
				statecheck.ExpectKnownValue(ds+"empty", tfjsonpath.New("values"), knownvalue.MapSizeExact(0)),
			},
		}},
	})
}

func metadataItemCheck(key, value, entityID, entityType string) knownvalue.Check {
	return acctest.ExactStrings(map[string]string{"key": key, "value": value, "entity_id": entityID, "entity_type": entityType})
}
