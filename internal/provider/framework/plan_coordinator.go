// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import (
	"context"
	"encoding/json"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// PlanCoordinator is what the resources of one operation tell each other. Terraform names no resource to a
// provider and plans every resource in one concurrent walk, so one resource learns of another only through what
// both tell the coordinator. Each resource method tells it what the method of the same name below is for:
//
//   - ModifyPlan: ClaimAtPlan for what the plan declares (its Resource from PlannedResource), TrackAtPlan for the
//     object its prior state holds, NameUntracked before it warns about objects no resource tracks.
//   - Create and Update: RivalsBeforeWrite, right before the write, since a rival may have been planned meanwhile.
//   - Read, ImportState and Delete: Track for the object they found, took or remove.
//
// A resource that skips a call is invisible to the others: their plans then warn about it wrongly.
type PlanCoordinator struct {
	mu        sync.Mutex
	claims    map[*Topic]map[string][]Claim // topic → key → the claims of that key
	untracked map[string]string             // lower-case id → the label of the plan that named it untracked
	reported  map[string]int                // report kind → diagnostics of the kind named so far
	tracked   *TrackedIDs                   // the process's, not the operation's
	causes    sync.Map                      // a shared cause of API errors → the summary of its first (AddAPIError)
}

// A Claim is what one plan declares that must have one owner in the operation.
type Claim struct {
	Topic    *Topic
	Key      string // what is claimed
	Resource string // the same for the two plans Terraform makes of one replacement ("" tells none apart)
	HadPrior bool   // planned with a prior state
	Label    string // how the kind's diagnostics name the claiming block
}

// A Topic is a kind of thing claimed. Claims of one topic meet when their keys are equal or, for an overlapping
// topic, when its overlaps says so.
type Topic struct {
	overlaps func(a, b string) bool
}

// NewTopic is a topic whose claims meet when their keys are equal, such as two metadata keys.
func NewTopic() *Topic {
	return &Topic{}
}

// NewOverlappingTopic is a topic whose claims meet when overlaps(a.Key, b.Key), such as two scopes.
func NewOverlappingTopic(overlaps func(a, b string) bool) *Topic {
	return &Topic{overlaps: overlaps}
}

// sameResource tells the two plans of one replacement: Terraform plans it with the prior state, then again
// without one, and both name the same Resource.
func (c Claim) sameResource(other Claim) bool {
	if c.Resource == "" {
		return false
	}
	return c.HadPrior != other.HadPrior && c.Resource == other.Resource
}

func newPlanCoordinator(tracked *TrackedIDs) *PlanCoordinator {
	return &PlanCoordinator{
		claims:    map[*Topic]map[string][]Claim{},
		untracked: map[string]string{},
		reported:  map[string]int{},
		tracked:   tracked,
	}
}

// ClaimAtPlan records c and answers the claims of other resources that c meets: its rivals.
func (p *PlanCoordinator) ClaimAtPlan(c Claim) []Claim {
	p.mu.Lock()
	defer p.mu.Unlock()
	rivals := p.rivalsOf(c, false)
	byKey := p.claims[c.Topic]
	if byKey == nil {
		byKey = map[string][]Claim{}
		p.claims[c.Topic] = byKey
	}
	byKey[c.Key] = append(byKey[c.Key], c)
	return rivals
}

// RivalsBeforeWrite answers the rivals of the claim that c's own plan made in this operation. A write cannot
// always name its Resource (Create gets no private state), so that claim is the first of c's topic and key with c's
// prior state and label.
func (p *PlanCoordinator) RivalsBeforeWrite(c Claim) []Claim {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, own := range p.claims[c.Topic][c.Key] {
		if own.HadPrior == c.HadPrior && own.Label == c.Label {
			return p.rivalsOf(own, true)
		}
	}
	return p.rivalsOf(c, false)
}

