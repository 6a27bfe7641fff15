// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata_test

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/esign-oss/terraform-provider-esign/internal/acctest"
	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// rivalError is the error of two resources that manage one key; this and
// other are the two declarations, in either order.
func rivalError(entityType, entityID, key string, a, b [2]string) *regexp.Regexp {
	declares := func(this, other [2]string) string {
		return fmt.Sprintf(`this one declares entity_type = %q and value = %s, the other entity_type = %q and value = %s`,
			this[0], this[1], other[0], other[1])
	}
	return acctest.WrappedRegexp(fmt.Sprintf(`Two resources manage one metadata entry: %s/%s/%s .*both manage the key %q of %s %q: (%s|%s)`,
		entityType, entityID, key, key, entityType, entityID, regexp.QuoteMeta(declares(a, b)), regexp.QuoteMeta(declares(b, a))) +
		`.*the other is the block with entity_id = "` + entityID + `" and key = "` + key + `"`)
}

// Two resources of one configuration that manage one key fail at plan time (the case of the issue: the entity
// type in two spellings, values A and B; and two instances of one block), at the default parallelism, before
// anything is written.
func TestAccMetadataEntryResource_rivalsFailAtPlan(t *testing.T) {
	tenant := acctest.NewTenant(t)
	const entity = "sr-rival"
	rivals := acctest.ProviderConfig(tenant) +
		metadataEntryBlock("upper", "SignatureRequest", entity, "owner", "A", "") +
		metadataEntryBlock("lower", "signaturerequest", entity, "owner", "B", "")
	twoInstances := acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_metadata_entry" "twice" {
  count       = 2
  entity_type = "Signatory"
  entity_id   = %q
  key         = "owner"
  value       = "same"
}
`, "sig-rival")
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		CheckDestroy:             checkMetadataDestroyed(tenant),
		Steps: []tfresource.TestStep{
			{
				// Plan only: the plan itself must fail (Create would refuse too, at apply).
				Config:   rivals,
				PlanOnly: true,
				ExpectError: rivalError("SignatureRequest", entity, "owner",
					[2]string{"SignatureRequest", `"A"`}, [2]string{"signaturerequest", `"B"`}),
			},
			{
				Config:   twoInstances,
				PlanOnly: true,
				ExpectError: rivalError("Signatory", "sig-rival", "owner",
					[2]string{"Signatory", `"same"`}, [2]string{"Signatory", `"same"`}),
			},
			{
				// The refused plans wrote nothing: this step starts from an empty service and state.
				PreConfig: func() {
					if n := acctest.Emulator.Writes(tenant.SubscriptionKey); n != 0 {
						t.Errorf("the refused plans wrote %d times", n)
					}
					if stored := acctest.Emulator.Metadata(tenant.SubscriptionKey); len(stored) != 0 {
						t.Errorf("the refused plans stored %v", stored)
					}
				},
				Config: acctest.ProviderConfig(tenant) + metadataEntryBlock("upper", "SignatureRequest", entity, "owner", "A", ""),
			},
			{
				// Renamed without a moved block: one destroy (which claims
				// nothing) and one create of the same key.
				Config: acctest.ProviderConfig(tenant) + metadataEntryBlock("renamed", "signaturerequest", entity, "owner", "A", ""),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction("esign_metadata_entry.upper", plancheck.ResourceActionDestroy),
						plancheck.ExpectResourceAction("esign_metadata_entry.renamed", plancheck.ResourceActionCreate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectStoredMetadata(tenant, "SignatureRequest", entity, "owner", "A", entity),
				},
			},
		},
	})
}

// A new block that declares exactly what a block in the state declares is a rival, not that block's replacement:
// the plan fails before the second resource takes the key.
func TestAccMetadataEntryResource_identicalNewBlockFailsAtPlan(t *testing.T) {
	tenant := acctest.NewTenant(t)
	const entity = "sr-rival-identical"
	first := acctest.ProviderConfig(tenant) + metadataEntryBlock("first", "SignatureRequest", entity, "owner", "A", "")
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: first,
			},
			{
				Config:   first + metadataEntryBlock("second", "SignatureRequest", entity, "owner", "A", ""),
				PlanOnly: true,
				ExpectError: rivalError("SignatureRequest", entity, "owner",
					[2]string{"SignatureRequest", `"A"`}, [2]string{"SignatureRequest", `"A"`}),
			},
		},
	})
}

// A replacement is planned twice and written once, before or after the destroy: neither its plans nor its write
// take it for a rival of itself.
func TestAccMetadataEntryResource_replacementIsNoRival(t *testing.T) {
	tenant := acctest.NewTenant(t)
	const entity = "sr-replaced"
	config := func(key string, createBeforeDestroy bool) string {
		return acctest.ProviderConfig(tenant) + fmt.Sprintf(`
resource "esign_metadata_entry" "this" {
  entity_type = "SignatureRequest"
  entity_id   = %q
  key         = %q
  value       = "A"

  lifecycle {
    create_before_destroy = %t
  }
}
`, entity, key, createBeforeDestroy)
	}
	replaced := tfresource.ConfigPlanChecks{
		PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction("esign_metadata_entry.this", plancheck.ResourceActionReplace),
		},
	}
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{Config: config("first", true)},
			{Config: config("second", true), ConfigPlanChecks: replaced},
			{Config: config("third", false), ConfigPlanChecks: replaced},
		},
	})
	written := map[string]bool{}
	for _, entry := range acctest.Emulator.Metadata(tenant.SubscriptionKey) {
		written[entry.Key] = true
	}
	for _, key := range []string{"first", "second", "third"} {
		if !written[key] {
			t.Errorf("the key %q was not written: %v", key, written)
		}
	}
}

// When the key is not known until apply, the plan cannot compare.
func TestAccMetadataEntryResource_rivalsFailBeforeTheSecondWrite(t *testing.T) {
	tenant := acctest.NewTenant(t)
	acctest.Emulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteMetadataEntityList, 3*time.Second)
	const entity = "sr-rival-late"
	config := acctest.ProviderConfig(tenant) + fmt.Sprintf(`
# A key that is known only after apply.
resource "terraform_data" "key" {
  input = "owner"
}

resource "esign_metadata_entry" "upper" {
  entity_type = "SignatureRequest"
  entity_id   = %[1]q
  key         = terraform_data.key.output
  value       = "A"
}

resource "esign_metadata_entry" "lower" {
  entity_type = "signaturerequest"
  entity_id   = %[1]q
  key         = terraform_data.key.output
  value       = "B"
}
`, entity)
	tfresource.ParallelTest(t, tfresource.TestCase{
		ProtoV6ProviderFactories: acctest.ProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ExpectError: rivalError("SignatureRequest", entity, "owner",
				[2]string{"SignatureRequest", `"A"`}, [2]string{"signaturerequest", `"B"`}),
		}},
	})
	if n := acctest.Emulator.Writes(tenant.SubscriptionKey); n != 0 {
		t.Errorf("the rivals were written %d times, want none (requests: %v)", n, acctest.Emulator.Counters(tenant.SubscriptionKey))
	}
}
