// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package webhook

import (
	"cmp"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"

	"github.com/esign-oss/terraform-provider-esign/internal/client"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/framework"
	"github.com/esign-oss/terraform-provider-esign/internal/provider/validators"
)

// exclusiveScope is what an esign_webhook_subscriptions_exclusive owns, and its id, import ID and identity.
type exclusiveScope struct {
	eventTypes []string // canonical, sorted, without repeats; none: every type (never nil: the identity's list is empty)
	uriPrefix  string   // as configured; "": every URI
	place      uriPlace
}

func newExclusiveScope(eventTypes []string, uriPrefix string) exclusiveScope {
	canonical := make([]string, 0, len(eventTypes))
	for _, t := range eventTypes {
		canonical = append(canonical, client.CanonicalEventType(t))
	}
	slices.Sort(canonical)
	return exclusiveScope{
		eventTypes: slices.Compact(canonical),
		uriPrefix:  uriPrefix,
		place:      placeOf(uriPrefix),
	}
}

// uriPlace compares host and port without case, the path with it (RFC 3986: a receiver may tell /Prod from /prod).
type uriPlace struct {
	hostPort string
	path     string
}

// placeOf is zero, which is within nothing, for what is not an https URL with a host. It reads the URL as
// client.CanonicalURI spells it, the one URL equality, so a path that climbs out of a prefix ("..") is where it
// leads, and an encoded "/" is no separator.
func placeOf(raw string) uriPlace {
	u, err := url.Parse(client.CanonicalURI(raw))
	if err != nil || u.Scheme != "https" || u.Hostname() == "" {
		return uriPlace{}
	}
	return uriPlace{
		hostPort: net.JoinHostPort(u.Hostname(), cmp.Or(u.Port(), "443")),
		path:     u.EscapedPath(),
	}
}

func (p uriPlace) within(prefix uriPlace) bool {
	return p.hostPort != "" && p.hostPort == prefix.hostPort && strings.HasPrefix(p.path, prefix.path)
}

func (s exclusiveScope) contains(sub client.Subscription) bool {
	typeIn := len(s.eventTypes) == 0 || slices.Contains(s.eventTypes, client.CanonicalEventType(sub.EventType))
	uriIn := s.uriPrefix == "" || placeOf(sub.URI).within(s.place)
	return typeIn && uriIn
}

// overlaps tells whether a subscription could be in both s and o.
func (s exclusiveScope) overlaps(o exclusiveScope) bool {
	typesMeet := len(s.eventTypes) == 0 || len(o.eventTypes) == 0 ||
		slices.ContainsFunc(s.eventTypes, func(t string) bool { return slices.Contains(o.eventTypes, t) })
	urisMeet := s.uriPrefix == "" || o.uriPrefix == "" || s.place.within(o.place) || o.place.within(s.place)
	return typesMeet && urisMeet
}

const exclusiveImportIDForm = `<event_types>[/<uri_prefix>], where <event_types> is a comma-separated list of event types or * for every type (e.g. "*" for the whole account, "signaturerequestcompleted,signatorysigned", "*/https://hooks.example.com/prod/")`

func (s exclusiveScope) id() string {
	id := cmp.Or(strings.Join(s.eventTypes, ","), "*")
	if s.uriPrefix == "" {
		return id
	}
	return id + "/" + s.uriPrefix
}

// parseExclusiveScopeID reads what id writes: event type names have no /, so the first / ends them.
func parseExclusiveScopeID(raw string) (exclusiveScope, error) {
	types, prefix, _ := strings.Cut(raw, "/")
	var eventTypes []string
	switch {
	case types == "":
		return exclusiveScope{}, framework.ImportIDError("it has no event types: write * for every event type", exclusiveImportIDForm)
	case types != "*":
		eventTypes = strings.Split(types, ",")
		for _, t := range eventTypes {
			if !validators.IsEventTypeName(t) {
				return exclusiveScope{}, framework.ImportIDError(fmt.Sprintf("%q is not an event type name", t), exclusiveImportIDForm)
			}
		}
	}
	if prefix != "" {
		problem := validators.WebhookURIPrefixProblem(prefix)
		if problem != "" {
			return exclusiveScope{}, framework.ImportIDError("its URI prefix "+problem, exclusiveImportIDForm)
		}
	}
	return newExclusiveScope(eventTypes, prefix), nil
}

// describe says in words which subscriptions the scope holds, for messages.
func (s exclusiveScope) describe() string {
	types := "of every event type"
	if len(s.eventTypes) > 0 {
		types = "of event type " + strings.Join(s.eventTypes, " or ")
	}
	if s.uriPrefix == "" {
		return "every subscription " + types
	}
	return fmt.Sprintf("every subscription %s whose uri is under %q", types, s.uriPrefix)
}

// idSet holds lower-case ids: GUIDs compare without case.
type idSet map[string]bool

func (s idSet) has(id string) bool { return s[strings.ToLower(id)] }
func (s idSet) add(id string)      { s[strings.ToLower(id)] = true }

// outside is what is in scope and not in belong, in a fixed order so that plans and state do not reorder it.
func (s exclusiveScope) outside(subs []client.Subscription, belong idSet) []client.Subscription {
	out := slices.DeleteFunc(slices.Clone(subs), func(sub client.Subscription) bool {
		return !s.contains(sub) || belong.has(sub.ID)
	})
	slices.SortFunc(out, func(a, b client.Subscription) int {
		return cmp.Or(cmp.Compare(a.EventType, b.EventType), cmp.Compare(a.URI, b.URI), cmp.Compare(a.ID, b.ID))
	})
	return out
}
