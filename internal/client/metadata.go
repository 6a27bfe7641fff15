// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

const (
	EntitySignatureRequest = "SignatureRequest"
	EntitySignatory        = "Signatory"
	EntityDocument         = "Document"
)

var EntityTypes = []string{EntitySignatureRequest, EntitySignatory, EntityDocument}

type MetadataEntry struct {
	Key        string `json:"key"`
	Value      string `json:"value"`
	EntityID   string `json:"entityId"`
	EntityType string `json:"entityType"`
}

type MetadataList struct {
	Total int             `json:"total"`
	Items []MetadataEntry `json:"items"`
}

type PutMetadataRequest struct {
	Value       string `json:"value"`
	ReferenceID string `json:"referenceId"`
}

// MetadataSet is one entity's list, indexed by key; shared between callers, so never modified.
type MetadataSet struct {
	Items []MetadataEntry
	byKey map[string]int
}

func newMetadataSet(items []MetadataEntry) *MetadataSet {
	s := &MetadataSet{Items: items, byKey: make(map[string]int, len(items))}
	for i := range items {
		s.byKey[items[i].Key] = i
	}
	return s
}

func (s *MetadataSet) with(entry MetadataEntry) *MetadataSet {
	items := slices.Clone(s.Items)
	if i, ok := s.byKey[entry.Key]; ok {
		items[i] = entry
	} else {
		items = append(items, entry)
	}
	return newMetadataSet(items)
}

func (s *MetadataSet) Find(key string) (MetadataEntry, bool) {
	i, ok := s.byKey[key]
	if !ok {
		return MetadataEntry{}, false
	}
	return s.Items[i], true
}

// PutMetadata is an upsert. The entity's cached list takes the entry, so many creates read it once; after
// a failed PUT, which may have been carried out, it is read again.
func (c *Client) PutMetadata(ctx context.Context, entityType, entityID, key string, req PutMetadataRequest) (*MetadataEntry, error) {
	cacheKey := entityCacheKey(entityType, entityID)
	var out MetadataEntry
	err := c.doJSON(ctx, call{
		method:     http.MethodPut,
		route:      "PUT /metadata/{entityType}/{entityId}/{key}",
		url:        c.endpoint(nil, "metadata", entityType, entityID, key),
		body:       req,
		idempotent: true,
	}, &out)
	if err != nil {
		c.entityMetadata.invalidate(cacheKey)
		return nil, err
	}
	written := out
	if written.Key != key {
		written = MetadataEntry{Key: key, Value: req.Value, EntityID: entityID, EntityType: entityType}
	}
	c.entityMetadata.update(cacheKey, func(set *MetadataSet) *MetadataSet { return set.with(written) })
	return &out, nil
}

func (c *Client) listEntityMetadata(ctx context.Context, entityType, entityID string) (*MetadataList, error) {
	return c.listMetadata(ctx, call{
		route: "GET /metadata/{entityType}/{entityId}",
		url:   c.endpoint(nil, "metadata", entityType, entityID),
	})
}

// ListReferenceMetadata lists a signature request's entries, its signatories' and its documents'.
func (c *Client) ListReferenceMetadata(ctx context.Context, referenceID string) (*MetadataList, error) {
	return c.listMetadata(ctx, call{
		route: "GET /metadata/{referenceId}",
		url:   c.endpoint(nil, "metadata", referenceID),
	})
}

// EntityMetadata is the entity's list shared by every reader (coalesce.go).
func (c *Client) EntityMetadata(ctx context.Context, entityType, entityID string) (*MetadataSet, error) {
	fetch := func(ctx context.Context) (*MetadataSet, error) {
		list, err := c.listEntityMetadata(ctx, entityType, entityID)
		if err != nil {
			return nil, err
		}
		return newMetadataSet(list.Items), nil
	}
	return c.entityMetadata.get(ctx, entityCacheKey(entityType, entityID), fetch)
}

func (c *Client) listMetadata(ctx context.Context, cl call) (*MetadataList, error) {
	items, total, err := readList(ctx, c, cl, metadataProblem)
	if err = c.confirmNotFound(ctx, err); IsNotFound(err) {
		return &MetadataList{Items: []MetadataEntry{}}, nil // an entity without metadata
	}
	if err != nil {
		return nil, err
	}
	return &MetadataList{Total: total, Items: items}, nil
}

// entityCacheKey ignores the entity type's case, as the service does.
func entityCacheKey(entityType, entityID string) string {
	return strings.ToLower(entityType) + "\x00" + entityID
}

// metadataProblem: a reference list holds several entities, so a key may repeat across them, never within one.
func metadataProblem(entries []MetadataEntry) string {
	seen := make(map[string]int, len(entries))
	for i, e := range entries {
		if e.Key == "" {
			return fmt.Sprintf("entry %d of %d has no key", i+1, len(entries))
		}
		id := entityCacheKey(e.EntityType, e.EntityID) + "\x00" + e.Key
		if first, dup := seen[id]; dup {
			return fmt.Sprintf("entries %d and %d have the same key %q (entity %s %s)", first+1, i+1, e.Key, e.EntityType, e.EntityID)
		}
		seen[id] = i
	}
	return ""
}
