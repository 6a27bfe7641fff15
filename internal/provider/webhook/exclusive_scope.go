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

// The scope of an esign_webhook_subscriptions_exclusive: which of the
// account's subscriptions it owns. It is also the resource's id, its import
// ID and its identity, so that two configurations that share an account each
// import their own part by naming it.

// exclusiveScope is a set of event types (none: every type) and a URI
// prefix ("": every URI). A subscription is in scope when both match.
type exclusiveScope struct {
	eventTypes []string // lower-case, sorted, without repeats
	uriPrefix  string   // as configured
	place      uriPlace // uriPrefix parsed
}

// newExclusiveScope spells eventTypes as the service lists them (lower-case)
// in a fixed order, so that one scope has one id however it is configured.
func newExclusiveScope(eventTypes []string, uriPrefix string) exclusiveScope {
	types := make([]string, 0, len(eventTypes))
	for _, t := range eventTypes {
		types = append(types, strings.ToLower(t))
	}
	slices.Sort(types)
	place, _ := placeOf(uriPrefix) // validated; a zero place matches nothing
	return exclusiveScope{eventTypes: slices.Compact(types), uriPrefix: uriPrefix, place: place}
}

// uriPlace is where an https URI delivers, as a scope compares it: host
// (without case) and port (443 when left out), and the path, with case
// (RFC 3986: receivers may tell /Prod from /prod), "/" when empty.
type uriPlace struct{ hostPort, path string }

func placeOf(raw string) (uriPlace, bool) {
	u, err := url.Parse(raw)
	if err != nil || !strings.EqualFold(u.Scheme, "https") || u.Hostname() == "" {
		return uriPlace{}, false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	return uriPlace{net.JoinHostPort(host, cmp.Or(u.Port(), "443")), cmp.Or(u.Path, "/")}, true
}

// within tells whether p is at prefix: the same host and port, and a path
// that starts with prefix's.
func (p uriPlace) within(prefix uriPlace) bool {
	return p.hostPort != "" && p.hostPort == prefix.hostPort && strings.HasPrefix(p.path, prefix.path)
}

// contains tells whether sub is in the scope. Event types match without
// regard to case, URIs as places (uriPlace).
func (s exclusiveScope) contains(sub client.Subscription) bool {
	if len(s.eventTypes) > 0 && !slices.Contains(s.eventTypes, strings.ToLower(sub.EventType)) {
		return false
	}
	place, _ := placeOf(sub.URI)
	return s.uriPrefix == "" || place.within(s.place)
}

// overlaps tells whether a subscription could be in both s and o.
func (s exclusiveScope) overlaps(o exclusiveScope) bool {
	typesMeet := len(s.eventTypes) == 0 || len(o.eventTypes) == 0 ||
		slices.ContainsFunc(s.eventTypes, func(t string) bool { return slices.Contains(o.eventTypes, t) })
	return typesMeet && (s.uriPrefix == "" || o.uriPrefix == "" || s.place.within(o.place) || o.place.within(s.place))
}

// anyEventType is how a scope ID says "every event type".
const anyEventType = "*"

// exclusiveImportIDForm is how a scope is written as an import ID.
const exclusiveImportIDForm = `<event_types>[/<uri_prefix>], where <event_types> is a comma-separated list of event ` +
	`types or * for every type (e.g. "*" for the whole account, "signaturerequestcompleted,signatorysigned", ` +
	`"*/https://hooks.example.com/prod/")`

// id is the scope's resource id and import ID: the event types joined by
// commas (* for every type), then / and the URI prefix when there is one.
func (s exclusiveScope) id() string {
	types := anyEventType
	if len(s.eventTypes) > 0 {
		types = strings.Join(s.eventTypes, ",")
	}
	if s.uriPrefix == "" {
		return types
	}
	return types + "/" + s.uriPrefix
}

// parseExclusiveScopeID reads what id writes. Event type names have no /,
// so the first / ends them and the rest, slashes and all, is the prefix.
func parseExclusiveScopeID(raw string) (exclusiveScope, error) {
	types, prefix, _ := strings.Cut(raw, "/")
	var eventTypes []string
	switch {
	case types == "":
		return exclusiveScope{}, framework.ImportIDError("it has no event types: write * for every event type", exclusiveImportIDForm)
	case types != anyEventType:
		eventTypes = strings.Split(types, ",")
		for _, t := range eventTypes {
			if !validators.IsEventTypeName(t) {
				return exclusiveScope{}, framework.ImportIDError(fmt.Sprintf("%q is not an event type name", t), exclusiveImportIDForm)
			}
		}
	}
	if prefix != "" {
		if problem := validators.WebhookURIPrefixProblem(prefix); problem != "" {
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

// idSet is a set of subscription ids; GUIDs compare without regard to case.
type idSet map[string]bool

func (s idSet) has(id string) bool { return s[strings.ToLower(id)] }

// outside answers the subscriptions in scope whose id is not in belong, in
// a fixed order (event type, uri, id) so that plans and state do not reorder
// them from one run to the next.
func (s exclusiveScope) outside(subs []client.Subscription, belong idSet) []client.Subscription {
	var out []client.Subscription
	for _, sub := range subs {
		if s.contains(sub) && !belong.has(sub.ID) {
			out = append(out, sub)
		}
	}
	slices.SortFunc(out, func(a, b client.Subscription) int {
		return cmp.Or(cmp.Compare(a.EventType, b.EventType), cmp.Compare(a.URI, b.URI), cmp.Compare(a.ID, b.ID))
	})
	return out
}
