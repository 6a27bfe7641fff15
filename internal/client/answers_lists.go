package client

import (
	"encoding/json"
	"fmt"
	"strings"
)

// What makes a list answer malformed. A list is read as the whole truth
// about what exists: an item the client cannot identify, or two items it
// cannot tell apart, would make a tracked object look gone (and the next
// apply create it again) or pick one of two at random. So such a list is an
// error that names the problem, never a list with something left out.

// listField is a JSON array that remembers whether the answer had it at
// all: "items": null is an empty list (serialisers write an empty list so),
// an answer without "items" is not a list answer.
type listField[T any] struct {
	items   []T
	present bool
}

// UnmarshalJSON is called for a present field, null included.
func (l *listField[T]) UnmarshalJSON(b []byte) error {
	l.present = true
	return json.Unmarshal(b, &l.items)
}

// subscriptionsProblem says what makes subs unusable, or "".
func subscriptionsProblem(subs []Subscription) string {
	seen := make(map[string]int, len(subs))
	for i, s := range subs {
		switch {
		case s.ID == "":
			return fmt.Sprintf("subscription %d of %d has no id", i+1, len(subs))
		case s.EventType == "":
			return fmt.Sprintf("subscription %s has no event type", s.ID)
		}
		id := strings.ToLower(s.ID)
		if first, dup := seen[id]; dup {
			return fmt.Sprintf("subscriptions %d and %d have the same id %s", first+1, i+1, s.ID)
		}
		seen[id] = i
	}
	return ""
}

// metadataProblem says what makes entries unusable, or "". A reference
// list holds the entries of several entities, so a key may repeat across
// entities, never within one.
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

// hooksProblem says what makes hooks unusable, or "".
func hooksProblem(hooks []Hook) string {
	seen := make(map[string]int, len(hooks))
	for i, h := range hooks {
		if h.EventType == "" {
			return fmt.Sprintf("hook %d of %d has no event type", i+1, len(hooks))
		}
		name := strings.ToLower(h.EventType)
		if first, dup := seen[name]; dup {
			return fmt.Sprintf("hooks %d and %d have the same event type %s", first+1, i+1, h.EventType)
		}
		seen[name] = i
	}
	return ""
}
