// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck/queryfilter"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// entryFilter selects the list result of one entry.
func entryFilter(entityType, entityID, key string) queryfilter.QueryFilter {
	return queryfilter.ByResourceIdentity(map[string]knownvalue.Check{
		"entity_type": knownvalue.StringExact(entityType),
		"entity_id":   knownvalue.StringExact(entityID),
		"key":         knownvalue.StringExact(key),
	})
}

// The entries of an entity (entity type in any case) or of a reference, one request each, with readable
// display names, identities, and resource objects equal to what an import gives.
func TestAccMetadataEntryListResource(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.SeedMetadata(t, tenant,
		acctest.MetadataSeed{EntityType: "SignatureRequest", EntityID: "sr-1", Key: "invoice_number", Value: "INV-1", Ref: ""},
		acctest.MetadataSeed{EntityType: "SignatureRequest", EntityID: "sr-1", Key: "cost_center", Value: "CC-7", Ref: ""},
		acctest.MetadataSeed{EntityType: "Signatory", EntityID: "sig-1", Key: "employee_id", Value: "E-7", Ref: "sr-1"},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc/1", Key: "archive_class", Value: "contract", Ref: "sr-1"},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc/1", Key: "retention", Value: "10y", Ref: ""},
		acctest.MetadataSeed{EntityType: "Document", EntityID: "doc-2", Key: "archive_class", Value: "letter", Ref: "sr-2"},
	)
	// Each invalid list block runs with a tenant of its own, whose
	// counters must stay empty: the config is refused before any request.
	var refusedTenants []emulator.Tenant
	invalid := func(config, want string) resource.TestStep {
		refused := acctest.NewTenant(t)
		refusedTenants = append(refusedTenants, refused)
		return acctest.QueryErrorStep(refused, `
list "esign_metadata_entry" "bad" {
  provider = esign
`+config+`
}
`, want)
	}

	acctest.QueryTest(t,
		acctest.QueryStep(tenant, `
list "esign_metadata_entry" "document" {
  provider         = esign
  include_resource = true
  config {
    entity_type = "document"
    entity_id   = "doc/1"
  }
}

list "esign_metadata_entry" "reference" {
  provider         = esign
  include_resource = true
  config {
    reference_id = "sr-1"
  }
}

list "esign_metadata_entry" "one" {
  provider = esign
  limit    = 1
  config {
    reference_id = "sr-1"
  }
}
`,
			querycheck.ExpectLength("esign_metadata_entry.document", 2),
			querycheck.ExpectLength("esign_metadata_entry.reference", 4),
			querycheck.ExpectLength("esign_metadata_entry.one", 1),
			// One list of the entity; the reference is listed once per
			// list block (the service's reference list is not shared).
			acctest.ExpectExactRequests(tenant, map[string]int{emulator.RouteMetadataEntityList: 1, emulator.RouteMetadataReferenceList: 2}),
			querycheck.ExpectResourceDisplayName("esign_metadata_entry.document", entryFilter("Document", "doc/1", "retention"),
				knownvalue.StringExact("Document doc/1: retention")),
			querycheck.ExpectResourceKnownValues("esign_metadata_entry.document", entryFilter("Document", "doc/1", "retention"), acctest.KnownAttributes(map[string]knownvalue.Check{
				"id":           knownvalue.StringExact("Document/doc/1/retention"),
				"entity_type":  knownvalue.StringExact("Document"),
				"value":        knownvalue.StringExact("10y"),
				"reference_id": knownvalue.Null(),
			})),
			querycheck.ExpectResourceDisplayName("esign_metadata_entry.reference", entryFilter("Signatory", "sig-1", "employee_id"),
				knownvalue.StringExact("Signatory sig-1: employee_id")),
			// What an import gives: the service never returns
			// reference_id, a signature request's defaults to its id.
			querycheck.ExpectResourceKnownValues("esign_metadata_entry.reference", entryFilter("Signatory", "sig-1", "employee_id"), acctest.KnownAttributes(map[string]knownvalue.Check{
				"value":        knownvalue.StringExact("E-7"),
				"reference_id": knownvalue.Null(),
			})),
			querycheck.ExpectResourceKnownValues("esign_metadata_entry.reference", entryFilter("SignatureRequest", "sr-1", "cost_center"), acctest.KnownAttributes(map[string]knownvalue.Check{
				"value":        knownvalue.StringExact("CC-7"),
				"reference_id": knownvalue.StringExact("sr-1"),
			})),
		),
		invalid(``, `Exactly one of these attributes must be configured: \[entity_id,reference_id\]`),
		invalid(`config {
    entity_type = "Document"
  }`, `These attributes must be configured together: \[entity_type,entity_id\]`),
		invalid(`config {
    entity_type  = "Document"
    entity_id    = "doc-2"
    reference_id = "sr-2"
  }`, `Exactly one of these attributes must be configured: \[entity_id,reference_id\]`),
		invalid(`config {
    entity_type  = "Document"
    reference_id = "sr-2"
  }`, `These attributes cannot be configured together: \[entity_type,reference_id\]`),
		invalid(`config {
    entity_type = "Envelope"
    entity_id   = "e-1"
  }`, `Invalid entity type.*entity_type must be one of SignatureRequest, Signatory, Document \(in any case\), got "Envelope"`),
		// An entity without entries.
		acctest.QueryStep(tenant, `
list "esign_metadata_entry" "none" {
  provider = esign
  config {
    entity_type = "Signatory"
    entity_id   = "nobody"
  }
}
`,
			querycheck.ExpectLength("esign_metadata_entry.none", 0),
			// The entity has no entry, which the service answers with 404.
			acctest.ExpectExactRequests(tenant, map[string]int{emulator.RouteMetadataEntityList: 1, emulator.RouteHooksList: 1}),
		),
	)
	for i, refused := range refusedTenants {
		if counters := acctest.Emulator.Counters(refused.SubscriptionKey); len(counters) != 0 {
			t.Errorf("invalid list block %d reached the service: %v", i+1, counters)
		}
	}
}
