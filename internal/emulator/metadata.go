// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"net/http"
	"slices"
	"strings"
)

// Entity types that carry metadata, in their canonical spelling.
const (
	EntitySignatureRequest = "SignatureRequest"
	EntitySignatory        = "Signatory"
	EntityDocument         = "Document"
)

// MetadataEntry is a metadata entry as the service answers it.
type MetadataEntry struct {
	Key        string `json:"key"`
	Value      string `json:"value"`
	EntityID   string `json:"entityId"`
	EntityType string `json:"entityType"`
}

// StoredMetadataEntry adds what the service keeps but does not answer.
type StoredMetadataEntry struct {
	MetadataEntry
	ReferenceID string `json:"referenceId"`
}

type metadataList struct {
	Total int             `json:"total"`
	Items []MetadataEntry `json:"items"`
}

type putMetadataRequest struct {
	Value       string `json:"value"`
	ReferenceID string `json:"referenceId"`
}

// canonicalEntityType matches in any case, as the live service does (its
// pages write both SignatureRequest and signaturerequest).
func canonicalEntityType(s string) (string, bool) {
	for _, c := range []string{EntitySignatureRequest, EntitySignatory, EntityDocument} {
		if strings.EqualFold(s, c) {
			return c, true
		}
	}
	return "", false
}

func entityTypeOf(w http.ResponseWriter, r *http.Request) (string, bool) {
	entityType, ok := canonicalEntityType(r.PathValue("entityType"))
	if !ok {
		writeError(w, http.StatusBadRequest, "entityType must be one of SignatureRequest, Signatory, Document")
	}
	return entityType, ok
}

// handleMetadataPut is PUT /metadata/{entityType}/{entityId}/{key}: an upsert.
func (e *Emulator) handleMetadataPut(w http.ResponseWriter, r *http.Request, t *tenantState) {
	entityType, ok := entityTypeOf(w, r)
	if !ok {
		return
	}
	entityID, key := r.PathValue("entityId"), r.PathValue("key")
	if entityID == "" || key == "" {
		writeError(w, http.StatusBadRequest, "entityId and key must not be empty")
		return
	}
	var req putMetadataRequest
	if !decodeJSON(w, r, &req) {
		return
	}
	e.mu.Lock()
	entry := upsertMetadata(t, entityType, entityID, key, req.Value, req.ReferenceID)
	e.mu.Unlock()
	if e.saved(w) {
		writeJSON(w, http.StatusOK, entry)
	}
}

// upsertMetadata sets an entry in place. An empty referenceId keeps the
// stored one; a signature request's defaults to its own id, as the reference
// look-up takes it. e.mu must be held.
func upsertMetadata(t *tenantState, entityType, entityID, key, value, referenceID string) MetadataEntry {
	value = t.storedText(value)
	for _, m := range t.meta {
		if m.EntityType == entityType && m.EntityID == entityID && m.Key == key {
			m.Value = value
			if referenceID != "" {
				m.ReferenceID = referenceID
			}
			return m.MetadataEntry
		}
	}
	if referenceID == "" && entityType == EntitySignatureRequest {
		referenceID = entityID
	}
	m := &StoredMetadataEntry{
		MetadataEntry: MetadataEntry{Key: key, Value: value, EntityID: entityID, EntityType: entityType},
		ReferenceID:   referenceID,
	}
	t.meta = append(t.meta, m)
	return m.MetadataEntry
}

// handleMetadataEntityList is GET /metadata/{entityType}/{entityId}.
func (e *Emulator) handleMetadataEntityList(w http.ResponseWriter, r *http.Request, t *tenantState) {
	if entityType, ok := entityTypeOf(w, r); ok {
		e.writeEntityList(w, r, t, entityType, r.PathValue("entityId"))
	}
}

// handleDocumentMetadata is GET /metadata/document/{documentId}.
func (e *Emulator) handleDocumentMetadata(w http.ResponseWriter, r *http.Request, t *tenantState) {
	e.writeEntityList(w, r, t, EntityDocument, r.PathValue("documentId"))
}

func (e *Emulator) writeEntityList(w http.ResponseWriter, r *http.Request, t *tenantState, entityType, entityID string) {
	e.writeMetadataList(w, r, t, func(m *StoredMetadataEntry) bool { return m.EntityType == entityType && m.EntityID == entityID })
}

// handleMetadataReferenceList is GET /metadata/{referenceId}: the entries
// of a request, its signatories and its documents.
func (e *Emulator) handleMetadataReferenceList(w http.ResponseWriter, r *http.Request, t *tenantState) {
	ref := r.PathValue("referenceId")
	e.writeMetadataList(w, r, t, func(m *StoredMetadataEntry) bool { return m.ReferenceID == ref })
}

// writeMetadataList answers the matching entries, or 404 as the live
// service does for none; its answer forms may page it or empty it.
func (e *Emulator) writeMetadataList(w http.ResponseWriter, r *http.Request, t *tenantState, match func(*StoredMetadataEntry) bool) {
	list := func() listing[MetadataEntry] {
		items := []MetadataEntry{}
		for _, m := range t.meta {
			if match(m) {
				items = append(items, m.MetadataEntry)
			}
		}
		return listing[MetadataEntry]{
			items:     items,
			withTotal: true,
			noneFound: "no metadata found",
		}
	}
	writeListAnswer(e, w, r, t, list, nil)
}

// SetMetadata writes an entry out of band; an unknown entityType is ignored.
func (e *Emulator) SetMetadata(subscriptionKey, entityType, entityID, key, value, referenceID string) {
	_ = e.setMetadata(subscriptionKey, entityType, entityID, key, value, referenceID) // printed
}

func (e *Emulator) setMetadata(subscriptionKey, entityType, entityID, key, value, referenceID string) error {
	canon, ok := canonicalEntityType(entityType)
	if !ok {
		return nil
	}
	_, err := e.changeTenant(subscriptionKey, func(t *tenantState) bool {
		upsertMetadata(t, canon, entityID, key, value, referenceID)
		return true
	})
	return err
}

// DeleteMetadata removes an entry out of band (the service has no delete),
// and reports whether there was one.
func (e *Emulator) DeleteMetadata(subscriptionKey, entityType, entityID, key string) bool {
	removed, _ := e.deleteMetadata(subscriptionKey, entityType, entityID, key) // a save failure is printed
	return removed
}

func (e *Emulator) deleteMetadata(subscriptionKey, entityType, entityID, key string) (bool, error) {
	canon, _ := canonicalEntityType(entityType)
	return e.changeTenant(subscriptionKey, func(t *tenantState) bool {
		i := slices.IndexFunc(t.meta, func(m *StoredMetadataEntry) bool {
			return m.EntityType == canon && m.EntityID == entityID && m.Key == key
		})
		if i >= 0 {
			t.meta = slices.Delete(t.meta, i, i+1)
		}
		return i >= 0
	})
}

// Metadata lists a tenant's entries in insertion order, with their referenceId.
func (e *Emulator) Metadata(subscriptionKey string) (out []StoredMetadataEntry) {
	_ = e.onTenant(subscriptionKey, func(t *tenantState) {
		for _, m := range t.meta {
			out = append(out, *m)
		}
	})
	return out
}
