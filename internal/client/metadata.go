package client

import (
	"context"
	"net/http"
	"slices"
	"strings"
)

// Entity types that can carry metadata, spelled as the service documents them.
const (
	EntitySignatureRequest = "SignatureRequest"
	EntitySignatory        = "Signatory"
	EntityDocument         = "Document"
)

// EntityTypes lists the entity types in their canonical spelling.
var EntityTypes = []string{EntitySignatureRequest, EntitySignatory, EntityDocument}

// MetadataEntry is one key/value entry attached to an entity.
type MetadataEntry struct {
	Key        string `json:"key"`
	Value      string `json:"value"`
	EntityID   string `json:"entityId"`
	EntityType string `json:"entityType"`
}

// MetadataList is the answer of the metadata list routes.
type MetadataList struct {
	Total int             `json:"total"`
	Items []MetadataEntry `json:"items"`
}

// PutMetadataRequest is the body of PUT /metadata/{entityType}/{entityId}/{key}.
type PutMetadataRequest struct {
	Value       string `json:"value"`
	ReferenceID string `json:"referenceId"`
}

// MetadataSet is one decoded entity list, indexed by key. It is shared
// between callers and must not be modified.
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

// with returns a copy of s in which entry replaces the entry of its key, or
// is added at the end.
func (s *MetadataSet) with(entry MetadataEntry) *MetadataSet {
	items := slices.Clone(s.Items)
	if i, ok := s.byKey[entry.Key]; ok {
		items[i] = entry
	} else {
		items = append(items, entry)
	}
	return newMetadataSet(items)
}

// Find returns the entry with the given key.
func (s *MetadataSet) Find(key string) (MetadataEntry, bool) {
	i, ok := s.byKey[key]
	if !ok {
		return MetadataEntry{}, false
	}
	return s.Items[i], true
}

// PutMetadata calls PUT /metadata/{entityType}/{entityId}/{key}, an upsert.
// The entity's list, if read, takes the entry without another request (so
// that creating many entries of one entity reads its list once); after a
// failed PUT, which may or may not have been carried out, it is read again.
func (c *Client) PutMetadata(ctx context.Context, entityType, entityID, key string, req PutMetadataRequest) (*MetadataEntry, error) {
	cacheKey := entityCacheKey(entityType, entityID)
	var out MetadataEntry
	err := c.doJSON(ctx, call{
		method:     http.MethodPut,
		route:      "PUT /metadata/{entityType}/{entityId}/{key}",
		url:        c.endpoint(nil, lit("metadata"), val(entityType), val(entityID), val(key)),
		body:       req,
		idempotent: true,
	}, &out)
	if err != nil {
		c.entityMetadata.invalidate(cacheKey)
		return nil, err
	}
	written := out
	if written.Key != key {
		// The answer did not echo the entry: list it as it was written.
		written = MetadataEntry{Key: key, Value: req.Value, EntityID: entityID, EntityType: entityType}
	}
	c.entityMetadata.update(cacheKey, func(set *MetadataSet) *MetadataSet { return set.with(written) })
	return &out, nil
}

// ListEntityMetadata calls GET /metadata/{entityType}/{entityId}. A 404 is
// an empty list once the base URL is confirmed (see listMetadata).
func (c *Client) ListEntityMetadata(ctx context.Context, entityType, entityID string) (*MetadataList, error) {
	return c.listMetadata(ctx, call{
		route: "GET /metadata/{entityType}/{entityId}",
		url:   c.endpoint(nil, lit("metadata"), val(entityType), val(entityID)),
	})
}

// ListReferenceMetadata calls GET /metadata/{referenceId}: every entry of a
// signature request, its signatories and its documents.
func (c *Client) ListReferenceMetadata(ctx context.Context, referenceID string) (*MetadataList, error) {
	return c.listMetadata(ctx, call{
		route: "GET /metadata/{referenceId}",
		url:   c.endpoint(nil, lit("metadata"), val(referenceID)),
	})
}

// ListDocumentMetadata calls GET /metadata/document/{documentId}.
func (c *Client) ListDocumentMetadata(ctx context.Context, documentID string) (*MetadataList, error) {
	return c.listMetadata(ctx, call{
		route: "GET /metadata/document/{documentId}",
		url:   c.endpoint(nil, lit("metadata"), lit("document"), val(documentID)),
	})
}

// EntityMetadata returns the entries of one entity through one shared list
// request per provider process. A PUT on the entity updates it (a failed
// one makes the next call read the list again).
func (c *Client) EntityMetadata(ctx context.Context, entityType, entityID string) (*MetadataSet, error) {
	fetch := func(ctx context.Context) (*MetadataSet, error) {
		list, err := c.ListEntityMetadata(ctx, entityType, entityID)
		if err != nil {
			return nil, err
		}
		return newMetadataSet(list.Items), nil
	}
	if !c.coalesceEnabled {
		return fetch(ctx)
	}
	return c.entityMetadata.get(ctx, entityCacheKey(entityType, entityID), fetch)
}

// metadataListAnswer is MetadataList as it comes over the wire.
type metadataListAnswer struct {
	Total int                      `json:"total"`
	Items listField[MetadataEntry] `json:"items"`
}

// listMetadata reads one metadata list. An answer that cannot be trusted
// item by item (no items list, an entry without key, a key twice for one
// entity) is ErrMalformedAnswer, never a list with an entry missing.
func (c *Client) listMetadata(ctx context.Context, cl call) (*MetadataList, error) {
	cl.method = http.MethodGet
	cl.idempotent = true
	var out metadataListAnswer
	err := c.doJSON(ctx, cl, &out)
	if IsNotFound(err) {
		// The service answers an entity or reference without metadata
		// with 404 (so does the emulator), and so does every route at a
		// wrong base URL: only a confirmed base URL makes it "empty".
		if werr := c.checkNotFound(ctx, err); werr != nil {
			return nil, werr
		}
		return &MetadataList{Items: []MetadataEntry{}}, nil
	}
	if err != nil {
		return nil, err
	}
	if !out.Items.present {
		return nil, c.malformed(cl, `it has no "items" list`)
	}
	if problem := metadataProblem(out.Items.items); problem != "" {
		return nil, c.malformed(cl, "%s", problem)
	}
	if out.Items.items == nil {
		out.Items.items = []MetadataEntry{}
	}
	return &MetadataList{Total: out.Total, Items: out.Items.items}, nil
}

// entityCacheKey ignores the spelling of the entity type, as the service does.
func entityCacheKey(entityType, entityID string) string {
	return strings.ToLower(entityType) + "\x00" + entityID
}
