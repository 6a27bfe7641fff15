// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// Every pair of claims of one key, from every combination of prior state and Resource: rivals unless they are the
// two plans of one replacement (one with a prior state, one without, the same non-empty Resource).
func TestClaimsAreRivalsUnlessOneReplacement(t *testing.T) {
	topic := NewTopic()
	var claims []Claim
	for _, hadPrior := range []bool{false, true} {
		for _, resource := range []string{"", "id-1", "id-2"} {
			claim := Claim{
				Topic:    topic,
				Key:      "k",
				Resource: resource,
				HadPrior: hadPrior,
				Label:    "declares the same",
			}
			claims = append(claims, claim)
		}
	}
	for _, first := range claims {
		for _, second := range claims {
			oneReplacement := first.HadPrior != second.HadPrior && first.Resource != "" && first.Resource == second.Resource
			coordinator := (&ProviderData{}).Coordinator()
			coordinator.ClaimAtPlan(first)
			rivals := coordinator.ClaimAtPlan(second)
			if (len(rivals) == 0) != oneReplacement {
				t.Errorf("%+v then %+v: rivals %+v, one replacement: %t", first, second, rivals, oneReplacement)
			}
			// Before its write, each sees the other as its plan saw it, and never itself, also where the write
			// cannot name its Resource.
			for _, c := range []Claim{first, second} {
				unnamed := c
				unnamed.Resource = ""
				for _, written := range []Claim{c, unnamed} {
					if rivals := coordinator.RivalsBeforeWrite(written); (len(rivals) == 0) != oneReplacement {
						t.Errorf("before the write of %+v (after %+v and %+v): rivals %+v", written, first, second, rivals)
					}
				}
			}
			other := Claim{Topic: NewTopic(), Key: "k", Resource: "id-3"}
			if rivals := coordinator.ClaimAtPlan(other); len(rivals) > 0 {
				t.Errorf("a claim of another topic met %+v", rivals)
			}
		}
	}
}

// An overlapping topic's claims meet when its function says so, whatever their keys.
func TestOverlappingTopic(t *testing.T) {
	samePrefix := NewOverlappingTopic(func(a, b string) bool { return strings.HasPrefix(a, b) || strings.HasPrefix(b, a) })
	coordinator := (&ProviderData{}).Coordinator()
	coordinator.ClaimAtPlan(Claim{Topic: samePrefix, Key: "https://a/x", Label: "first"})
	if rivals := coordinator.ClaimAtPlan(Claim{Topic: samePrefix, Key: "https://b/"}); len(rivals) > 0 {
		t.Errorf("disjoint keys met %+v", rivals)
	}
	rivals := coordinator.ClaimAtPlan(Claim{Topic: samePrefix, Key: "https://a/"})
	if len(rivals) != 1 || rivals[0].Label != "first" {
		t.Errorf("overlapping keys met %+v, want the first", rivals)
	}
}

// Whichever of a create's look for untracked objects and the tracking plan comes second sees the first, in any
// order and case, also when both run at once.
func TestUntrackedAndTrackAtPlanSeeEachOther(t *testing.T) {
	t.Run("create first", func(t *testing.T) {
		coordinator := (&ProviderData{}).Coordinator()
		if untracked := coordinator.NameUntracked([]string{"AAAA"}, "SignatorySigned"); len(untracked) != 1 {
			t.Fatalf("untracked %v, want AAAA", untracked)
		}
		if namedBy := coordinator.TrackAtPlan("aaaa"); namedBy != "SignatorySigned" {
			t.Fatalf("the tracking plan learns %q, want the create that named it", namedBy)
		}
	})
	t.Run("tracking plan first", func(t *testing.T) {
		coordinator := (&ProviderData{}).Coordinator()
		if namedBy := coordinator.TrackAtPlan("AAAA"); namedBy != "" {
			t.Fatalf("nothing named it yet, got %q", namedBy)
		}
		if untracked := coordinator.NameUntracked([]string{"aaaa"}, "SignatorySigned"); len(untracked) != 0 {
			t.Fatalf("the create named %v, which a resource tracks", untracked)
		}
	})
	for range 500 {
		coordinator := (&ProviderData{}).Coordinator()
		var untracked []string
		var namedBy string
		var wg sync.WaitGroup
		wg.Go(func() { untracked = coordinator.NameUntracked([]string{"AAAA"}, "x") })
		wg.Go(func() { namedBy = coordinator.TrackAtPlan("AAAA") })
		wg.Wait()
		if (namedBy != "") == (len(untracked) == 0) {
			t.Fatalf("untracked %v, named by %q: exactly one must see the other", untracked, namedBy)
		}
	}
}

// Tracked ids belong to the process: a new operation of ManyOperations still sees them, and nothing else.
func TestManyOperationsKeepTrackedIDsOnly(t *testing.T) {
	data := &ProviderData{ManyOperations: true}
	first := data.Coordinator()
	first.Track("AAAA")
	first.ClaimAtPlan(Claim{Topic: NewTopic(), Key: "k"})
	second := data.Coordinator()
	if second == first || !second.Tracked().Claimed("aaaa") {
		t.Error("a new operation forgot the tracked ids, or is the same operation")
	}
	single := &ProviderData{}
	once := single.Coordinator()
	again := single.Coordinator()
	if once != again {
		t.Error("one operation got two coordinators")
	}
}

// For every count of objects over calls that begin at every point of the bound, Report names exactly the
// operation's first NamedBound of a kind and counts the rest of each call in one diagnostic.
func TestReportNamesThenCounts(t *testing.T) {
	for before := 0; before <= NamedBound+1; before++ {
		for count := 0; count <= NamedBound+2; count++ {
			coordinator := (&ProviderData{}).Coordinator()
			var diags diag.Diagnostics
			for range before {
				reportOf(coordinator, &diags, "kind", 1)
			}
			reportOf(coordinator, &diags, "other kind", NamedBound) // another kind counts apart
			diags = nil
			reportOf(coordinator, &diags, "kind", count)
			nameable := min(count, max(NamedBound-before, 0))
			var named, counted int
			for _, d := range diags {
				if strings.HasPrefix(d.Summary(), "more ") {
					counted++
					if d.Summary() != fmt.Sprintf("more %d", count-nameable) {
						t.Errorf("before %d, count %d: %q", before, count, d.Summary())
					}
				} else {
					named++
				}
			}
			wantCounted := 0
			if nameable < count {
				wantCounted = 1
			}
			if named != nameable || counted != wantCounted {
				t.Errorf("before %d, count %d: %d named and %d counting, want %d and %d", before, count, named, counted, nameable, wantCounted)
			}
		}
	}
}

func reportOf(coordinator *PlanCoordinator, diags *diag.Diagnostics, kind string, count int) {
	named := func(i int) diag.Diagnostic { return diag.NewWarningDiagnostic(fmt.Sprintf("%s %d", kind, i), "") }
	rest := func(n int) diag.Diagnostic { return diag.NewWarningDiagnostic(fmt.Sprintf("more %d", n), "") }
	coordinator.Report(diags, kind, count, named, rest)
}
