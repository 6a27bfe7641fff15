// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"net/http"
	"slices"
	"strings"
)

const EntitySignatureRequest = "SignatureRequest"

var EntityTypes = []string{EntitySignatureRequest, "Signatory", "Document"}

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

// MetadataSet is one entity's list; Find takes a key.
type MetadataSet struct{ indexed[MetadataEntry] }

func newMetadataSet(items []MetadataEntry) *MetadataSet {
	return &MetadataSet{index(items, func(e MetadataEntry) string { return e.Key }, func(k string) string { return k })}
}

func (s *MetadataSet) with(entry MetadataEntry) *MetadataSet {
	items := slices.Clone(s.Items)
	if i, ok := s.at[entry.Key]; ok {
		items[i] = entry
	} else {
		items = append(items, entry)
	}
	return newMetadataSet(items)
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
		written = MetadataEntry{
			Key:        key,
			Value:      req.Value,
			EntityID:   entityID,
			EntityType: entityType,
		}
	}
	c.entityMetadata.update(cacheKey, func(set *MetadataSet) *MetadataSet { return set.with(written) })
	return &out, nil
}

// ListReferenceMetadata lists a signature request's entries, its signatories' and its documents'.
func (c *Client) ListReferenceMetadata(ctx context.Context, referenceID string) (*MetadataList, error) {
	return c.listMetadata(ctx, "GET /metadata/{referenceId}", referenceID)
}

// EntityMetadata is the entity's list shared by every reader (coalesce.go).
func (c *Client) EntityMetadata(ctx context.Context, entityType, entityID string) (*MetadataSet, error) {
	fetch := func(ctx context.Context) (*MetadataSet, error) {
		list, err := c.listMetadata(ctx, "GET /metadata/{entityType}/{entityId}", entityType, entityID)
		if err != nil {
			return nil, err
		}
		return newMetadataSet(list.Items), nil
	}
	return c.entityMetadata.get(ctx, entityCacheKey(entityType, entityID), fetch)
}

func (c *Client) listMetadata(ctx context.Context, route string, segments ...string) (*MetadataList, error) {
	cl := call{
		route: route,
		url:   c.endpoint(nil, append([]string{"metadata"}, segments...)...),
	}
	items, total, err := readList(ctx, c, cl, metadataProblem)
	err = c.confirmNotFound(ctx, err)
	if IsNotFound(err) {
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
	return listProblem(entries, "entry", "entries", "key", func(e MetadataEntry) (string, string) {
		return e.Key, entityCacheKey(e.EntityType, e.EntityID) + "\x00" + e.Key
	})
}
