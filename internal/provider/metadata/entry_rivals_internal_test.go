// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// declared is an entry configured with this spelling and value.
func declared(entityType, value string) entryModel {
	return entryModel{
		ID: types.StringNull(), EntityType: types.StringValue(entityType), EntityID: types.StringValue("sr-1"),
		Key: types.StringValue("k"), Value: types.StringValue(value), ReferenceID: types.StringNull(),
		OverwriteOnCreate: types.BoolNull(),
	}
}

func mustClaim(t *testing.T, m entryModel, hadPrior bool) entryClaim {
	t.Helper()
	c, ok := claimOf(m, hadPrior)
	if !ok {
		t.Fatalf("no claim for %+v", m)
	}
	return c
}

// Which plans of one key are rivals: whatever differs in what it declares, and the same declaration planned
// twice with a prior state or twice without.
func TestEntryClaimsTellRivalsFromReplacements(t *testing.T) {
	upperNew := func(t *testing.T) entryClaim { return mustClaim(t, declared("SignatureRequest", "A"), false) }
	for _, tc := range []struct {
		name   string
		first  entryClaim
		second entryClaim
		rival  bool
	}{
		{"the issue's case", upperNew(t), mustClaim(t, declared("signaturerequest", "B"), false), true},
		{"spellings alone differ", upperNew(t), mustClaim(t, declared("SIGNATUREREQUEST", "A"), true), true},
		{"values alone differ", upperNew(t), mustClaim(t, declared("SignatureRequest", "B"), false), true},
		{"two new instances of one block", upperNew(t), upperNew(t), true},
		{"two instances in the state", mustClaim(t, declared("SignatureRequest", "A"), true), mustClaim(t, declared("SignatureRequest", "A"), true), true},
		{"a replacement planned twice", mustClaim(t, declared("SignatureRequest", "A"), true), upperNew(t), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			claims := &entryClaims{byKey: map[entryKey][]entryClaim{}}
			if _, found := claims.rivalOf(tc.first, true); found {
				t.Fatal("the first claim found a rival")
			}
			if _, found := claims.rivalOf(tc.second, true); found != tc.rival {
				t.Errorf("second claim: rival found = %t, want %t", found, tc.rival)
			}
			// Before its write, each finds the same answer.
			for _, c := range []entryClaim{tc.first, tc.second} {
				if _, found := claims.rivalOf(c, false); found != tc.rival {
					t.Errorf("before the write of %+v: rival found = %t, want %t", c, found, tc.rival)
				}
			}
		})
	}
}

// A key that is not known yet claims nothing; an operation that is not
// configured has no claims; an entry alone has no rival.
func TestEntryClaimsEdges(t *testing.T) {
	m := declared("Document", "v")
	m.Key = types.StringUnknown()
	if _, ok := claimOf(m, false); ok {
		t.Error("an unknown key made a claim")
	}
	var none *entryClaims
	if _, found := none.rivalOf(mustClaim(t, declared("Document", "v"), false), true); found {
		t.Error("no claims found a rival")
	}
	claims := &entryClaims{byKey: map[entryKey][]entryClaim{}}
	alone := mustClaim(t, declared("Document", "v"), false)
	claims.rivalOf(alone, true)
	if _, found := claims.rivalOf(alone, false); found {
		t.Error("an entry is its own rival")
	}
	other := declared("Document", "v")
	other.EntityID = types.StringValue("sr-2")
	if _, found := claims.rivalOf(mustClaim(t, other, false), true); found {
		t.Error("another entity's key is a rival")
	}
}