func (p *PlanCoordinator) rivalsOf(c Claim, skipOwn bool) []Claim {
	var met []Claim
	if c.Topic.overlaps == nil {
		met = p.claims[c.Topic][c.Key]
	} else {
		for key, claims := range p.claims[c.Topic] {
			if c.Topic.overlaps(c.Key, key) {
				met = append(met, claims...)
			}
		}
	}
	var rivals []Claim
	for _, other := range met {
		switch {
		case skipOwn && other == c:
			skipOwn = false
		case !other.sameResource(c):
			rivals = append(rivals, other)
		}
	}
	return rivals
}

// privateKeyReplaces: Terraform plans a replacement twice and hands the second plan the private state of the
// first, where the first leaves the id it replaces.
const privateKeyReplaces = "plan_replaces"

// PlannedResource is a plan's Resource: the prior state's id, or else the id the plan replaces ("" for a new
// resource).
func PlannedResource(ctx context.Context, priorID string, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) string {
	if priorID != "" {
		raw, _ := json.Marshal(priorID) // a string always marshals
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateKeyReplaces, raw)...)
		return priorID
	}
	raw, diags := req.Private.GetKey(ctx, privateKeyReplaces)
	resp.Diagnostics.Append(diags...)
	var replaced string
	if len(raw) > 0 {
		// Only PlannedResource writes this key; an unreadable one replaces nothing.
		_ = json.Unmarshal(raw, &replaced)
	}
	return replaced
}

// TrackAtPlan tracks the object of a plan's prior state and answers the label of a plan that named it untracked
// before ("" when none did): Terraform may plan that create before it refreshes the resource that tracks it.
func (p *PlanCoordinator) TrackAtPlan(id string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tracked.Claim(id)
	return p.untracked[strings.ToLower(id)]
}

// Track tracks the object a Read found, an ImportState took or a Delete removes.
func (p *PlanCoordinator) Track(id string) {
	p.tracked.Claim(id)
}

// NameUntracked answers those of ids that no resource tracks so far, and remembers that the plan labelled by
// named them, under the lock TrackAtPlan takes: whichever of the two comes second sees the first.
func (p *PlanCoordinator) NameUntracked(ids []string, by string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var untracked []string
	for _, id := range ids {
		if p.tracked.Claimed(id) {
			continue
		}
		p.untracked[strings.ToLower(id)] = by
		untracked = append(untracked, id)
	}
	return untracked
}

// Tracked are the process's tracked ids, which a create claims as client.Claims.
func (p *PlanCoordinator) Tracked() *TrackedIDs {
	return p.tracked
}

// TrackedIDs (lower-case) are the objects a resource of this process planned, read, imported, deleted or created:
// kept for the process, since a test file's runs share one (ProviderData.ManyOperations).
type TrackedIDs struct {
	ids sync.Map
}

// Claim tracks id and tells whether it was untracked until now.
func (t *TrackedIDs) Claim(id string) bool {
	_, tracked := t.ids.LoadOrStore(strings.ToLower(id), true)
	return !tracked
}

// Claimed tells whether id is tracked.
func (t *TrackedIDs) Claimed(id string) bool {
	_, tracked := t.ids.Load(strings.ToLower(id))
	return tracked
}

// NamedBound is how many diagnostics of a kind name their object in the summary. Terraform folds warnings that
// share a summary and have a place in the configuration, as every plan's have, so the rest share one.
const NamedBound = 20

// Report adds the diagnostics of count objects of one kind: while the operation's diagnostics of that kind are
// fewer than NamedBound, named(i) names object i in a summary of its own; one rest(n) counts the n others.
func (p *PlanCoordinator) Report(diags *diag.Diagnostics, kind string, count int,
	named func(i int) diag.Diagnostic, rest func(n int) diag.Diagnostic) {
	nameable := p.reserveNames(kind, count)
	for i := range nameable {
		diags.Append(named(i))
	}
	if nameable < count {
		diags.Append(rest(count - nameable))
	}
}

// reserveNames answers how many of count diagnostics of kind may still name their object, and counts them named.
func (p *PlanCoordinator) reserveNames(kind string, count int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	free := max(NamedBound-p.reported[kind], 0)
	nameable := min(count, free)
	p.reported[kind] += nameable
	return nameable
}
