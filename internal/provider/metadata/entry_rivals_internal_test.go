// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// declared is an entry configured with this spelling and value.
func declared(entityType, value string) entryModel {
	return entryModel{
		ID:                types.StringNull(),
		EntityType:        types.StringValue(entityType),
		EntityID:          types.StringValue("sr-1"),
		Key:               types.StringValue("k"),
		Value:             types.StringValue(value),
		ReferenceID:       types.StringNull(),
		OverwriteOnCreate: types.BoolNull(),
	}
}

// mustClaim is the claim of a plan of m; resource as framework.PlannedResource answers it.
func mustClaim(t *testing.T, m entryModel, hadPrior bool, resource string) framework.Claim {
	t.Helper()
	c, ok := claimOf(m, hadPrior, resource)
	if !ok {
		t.Fatalf("no claim for %+v", m)
	}
	return c
}

// Which plans of one key are rivals: whatever differs in what it declares, and the same declaration planned
// twice with a prior state or twice without.
func TestEntryClaimsTellRivalsFromReplacements(t *testing.T) {
	const inState = "SignatureRequest/sr-1/k"
	upperNew := func(t *testing.T) framework.Claim { return mustClaim(t, declared("SignatureRequest", "A"), false, "") }
	for _, tc := range []struct {
		name   string
		first  framework.Claim
		second framework.Claim
		rival  bool
	}{
		{"the issue's case", upperNew(t), mustClaim(t, declared("signaturerequest", "B"), false, ""), true},
		{"spellings alone differ", upperNew(t), mustClaim(t, declared("SIGNATUREREQUEST", "A"), true, inState), true},
		{"values alone differ", upperNew(t), mustClaim(t, declared("SignatureRequest", "B"), false, ""), true},
		{"two new instances of one block", upperNew(t), upperNew(t), true},
		{"two instances in the state", mustClaim(t, declared("SignatureRequest", "A"), true, inState), mustClaim(t, declared("SignatureRequest", "A"), true, "SignatureRequest/sr-1/k-other"), true},
		{"a new block identical to one in the state", mustClaim(t, declared("SignatureRequest", "A"), true, inState), upperNew(t), true},
		{"a replacement planned twice", mustClaim(t, declared("SignatureRequest", "A"), true, inState), mustClaim(t, declared("SignatureRequest", "A"), false, inState), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			coordinator := (&framework.ProviderData{}).Coordinator()
			if rivals := coordinator.ClaimAtPlan(tc.first); len(rivals) > 0 {
				t.Fatal("the first claim found a rival")
			}
			if rivals := coordinator.ClaimAtPlan(tc.second); (len(rivals) > 0) != tc.rival {
				t.Errorf("second claim: rivals %+v, want a rival: %t", rivals, tc.rival)
			}
			// Before its write, which cannot name its Resource, each finds the same answer.
			for _, c := range []framework.Claim{tc.first, tc.second} {
				c.Resource = ""
				if rivals := coordinator.RivalsBeforeWrite(c); (len(rivals) > 0) != tc.rival {
					t.Errorf("before the write of %+v: rivals %+v, want a rival: %t", c, rivals, tc.rival)
				}
			}
		})
	}
}

// A key that is not known yet claims nothing; an entry alone has no rival, nor has another entity's key.
func TestEntryClaimsEdges(t *testing.T) {
	m := declared("Document", "v")
	m.Key = types.StringUnknown()
	if _, ok := claimOf(m, false, ""); ok {
		t.Error("an unknown key made a claim")
	}
	coordinator := (&framework.ProviderData{}).Coordinator()
	alone := mustClaim(t, declared("Document", "v"), false, "")
	coordinator.ClaimAtPlan(alone)
	if rivals := coordinator.RivalsBeforeWrite(alone); len(rivals) > 0 {
		t.Error("an entry is its own rival")
	}
	other := declared("Document", "v")
	other.EntityID = types.StringValue("sr-2")
	if rivals := coordinator.ClaimAtPlan(mustClaim(t, other, false, "")); len(rivals) > 0 {
		t.Error("another entity's key is a rival")
	}
}

// Past framework.NamedBound errors of two owners in an operation, each error still names its key in its detail
// under one shared summary, for any number of rivals.
func TestRivalErrorsPastTheBound(t *testing.T) {
	for extra := 0; extra <= 3; extra++ {
		coordinator := (&framework.ProviderData{}).Coordinator()
		var diags diag.Diagnostics
		for i := range framework.NamedBound + extra {
			m := declared("Document", "v")
			m.Key = types.StringValue(fmt.Sprintf("k%d", i))
			first := mustClaim(t, m, false, "")
			second := mustClaim(t, m, true, fmt.Sprintf("Document/sr-1/k%d", i))
			coordinator.ClaimAtPlan(first)
			for _, rival := range coordinator.ClaimAtPlan(second) {
				addRivalError(coordinator, &diags, m, second, rival, "Nothing was written.")
			}
		}
		named := 0
		more := 0
		for _, d := range diags {
			switch {
			case strings.HasPrefix(d.Summary(), "Two resources manage one metadata entry: "):
				named++
			case d.Summary() == "More metadata entries are managed by two resources" && strings.Contains(d.Detail(), `the key "k`):
				more++
			}
		}
		if named != framework.NamedBound || more != extra || len(diags) != framework.NamedBound+extra {
			t.Errorf("%d rivals: %d named and %d more of %d errors, want %d and %d", framework.NamedBound+extra, named, more, len(diags), framework.NamedBound, extra)
		}
	}
}
