// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package framework

import "sync/atomic"

// NamedBound is how many diagnostics of a kind name their object in the summary. Terraform folds warnings that
// share a summary into the first, with their count, when they have a place in the configuration, as every plan's
// have (ConsolidateWarnings in its internal/tfdiags), so the rest share one.
const NamedBound = 20

// NamedCounts counts one operation's diagnostics of each kind (0 to 3).
type NamedCounts struct{ counts [4]atomic.Int32 }

// NameNext counts one more diagnostic of kind and tells whether it may still name its object; nil (no provider
// data) always may.
func (c *NamedCounts) NameNext(kind int) bool { return c == nil || c.counts[kind].Add(1) <= NamedBound }
