// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"cmp"
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

// maxSavedDocument bounds the documents the state file keeps (synthetic ones
// are saved as their size): it is for demos, not a blob store.
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

// subscriptionSaved keeps the headers, which delivery needs after a restart.
type subscriptionSaved struct {
	Subscription
	Headers map[string]string `json:"headers,omitempty"`
}

type documentSaved struct {
	ID            string `json:"id"`
	Data          []byte `json:"data,omitempty"`
	SyntheticSize int64  `json:"syntheticSize,omitempty"`
}

// loadState reads the state file; a missing file is an empty state. A device or a fifo is refused: /dev/zero
// would be read forever.
func (e *Emulator) loadState() error {
	info, err := os.Stat(e.stateFile)
	if err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("emulator: state file %s: not a regular file", e.stateFile)
	}
	b, err := os.ReadFile(e.stateFile)
	var sf stateFile
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err == nil:
		err = json.Unmarshal(b, &sf)
	}
	if err != nil {
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
			t.docs[d.ID] = &document{data: d.Data, synthetic: d.SyntheticSize > 0, size: cmp.Or(d.SyntheticSize, int64(len(d.Data)))}
		}
		e.mu.Unlock()
	}
	return nil
}

// saveState writes the state file atomically (a temporary file, then a
// rename), so a crash leaves the old or the new state, never half of one.
func (e *Emulator) saveState() error {
	if e.stateFile == "" {
		return nil
	}
	e.saveMu.Lock()
	defer e.saveMu.Unlock()
	b, err := json.MarshalIndent(e.snapshot(), "", "  ")
	var tmp *os.File
	if err == nil {
		tmp, err = os.CreateTemp(filepath.Dir(e.stateFile), ".esign-emulator-state-*") // 0600: it holds secrets
	}
	if err == nil {
		defer func() { _ = os.Remove(tmp.Name()) }() // no-op after the rename
		_, err = tmp.Write(append(b, '\n'))
		if err = errors.Join(err, tmp.Close()); err == nil {
			err = os.Rename(tmp.Name(), e.stateFile)
		}
	}
	if err != nil {
		return fmt.Errorf("emulator: state file %s: %w", e.stateFile, err)
	}
	return nil
}

// saveAfterWrite is saveState before a write is answered; a failure is
// printed (-quiet or not) and returned.
func (e *Emulator) saveAfterWrite() error {
	err := e.saveState()
	if err != nil {
		e.errorf("%v", err)
	}
	return err
}

// saved saves a write before it is answered; one that could not be saved is
// answered 500, since a restart would lose it.
func (e *Emulator) saved(w http.ResponseWriter) bool {
	err := e.saveAfterWrite()
	if err != nil {
		writeSaveError(w, err)
	}
	return err == nil
}

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
