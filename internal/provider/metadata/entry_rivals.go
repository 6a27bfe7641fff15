package metadata

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Rival writers inside one configuration: two esign_metadata_entry
// resources of one run that manage the same key of the same entity (the
// entity type in any spelling) would overwrite each other at every apply.
// Each plan of an entry claims its key for the operation (one configured
// provider), and a claim that cannot come from the same resource as an
// earlier one is an error: at plan time when entity_type, entity_id and key
// are known, otherwise in the plan Terraform repeats during the apply, and
// Create and Update look again before they write.
//
// The provider is never told resource addresses, so a claim is known by
// what its configuration declares and by whether it had a prior state.
// Terraform plans a resource once per operation, except that a replacement
// (or a tainted object) is planned a second time with no prior state. So
// two claims are the same resource's only when their configurations are
// the same and exactly one of them had a prior state. Two identical blocks
// that are both new, or both in the state, are caught; an identical block
// added beside one already applied cannot be told from that one being
// replaced, and is not (their writes agree). Two provider configurations
// (aliases) and two root modules do not share an operation: those rivals
// show up as drift in the next plan (DESIGN.md).

// rivalsKey is the key of the operation's claims in framework.OperationState.
type rivalsKey struct{}

// entryClaims are the claims of one operation, by key.
type entryClaims struct {
	mu    sync.Mutex
	byKey map[entryKey][]entryClaim
}

// entryKey is one entry on the service: the canonical entity type, the
// entity id and the key.
type entryKey struct{ entityType, entityID, key string }

// entryClaim is one plan of an entry: what its configuration declares.
type entryClaim struct {
	key        entryKey
	entityType string // as configured
	value      string // quoted for a message, or "(known after apply)"
	declared   string // every configured argument, to tell two resources apart
	hadPrior   bool   // planned with a prior state
}

// claimsOf is the operation's claims; nil before the provider is
// configured, which claims nothing.
func claimsOf(data *framework.ProviderData) *entryClaims {
	return framework.OperationState(data, rivalsKey{}, func() *entryClaims { return &entryClaims{} })
}

// claimOf is the claim of an entry configured as config; false while
// entity_type, entity_id or key is unknown.
func claimOf(config entryModel, hadPrior bool) (entryClaim, bool) {
	if config.EntityType.IsUnknown() || config.EntityID.IsUnknown() || config.Key.IsUnknown() {
		return entryClaim{}, false
	}
	entityType, entityID, key := config.entry()
	value := "(known after apply)"
	if !config.Value.IsUnknown() {
		value = quoteExcerpt(config.Value.ValueString())
	}
	return entryClaim{
		key:        entryKey{entityType, entityID, key},
		entityType: config.EntityType.ValueString(),
		value:      value,
		declared: fmt.Sprint(config.EntityType, config.EntityID, config.Key, config.Value, config.ReferenceID,
			config.OverwriteOnCreate),
		hadPrior: hadPrior,
	}, true
}

// sameResource tells whether a and b may be plans of one resource.
func (a entryClaim) sameResource(b entryClaim) bool {
	return a.declared == b.declared && a.hadPrior != b.hadPrior
}

// add records the plan c and answers an earlier claim of its key that is
// another resource's.
func (e *entryClaims) add(c entryClaim) (rival entryClaim, found bool) {
	if e == nil {
		return entryClaim{}, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.byKey == nil {
		e.byKey = map[entryKey][]entryClaim{}
	}
	rival, found = firstRival(e.byKey[c.key], c)
	e.byKey[c.key] = append(e.byKey[c.key], c)
	return rival, found
}

// rivalOf answers, for a write about to be sent for c, a claim of its key
// that is another resource's. c's own plan is among the claims (Terraform
// plans every change again during the apply): one claim equal to c is
// its own.
func (e *entryClaims) rivalOf(c entryClaim) (rival entryClaim, found bool) {
	if e == nil {
		return entryClaim{}, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	claims := e.byKey[c.key]
	for i, other := range claims {
		if other == c {
			claims = append(claims[:i:i], claims[i+1:]...)
			break
		}
	}
	return firstRival(claims, c)
}

func firstRival(claims []entryClaim, c entryClaim) (entryClaim, bool) {
	for _, other := range claims {
		if !other.sameResource(c) {
			return other, true
		}
	}
	return entryClaim{}, false
}

// refuseRival adds an error, before a write of the entry configured as
// config, when another resource of the run has claimed its key since the
// plan.
func refuseRival(claims *entryClaims, config tfsdk.Config, hadPrior bool, diags *diag.Diagnostics) {
	var m entryModel
	if err := framework.DecodeRaw(config.Raw, &m); err != nil {
		framework.AddModelError(diags, err)
		return
	}
	c, known := claimOf(m, hadPrior)
	if !known {
		return
	}
	if rival, found := claims.rivalOf(c); found {
		addRivalError(diags, c, rival, "Nothing was written.")
	}
}

// addRivalError reports that c's key is also rival's. done says what this
// resource did ("Nothing was written.").
func addRivalError(diags *diag.Diagnostics, c, rival entryClaim, done string) {
	diags.AddAttributeError(path.Root("key"), "Two resources manage one metadata entry",
		fmt.Sprintf("This esign_metadata_entry and another one of this configuration both manage the key %q of %s %q: "+
			"this one declares entity_type = %q and value = %s, the other entity_type = %q and value = %s. One key holds "+
			"one value, so each apply would overwrite the other's write. %s\n\n"+
			"Keep one resource for the key: remove the other, or give it another key. Terraform does not tell providers "+
			"the address of a resource, so this error can name only this one (above); the other is the block with "+
			"entity_id = %q and key = %q (its entity_type may be spelled in another case).",
			c.key.key, c.key.entityType, c.key.entityID, c.entityType, c.value, rival.entityType, rival.value, done,
			c.key.entityID, c.key.key))
}
