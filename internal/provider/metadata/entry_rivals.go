// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package metadata

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
)

// Terraform tells a provider no addresses, so a claim is known by its arguments
// and prior state (DESIGN.md, "Metadata: one key, one owner").
type rivalsKey struct{}

type entryClaims struct {
	mu     sync.Mutex
	byKey  map[entryKey][]entryClaim
	warned framework.NamedCounts // by kind: valueStays, rivalErrors
}

const (
	valueStays = iota
	rivalErrors
)

// nameNext counts one more diagnostic of kind and tells whether it may still name its entry.
func (e *entryClaims) nameNext(kind int) bool { return e == nil || e.warned.NameNext(kind) }

type entryKey struct{ entityType, entityID, key string }

type entryClaim struct {
	key        entryKey
	entityType string // as configured
	value      string // quoted for a message, or "(known after apply)"
	declared   string // every configured argument, to tell two resources apart
	hadPrior   bool   // planned with a prior state
}

// claimsOf is nil before the provider is configured, which claims nothing.
func claimsOf(data *framework.ProviderData) *entryClaims {
	return framework.OperationState(data, rivalsKey{}, func() *entryClaims {
		return &entryClaims{byKey: map[entryKey][]entryClaim{}}
	})
}

// claimOf is false while entity_type, entity_id or key is unknown.
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

// sameResource: Terraform plans a replacement again with a null prior state.
func (a entryClaim) sameResource(b entryClaim) bool {
	return a.declared == b.declared && a.hadPrior != b.hadPrior
}

// rivalOf answers c's first rival and, with add, claims c; without, it skips one claim equal to c: c's own plan,
// repeated during the apply.
func (e *entryClaims) rivalOf(c entryClaim, add bool) (entryClaim, bool) {
	if e == nil {
		return entryClaim{}, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	claims, skip := e.byKey[c.key], !add
	if add {
		e.byKey[c.key] = append(claims, c)
	}
	for _, other := range claims {
		if skip && other == c {
			skip = false
		} else if !other.sameResource(c) {
			return other, true
		}
	}
	return entryClaim{}, false
}

func refuseRival(ctx context.Context, claims *entryClaims, config tfsdk.Config, hadPrior bool, diags *diag.Diagnostics) {
	c, known := claimOf(framework.Get[entryModel](ctx, config, diags), hadPrior)
	if diags.HasError() || !known {
		return
	}
	if rival, found := claims.rivalOf(c, false); found {
		addRivalError(diags, c, rival, "Nothing was written.", claims.nameNext(rivalErrors))
	}
}

// addRivalError names the entry in the summary while named; Terraform folds no error, so the rest are short.
func addRivalError(diags *diag.Diagnostics, c, rival entryClaim, done string, named bool) {
	if !named {
		diags.AddAttributeError(path.Root("key"), "More metadata entries are managed by two resources", fmt.Sprintf(
			"Besides the %d that errors of this run name, this esign_metadata_entry and another one both manage the key %q "+
				"of %s %q. %s Keep one resource for each key; those errors say why.",
			framework.NamedBound, c.key.key, c.key.entityType, c.key.entityID, done))
		return
	}
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

// quoteExcerpt quotes a value for a message, cut after 200 characters.
func quoteExcerpt(s string) string {
	const limit = 200
	if r := []rune(s); len(r) > limit {
		return strconv.Quote(string(r[:limit])) + " (cut)"
	}
	return strconv.Quote(s)
}
