// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxSavedDocument bounds the documents the state file keeps: it is for
// demos, not a blob store. Synthetic documents are saved as their size.
const maxSavedDocument = 8 << 20

type stateFile struct {
	Version int           `json:"version"`
	Tenants []tenantSaved `json:"tenants"`
}

type tenantSaved struct {
	Tenant
	Subscriptions []subscriptionSaved   `json:"subscriptions"`
	Metadata      []StoredMetadataEntry `json:"metadata"`
	Documents     []documentSaved       `json:"documents"`
}

// subscriptionSaved includes the headers: the state file is the user's own
// file, written 0600, and delivery needs them after a restart.
type subscriptionSaved struct {
	Subscription
	Headers map[string]string `json:"headers,omitempty"`
}

type documentSaved struct {
	ID            string `json:"id"`
	Data          []byte `json:"data,omitempty"`
	SyntheticSize int64  `json:"syntheticSize,omitempty"`
}

// loadState reads the state file; a missing file is an empty state.
func (e *Emulator) loadState() error {
	b, err := os.ReadFile(e.stateFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("emulator: state file: %w", err)
	}
	var sf stateFile
	if err := json.Unmarshal(b, &sf); err != nil {
		return fmt.Errorf("emulator: state file %s: %w", e.stateFile, err)
	}
	for _, ts := range sf.Tenants {
		if ts.SubscriptionKey == "" {
			continue
		}
		t := e.registerTenant(ts.Tenant, false)
		e.mu.Lock()
		for _, s := range ts.Subscriptions {
			t.subs = append(t.subs, &subscription{Subscription: s.Subscription, headers: s.Headers})
		}
		for _, m := range ts.Metadata {
			t.meta = append(t.meta, &m)
		}
		for _, d := range ts.Documents {
			if d.SyntheticSize > 0 {
				t.docs[d.ID] = &document{synthetic: true, size: d.SyntheticSize}
			} else {
				t.docs[d.ID] = &document{data: d.Data, size: int64(len(d.Data))}
			}
		}
		e.mu.Unlock()
	}
	return nil
}

// saveState writes the state file atomically (temp file, then rename), so a
// crash leaves the old or the new state, never half of one. New calls it
// too, so a path that cannot be written is refused at start.
func (e *Emulator) saveState() error {
	if e.stateFile == "" {
		return nil
	}
	e.saveMu.Lock()
	defer e.saveMu.Unlock()
	fail := func(err error) error { return fmt.Errorf("emulator: state file %s: %w", e.stateFile, err) }
	b, err := json.MarshalIndent(e.snapshot(), "", "  ")
	if err != nil {
		return fail(err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.stateFile), ".esign-emulator-state-*")
	if err != nil {
		return fail(err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // no-op after the rename
	if err := tmp.Chmod(0o600); err != nil {
		_ = tmp.Close()
		return fail(err)
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		_ = tmp.Close()
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), e.stateFile); err != nil {
		return fail(err)
	}
	return nil
}

// saveAfterWrite is saveState for write paths, called before the write is
// answered. A failure is always printed (errorf, which the request log's
// quiet mode does not silence) and returned, so that a route answers
// writeSaveError instead of acknowledging a write it could not keep.
func (e *Emulator) saveAfterWrite() error {
	err := e.saveState()
	if err != nil {
		e.errorf("%v", err)
	}
	return err
}

// writeSaveError answers a write that was made in memory but could not be
// saved: a 500, since a restart would lose it.
func writeSaveError(w http.ResponseWriter, err error) {
	writeError(w, http.StatusInternalServerError, "the write was made but could not be saved: %v", err)
}

func (e *Emulator) snapshot() stateFile {
	e.mu.Lock()
	defer e.mu.Unlock()
	sf := stateFile{Version: 1, Tenants: []tenantSaved{}}
	for _, t := range e.order {
		ts := tenantSaved{Tenant: t.Tenant, Subscriptions: []subscriptionSaved{}, Metadata: []StoredMetadataEntry{}, Documents: []documentSaved{}}
		for _, s := range t.subs {
			ts.Subscriptions = append(ts.Subscriptions, subscriptionSaved{Subscription: s.Subscription, Headers: s.headers})
		}
		for _, m := range t.meta {
			ts.Metadata = append(ts.Metadata, *m)
		}
		for id, d := range t.docs {
			switch {
			case d.synthetic:
				ts.Documents = append(ts.Documents, documentSaved{ID: id, SyntheticSize: d.size})
			case len(d.data) <= maxSavedDocument:
				ts.Documents = append(ts.Documents, documentSaved{ID: id, Data: d.data})
			}
		}
		// Map order is random; a sorted file diffs cleanly between saves.
		slices.SortFunc(ts.Documents, func(a, b documentSaved) int { return strings.Compare(a.ID, b.ID) })
		sf.Tenants = append(sf.Tenants, ts)
	}
	return sf
}
