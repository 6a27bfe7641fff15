// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// MaxAnswerBytes caps one JSON answer: 2.5 times the largest plausible one (50,000 subscriptions with
// 200-character URIs and descriptions: 26 MB, measured). A 400 MB answer once drove the provider to 943 MB.
const MaxAnswerBytes = 64 << 20

// answerError is a 2xx answer that cannot be used; it would come again, so it is not retried.
type answerError struct {
	text string // shown through the gate
	kind error  // ErrMalformedAnswer or ErrAnswerTooLarge
}

func (e *answerError) Error() string { return e.text }

func (e *answerError) Unwrap() error { return e.kind }

// malformed shows problem, which may quote the answer, through the gate.
func (c *Client) malformed(cl call, format string, args ...any) error {
	problem := c.gate.Show(fmt.Sprintf(format, args...))
	return &answerError{
		text: fmt.Sprintf("%s at %s: the service's answer is malformed: %s", cl.route, hostPort(c.base), problem),
		kind: ErrMalformedAnswer,
	}
}

func (c *Client) tooLarge(cl call) error {
	return &answerError{
		text: fmt.Sprintf("%s at %s: the service's answer is larger than %d MiB, the most the client reads of one answer",
			cl.route, hostPort(c.base), MaxAnswerBytes>>20),
		kind: ErrAnswerTooLarge,
	}
}

// readJSON decodes resp into cl.out; a read error is a transport failure, an unusable answer an *answerError.
func (c *Client) readJSON(cl call, resp *http.Response) error {
	if cl.out == nil {
		return nil
	}
	if resp.ContentLength > MaxAnswerBytes {
		return c.tooLarge(cl)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	switch {
	case err != nil:
		return fmt.Errorf("reading the answer after %d bytes: %w", len(data), err)
	case len(data) > MaxAnswerBytes:
		return c.tooLarge(cl)
	}
	if err := json.Unmarshal(data, cl.out); err != nil {
		return c.malformed(cl, "%s", undecodable(data, resp.Header.Get("Content-Type"), err))
	}
	return nil
}

// undecodable says why data is not the JSON expected, without quoting it.
func undecodable(data []byte, contentType string, err error) string {
	mediaType, _, _ := mime.ParseMediaType(contentType)
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return "the body is empty"
	case mediaType == "text/html" || bytes.HasPrefix(bytes.TrimSpace(data), []byte("<")):
		return fmt.Sprintf("an HTML page (%d bytes, Content-Type %q), not JSON: is base_url the root of the API, not of a web site?", len(data), contentType)
	case errors.As(err, &syntaxErr) && syntaxErr.Offset >= int64(len(data)):
		return fmt.Sprintf("the JSON ends early, after %d bytes (truncated)", len(data))
	case errors.As(err, &syntaxErr):
		return fmt.Sprintf("not valid JSON (%d bytes): %v", len(data), err)
	case errors.As(err, &typeErr):
		return fmt.Sprintf("the field %q holds a JSON %s", typeErr.Field, typeErr.Value)
	}
	return err.Error()
}

// A list is the whole truth about what exists (DESIGN.md, "Creates that never duplicate, and never claim
// another's"): one with an item that cannot be identified or told apart is malformed, never shortened.

// listField tells "items": null (an empty list) from no "items" at all (not a list answer).
type listField[T any] struct {
	items   []T
	present bool
}

func (l *listField[T]) UnmarshalJSON(b []byte) error {
	l.present = true
	return json.Unmarshal(b, &l.items)
}

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

func hooksProblem(hooks []Hook) string {
	seen := make(map[string]int, len(hooks))
	for i, h := range hooks {
		if h.EventType == "" {
			return fmt.Sprintf("hook %d of %d has no event type", i+1, len(hooks))
		}
		name := CanonicalEventType(h.EventType)
		if first, dup := seen[name]; dup {
			return fmt.Sprintf("hooks %d and %d have the same event type %s", first+1, i+1, h.EventType)
		}
		seen[name] = i
	}
	return ""
}
