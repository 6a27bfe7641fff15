package metadata

import (
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Two resources of one run that manage one key would overwrite each other at
// every apply. Terraform tells a provider no addresses, so a plan's claim is
// known by its configured arguments and whether it had a prior state: a
// replacement is planned twice, once without (DESIGN.md, "Metadata: one key, one owner").

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

// claimsOf is nil before the provider is configured, which claims nothing.
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

// rivalOf answers, before a write for c, a claim of its key that is another
// resource's; one claim equal to c is c's own plan, repeated during the apply.
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

// refuseRival fails a write of the entry configured as config when another
// resource of the run has claimed its key since the plan.
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

// addRivalError names the entry in the summary, so that errors about several
// keys are not folded; done says what this resource did.
func addRivalError(diags *diag.Diagnostics, c, rival entryClaim, done string) {
	diags.AddAttributeError(path.Root("key"), "Two resources manage one metadata entry: "+entryID(c.key.entityType, c.key.entityID, c.key.key),
		fmt.Sprintf("This esign_metadata_entry and another one of this configuration both manage the key %q of %s %q: "+
			"this one declares entity_type = %q and value = %s, the other entity_type = %q and value = %s. One key holds "+
			"one value, so each apply would overwrite the other's write. %s\n\n"+
			"Keep one resource for the key: remove the other, or give it another key. Terraform does not tell providers "+
			"the address of a resource, so this error can name only this one (above); the other is the block with "+
			"entity_id = %q and key = %q (its entity_type may be spelled in another case).",
			c.key.key, c.key.entityType, c.key.entityID, c.entityType, c.value, rival.entityType, rival.value, done,
			c.key.entityID, c.key.key))
}
