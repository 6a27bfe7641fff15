// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Subscription is as the service lists it: never with its headers.
type Subscription struct {
	ID          string `json:"id"`
	EventType   string `json:"eventType"`
	URI         string `json:"uri"`
	Description string `json:"description"`
}

type CreateSubscriptionRequest struct {
	Description string            `json:"Description"`
	URI         string            `json:"Uri"`
	EventType   string            `json:"EventType"`
	Headers     map[string]string `json:"Headers,omitempty"`
}

// CanonicalEventType is how requests spell an event type and comparisons see it: the service answers lower-case.
func CanonicalEventType(eventType string) string { return strings.ToLower(eventType) }

// MatchKey is what identical subscriptions share: the service never returns headers, and may keep a uri in
// another spelling of the same URL.
func MatchKey(eventType, uri, description string) string {
	return CanonicalEventType(eventType) + "\x00" + CanonicalURI(uri) + "\x00" + description
}

// SameURI tells whether a and b name one URL (CanonicalURI): the one URL equality of the provider.
func SameURI(a, b string) bool {
	return CanonicalURI(a) == CanonicalURI(b)
}

// CanonicalURI spells raw as RFC 3986 §6.2.2-6.2.3 normalises it, since a service may keep a uri in another
// spelling than it was sent: scheme and host lower-case, the scheme's default port and a trailing "." of the
// host dropped, an empty path "/", percent-encodings of unreserved characters decoded and the others
// upper-cased. Userinfo, query and fragment stay as they are: their meaning is the receiver's. Text that
// does not parse as a URL is its own canonical form.
func CanonicalURI(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	// url.Parse cuts the fragment, then the query, then the authority: so does this, on the raw text.
	rest, fragment, hasFragment := strings.Cut(raw, "#")
	rest, query, hasQuery := strings.Cut(rest, "?")
	var b strings.Builder
	if u.Scheme != "" {
		b.WriteString(u.Scheme) // url.Parse lower-cases it
		b.WriteString(":")
		rest = rest[len(u.Scheme)+1:]
	}
	path := rest
	hasAuthority := strings.HasPrefix(rest, "//")
	if hasAuthority {
		authority := rest[2:]
		path = ""
		i := strings.Index(authority, "/")
		if i >= 0 {
			path = authority[i:]
			authority = authority[:i]
		}
		// The userinfo ends at the last "@", as url.Parse reads it.
		at := strings.LastIndex(authority, "@")
		b.WriteString("//")
		b.WriteString(authority[:at+1])
		b.WriteString(canonicalHostPort(authority[at+1:], u.Scheme))
	}
	path = removeDotSegments(canonicalPercent(path, false))
	if hasAuthority && path == "" {
		path = "/"
	}
	b.WriteString(path)
	if hasQuery {
		b.WriteString("?")
		b.WriteString(query)
	}
	if hasFragment {
		b.WriteString("#")
		b.WriteString(fragment)
	}
	return b.String()
}

// canonicalHostPort lower-cases the host, drops its trailing "." and a port that is empty or the scheme's default.
func canonicalHostPort(hostPort, scheme string) string {
	host := hostPort
	port := ""
	// A port follows the last ":" outside an IPv6 literal's brackets.
	i := strings.LastIndex(hostPort, ":")
	if i > strings.LastIndex(hostPort, "]") {
		host = hostPort[:i]
		port = hostPort[i+1:]
	}
	host = canonicalPercent(host, true)
	if !strings.HasPrefix(host, "[") {
		host = strings.TrimSuffix(host, ".")
	}
	port = strings.TrimLeft(port, "0") // a port is a number: 0443 is 443
	if port == "" || port == defaultPort(scheme) {
		return host
	}
	return host + ":" + port
}

// removeDotSegments resolves "." and ".." in a path as a receiver does (RFC 3986, 5.2.4), so that a path that
// climbs out of a prefix compares by where it leads.
func removeDotSegments(path string) string {
	var out []string
	segments := strings.Split(path, "/")
	for i, segment := range segments {
		last := i == len(segments)-1
		switch segment {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			root := len(out) == 1 && out[0] == ""
			if len(out) > 0 && !root {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, segment)
		}
	}
	return strings.Join(out, "/")
}

// canonicalPercent decodes the percent-encodings of unreserved characters and upper-cases the others' hex
// digits; lower also lower-cases every other letter (a host's). url.Parse checked each encoding.
func canonicalPercent(s string, lower bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' || i+2 >= len(s) {
			if lower {
				c = toLowerASCII(c)
			}
			b.WriteByte(c)
			continue
		}
		hex := strings.ToUpper(s[i+1 : i+3])
		decoded, ok := hexByte(s, i+1)
		i += 2
		if ok && unreserved(decoded) {
			c = decoded
			if lower {
				c = toLowerASCII(c)
			}
			b.WriteByte(c)
			continue
		}
		b.WriteString("%")
		b.WriteString(hex)
	}
	return b.String()
}

// unreserved is RFC 3986's ALPHA / DIGIT / "-" / "." / "_" / "~".
func unreserved(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || strings.IndexByte("-._~", c) >= 0
}

func toLowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// SubscriptionSet is one list; Find takes an id, in any case (a GUID).
type SubscriptionSet struct{ indexed[Subscription] }

// NewSubscriptionSet spells event types canonically.
func NewSubscriptionSet(items []Subscription) *SubscriptionSet {
	for i := range items {
		items[i].EventType = CanonicalEventType(items[i].EventType)
	}
	return &SubscriptionSet{index(items, func(s Subscription) string { return s.ID }, strings.ToLower)}
}

// indexed is a list shared between callers, so never modified, and its index by key.
type indexed[T any] struct {
	Items []T
	at    map[string]int // by fold(key)
	fold  func(string) string
}

func index[T any](items []T, key func(T) string, fold func(string) string) indexed[T] {
	s := indexed[T]{
		Items: items,
		at:    make(map[string]int, len(items)),
		fold:  fold,
	}
	for i := range items {
		s.at[fold(key(items[i]))] = i
	}
	return s
}

func (s *indexed[T]) Find(key string) (item T, ok bool) {
	i, ok := s.at[s.fold(key)]
	if ok {
		item = s.Items[i]
	}
	return item, ok
}

// Identical answers the subscriptions with that event type (in any case), URI and description.
func (s *SubscriptionSet) Identical(eventType, uri, description string) []Subscription {
	want := MatchKey(eventType, uri, description)
	var out []Subscription
	for _, sub := range s.Items {
		if MatchKey(sub.EventType, sub.URI, sub.Description) == want {
			out = append(out, sub)
		}
	}
	return out
}

// CreateSubscription sends one create (429s aside); on ErrOutcomeUnknown the subscription may exist, which
// CreateSubscriptionOnce resolves. Headers are checked again here, for values unknown at plan.
func (c *Client) CreateSubscription(ctx context.Context, req CreateSubscriptionRequest) (string, error) {
	if err := CheckHeaders(req.Headers); err != nil {
		return "", fmt.Errorf("%s: nothing was sent: %w", routeSubscriptionCreate, err)
	}
	c.gate.add(slices.Collect(maps.Values(req.Headers))...)
	c.gate.add(URISecrets(req.URI)...)
	req.EventType = CanonicalEventType(req.EventType)
	defer c.subscriptions.invalidate("")
	var out struct {
		ID string `json:"id"`
	}
	cl := call{
		method: http.MethodPost,
		route:  routeSubscriptionCreate,
		url:    c.endpoint(nil, "hooks", "v1", "subscription"),
		body:   req,
	}
	err := c.doJSON(ctx, cl, &out)
	if err != nil {
		return "", err
	}
	if out.ID == "" {
		return "", fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, c.malformed(cl, "a 2xx answer without an id"))
	}
	// The id reaches the state and every output: one the gate would not show as it is (a credential, a
	// control character) is no id the service issued, but the sign of a broken or hostile peer.
	if c.gate.redact(out.ID) != out.ID {
		return "", fmt.Errorf("%s: %w: %w", cl.route, ErrOutcomeUnknown, c.malformed(cl, "a 2xx answer whose id cannot be shown"))
	}
	return out.ID, nil
}

// gatewayOwnedHeaders are the gateway's own and RFC 9110's hop-by-hop headers (7.6.1), in any case: a
// subscription's headers become header lines of every delivery (DESIGN.md, "Webhook headers").
var gatewayOwnedHeaders = []string{
	"Host", "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "Proxy-Connection",
	"TE", "Trailer", "Upgrade", "Proxy-Authenticate", "Proxy-Authorization",
}

var errInvalidHeader = errors.New("invalid webhook header")

// tokenChars are the characters of an HTTP token (RFC 9110, 5.6.2): a header name, a parameter's.
const tokenChars = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" //nolint:gosec // the characters of a token, not a credential

// CheckHeaderName's error does not repeat the name: the caller names the header.
func CheckHeaderName(name string) error {
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return !strings.ContainsRune(tokenChars, r) }) {
		return errors.New("must be a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~)")
	}
	if slices.ContainsFunc(gatewayOwnedHeaders, func(h string) bool { return strings.EqualFold(h, name) }) {
		return fmt.Errorf("is a header the gateway sets itself (%s, in any case), which a subscription must not send",
			strings.Join(gatewayOwnedHeaders, ", "))
	}
	return nil
}

// CheckHeaderValue never quotes the value, which is often a secret.
func CheckHeaderValue(value string) error {
	if strings.ContainsAny(value, "\r\n\x00") {
		return errors.New("must not contain CR, LF or NUL (a line break would end the header and start another)")
	}
	return nil
}

// CheckHeaders answers the first problem, in the order of the names, wrapping errInvalidHeader.
func CheckHeaders(headers map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(headers)) {
		if err := CheckHeaderName(name); err != nil {
			return fmt.Errorf("%w: header name %q %w", errInvalidHeader, name, err)
		}
		if err := CheckHeaderValue(headers[name]); err != nil {
			return fmt.Errorf("%w: the value of header %q %w", errInvalidHeader, name, err)
		}
	}
	return nil
}

// CheckCredential refuses a control character, such as the line break a secret store often leaves at the
// end, naming the character but never the value.
func CheckCredential(value string) error {
	i := strings.IndexFunc(value, func(r rune) bool { return (r < ' ' && r != '\t') || r == 0x7f })
	if i < 0 {
		return nil
	}
	where := "contains"
	switch {
	case i == len(value)-1:
		where = "ends with"
	case i == 0:
		where = "starts with"
	}
	return fmt.Errorf("%s %s, which an HTTP header cannot carry", where, controlCharacterName(value[i]))
}

// controlCharacterName names a control character as CheckCredential's error says it.
func controlCharacterName(b byte) string {
	switch b {
	case '\n':
		return `a line break (\n)`
	case '\r':
		return `a carriage return (\r)`
	}
	return fmt.Sprintf("the control character %U", b)
}

// listSubscriptions: the list exists at every correct base URL, so a 404 is ErrWrongBaseURL.
func (c *Client) listSubscriptions(ctx context.Context) (*SubscriptionSet, error) {
	subs, _, err := readList(ctx, c, call{
		route: "GET /hooks/v1/subscription",
		url:   c.endpoint(nil, "hooks", "v1", "subscription"),
	}, subscriptionsProblem)
	if err != nil {
		return nil, c.notFoundOnFixedRoute(err)
	}
	c.learnURISecrets(subs...)
	return NewSubscriptionSet(subs), nil
}

// learnURISecrets tells the gate the secrets of the receiver URIs the service answers (URISecrets), those of
// subscriptions no configuration here manages too: a description, or an answer, may repeat one.
func (c *Client) learnURISecrets(subs ...Subscription) {
	for _, s := range subs {
		c.gate.add(URISecrets(s.URI)...)
	}
}

// Subscriptions is the list shared by every reader until a create or delete (coalesce.go).
func (c *Client) Subscriptions(ctx context.Context) (*SubscriptionSet, error) {
	return c.subscriptions.get(ctx, "", c.listSubscriptions)
}

func (c *Client) GetSubscription(ctx context.Context, id, eventType string) (*Subscription, error) {
	var out Subscription
	cl := call{
		method:     http.MethodGet,
		route:      "GET /hooks/v1/subscription/{id}",
		url:        c.endpoint(eventTypeQuery(eventType), "hooks", "v1", "subscription", id),
		idempotent: true,
	}
	err := c.doJSON(ctx, cl, &out)
	err = c.confirmNotFound(ctx, err)
	if err != nil {
		return nil, err
	}
	if problem := subscriptionsProblem([]Subscription{out}); problem != "" {
		return nil, c.malformed(cl, problem)
	}
	if !strings.EqualFold(out.ID, id) {
		return nil, c.malformed(cl, fmt.Sprintf("it describes the subscription %q, not %q", out.ID, id))
	}
	c.learnURISecrets(out)
	out.EventType = CanonicalEventType(out.EventType)
	return &out, nil
}

// FindSubscription reads a subscription by id. Without its event type, which the service's get route needs, it
// tries each supported event type; IsNotFound when none has it.
func (c *Client) FindSubscription(ctx context.Context, id, eventType string) (*Subscription, error) {
	if eventType != "" {
		return c.GetSubscription(ctx, id, eventType)
	}
	hooks, err := c.SupportedHooks(ctx)
	if err != nil {
		return nil, err
	}
	notFound := fmt.Errorf("the service supports no event type to read subscription %s with", c.gate.redact(id))
	for _, hook := range hooks {
		found, err := c.GetSubscription(ctx, id, hook.EventType)
		if !IsNotFound(err) {
			return found, err
		}
		notFound = err
	}
	return nil, notFound
}

// DeleteSubscription answers nil once the subscription is deleted, also when the service answers 410 Gone (some
// answer a delete so, or a resent one); a 404 is IsNotFound, for the caller to read as done.
func (c *Client) DeleteSubscription(ctx context.Context, id, eventType string) error {
	defer c.subscriptions.invalidate("")
	err := c.doJSON(ctx, call{
		method:     http.MethodDelete,
		route:      "DELETE /hooks/v1/subscription/{id}",
		url:        c.endpoint(eventTypeQuery(eventType), "hooks", "v1", "subscription", id),
		idempotent: true,
	}, nil)
	if answered(err, http.StatusGone) {
		return nil
	}
	return c.confirmNotFound(ctx, err)
}

func eventTypeQuery(eventType string) url.Values {
	return url.Values{"eventType": []string{CanonicalEventType(eventType)}}
}

// readList GETs a list answer, following its next links. A list is the whole truth about what exists
// (DESIGN.md, "Creates that never duplicate, and never claim another's"): one with an item that cannot be
// identified or told apart is malformed, and one that says it is partial, in a way the client cannot follow,
// is ErrPartialList (listPageSays); neither is ever read as whole. Each page is sent as the first is (retries,
// a login again after a 401).
func readList[T any](ctx context.Context, c *Client, cl call, problem func([]T) string) ([]T, int, error) {
	cl.method = http.MethodGet
	cl.idempotent = true
	all := []T{}    // an empty list is not nil
	count := 0      // the most items a page says the list holds
	countedBy := "" // what said so
	for page := 1; ; page++ {
		var out listPage[T]
		cl.out = &out
		resp, err := c.send(ctx, cl) //nolint:bodyclose // attempt closed it once it decoded it
		if err != nil {
			return nil, 0, c.pageError(cl, page, err)
		}
		if out.Items == nil {
			return nil, 0, c.pageError(cl, page, c.malformed(cl, `it has no "items" list`))
		}
		says := c.listPageSays(page, out.members, resp)
		if says.partial != "" {
			return nil, 0, c.partialList(cl, says.partial)
		}
		all = append(all, out.Items...)
		if says.count > count {
			count = says.count
			countedBy = says.countedBy
		}
		if says.next == "" {
			break
		}
		if page == maxListPages {
			return nil, 0, c.partialList(cl, fmt.Sprintf("it goes on past %d pages, the most the client follows (a next link that leads back to an earlier page looks so too)", maxListPages))
		}
		cl.url, err = c.nextPage(cl, page, says.next)
		if err != nil {
			return nil, 0, err
		}
	}
	if p := problem(all); p != "" {
		return nil, 0, c.malformed(cl, p)
	}
	if count > len(all) {
		return nil, 0, c.partialList(cl, fmt.Sprintf(`%s says %d items, and it holds %d, without a next link to the rest`, countedBy, count, len(all)))
	}
	return all, count, nil
}

// maxListPages bounds one list read: a next link that leads back to an earlier page would never end.
const maxListPages = 1000

// listPage is one page of a list answer: its items, and every member as sent, which listPageSays reads.
type listPage[T any] struct {
	Items   items[T]
	members map[string]json.RawMessage
}

func (p *listPage[T]) UnmarshalJSON(b []byte) error {
	err := json.Unmarshal(b, &p.members)
	if err != nil {
		return err
	}
	raw, ok := p.members["items"]
	if !ok {
		return nil
	}
	err = json.Unmarshal(raw, &p.Items)
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		typeErr.Field = strings.TrimSuffix("items."+typeErr.Field, ".") // from the answer's root, as the message says
	}
	return err
}

// The members of a list page that listPageSays reads besides "items".
var (
	nextLinkMembers = []string{"nextLink", "@odata.nextLink", "next"}
	lastPageMembers = []string{"isLastPage", "lastPage", "isLast"} // they say nothing only as true
	countHeaders    = []string{"X-Total-Count", "Total-Count"}
	// pagingStems are in the name of a header that may say the list goes on: X-Has-More, X-Total-Pages,
	// X-NextPageToken, X-Ms-Continuation, X-Pagination, X-Offset, X-Truncated. Content-Range says so too.
	pagingStems = []string{"continu", "cursor", "next", "more", "pag", "offset", "skip", "total", "count", "truncat", "partial"}
)

// pageSays is what one list page says of the list beyond its own items.
type pageSays struct {
	next      string // the link to the next page; "": this is the last
	count     int    // the most items a count of the page says the list holds
	countedBy string // that count's name, for the error
	partial   string // a sign that the list is partial which the client cannot follow; "": none
}

// listPageSays decides what one list page says of the list beyond its own items. The interface document shows
// a list answer as an object with "items" (and "total" for metadata), so a page is partial, in a way the client
// cannot follow, when it:
//   - answers another 2xx than 200 (206 Partial Content, 202 Accepted);
//   - holds any other member than those and the next links, unless its value says nothing (null, false, 0, "",
//     [] or {}; for isLastPage and its like, true): hasMore, a count, a token, a link the client does not know;
//   - has a header that counts the items (X-Total-Count) not as a number, or another paging header
//     (pagingStems, Content-Range) whose value says something (not "", 0, false or null);
//   - has a Link header that mentions next and cannot be read, or names another next page than the body.
//
// A count above the items is checked once every page is read.
func (c *Client) listPageSays(page int, members map[string]json.RawMessage, resp *http.Response) pageSays {
	var says pageSays
	if resp.StatusCode != http.StatusOK {
		says.partial = fmt.Sprintf("page %d answers %s, not 200 OK, which may say that it holds part of the list", page, StatusText(resp.StatusCode))
		return says
	}
	var links, linkNames []string
	for _, name := range slices.Sorted(maps.Keys(members)) {
		raw := members[name]
		var link string
		switch {
		case name == "items":
		case name == "total":
			err := json.Unmarshal(raw, &says.count)
			if err != nil || says.count < 0 {
				says.partial = fmt.Sprintf(`page %d's "total" is not a count of items`, page)
				return says
			}
			says.countedBy = `its "total"`
		case slices.Contains(nextLinkMembers, name):
			err := json.Unmarshal(raw, &link)
			if err != nil {
				says.partial = fmt.Sprintf("page %d's %q is not a link", page, name)
				return says
			}
			if link != "" {
				links = append(links, link)
				linkNames = append(linkNames, fmt.Sprintf("its %q", name))
			}
		case slices.Contains(lastPageMembers, name) && (string(raw) == "true" || string(raw) == "null"):
		case slices.Contains(lastPageMembers, name) || !saysNothing(raw):
			says.partial = fmt.Sprintf("page %d of the list answer carries %q, which the interface document does not show: it may say that the list is partial, in a way the client cannot follow", page, name)
			return says
		}
	}
	for _, name := range countHeaders {
		value := resp.Header.Get(name)
		if value == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 0 {
			says.partial = fmt.Sprintf("page %d's %s header is not a count of items", page, name)
			return says
		}
		if n > says.count {
			says.count = n
			says.countedBy = "its " + name + " header"
		}
	}
	for _, name := range slices.Sorted(maps.Keys(resp.Header)) {
		if slices.Contains(countHeaders, name) {
			continue
		}
		lower := strings.ToLower(name)
		paging := lower == "content-range" || slices.ContainsFunc(pagingStems, func(stem string) bool { return strings.Contains(lower, stem) })
		value := strings.ToLower(strings.TrimSpace(strings.Join(resp.Header[name], "")))
		saysNothing := slices.Contains([]string{"", "0", "false", "null"}, value)
		if paging && !saysNothing {
			says.partial = fmt.Sprintf("page %d's answer carries the header %s, which the interface document does not show: it may say that the list is partial, in a way the client cannot follow", page, name)
			return says
		}
	}
	headerLinks, unreadable := nextOfLinkHeader(resp.Header)
	if unreadable != "" {
		says.partial = fmt.Sprintf("page %d: %s", page, unreadable)
		return says
	}
	for _, link := range headerLinks {
		links = append(links, link)
		linkNames = append(linkNames, "its Link header")
	}
	for i, link := range links {
		if resolveLink(resp.Request.URL, link) != resolveLink(resp.Request.URL, links[0]) {
			says.partial = fmt.Sprintf("page %d names two next pages, %s (%s) and %s (%s)",
				page, c.RedactURI(links[0]), linkNames[0], c.RedactURI(link), linkNames[i])
			return says
		}
	}
	if len(links) > 0 {
		says.next = links[0]
	}
	return says
}

// saysNothing: a member that is null, false, 0, "", [] or {}.
func saysNothing(raw json.RawMessage) bool {
	var v any
	err := json.Unmarshal(raw, &v)
	if err != nil {
		return false
	}
	switch v := v.(type) {
	case nil:
		return true
	case bool:
		return !v
	case float64:
		return v == 0
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// resolveLink is link against the page's URL, as the next request would be sent; link itself if it does not
// parse (nextPage refuses it).
func resolveLink(page *url.URL, link string) string {
	ref, err := url.Parse(link)
	if err != nil {
		return link
	}
	return page.ResolveReference(ref).String()
}

// nextOfLinkHeader answers the targets of the Link headers' links whose rel holds "next" (RFC 8288), and a sign
// that the list may go on which cannot be read: a Link header that does not parse and mentions "next" in any
// form, which is never ignored.
func nextOfLinkHeader(h http.Header) (targets []string, unreadable string) {
	for n, value := range h.Values("Link") {
		links, err := parseLinkHeader(value)
		if err != nil {
			if strings.Contains(strings.ToLower(value), "next") {
				return nil, fmt.Sprintf("its Link header %d mentions next and cannot be read as RFC 8288 writes it (%v)", n+1, err)
			}
			continue
		}
		for _, link := range links {
			if slices.Contains(link.rels, "next") {
				targets = append(targets, link.target)
			}
		}
	}
	return targets, ""
}

// linkValue is one link of a Link header: its target and its relation types, lower-case.
type linkValue struct {
	target string
	rels   []string
}

// parseLinkHeader reads one Link field value (RFC 8288, section 3): link-values separated by commas outside
// "<...>" and quoted strings, each "<" URI-Reference ">" and parameters after ";", a parameter's value bare or
// a quoted string with backslash escapes. Empty list elements and parameters are skipped. The rel values of
// every rel parameter count, not only the first's: a link that may be the next page is followed, never ignored.
func parseLinkHeader(value string) ([]linkValue, error) {
	var links []linkValue
	i := 0
	for {
		i = skipLinkSpace(value, i)
		if i == len(value) {
			return links, nil
		}
		if value[i] == ',' {
			i++
			continue
		}
		if value[i] != '<' {
			return nil, fmt.Errorf(`byte %d is %q where a link starts with "<"`, i+1, value[i])
		}
		end := strings.IndexAny(value[i+1:], "<>") + 1 // a URI holds neither
		if end == 0 || value[i+end] != '>' {
			return nil, fmt.Errorf(`the link at byte %d has no closing ">"`, i+1)
		}
		link := linkValue{target: value[i+1 : i+end]}
		next, err := parseLinkParams(value, i+end+1, &link)
		if err != nil {
			return nil, err
		}
		links = append(links, link)
		i = next
	}
}

// parseLinkParams reads the parameters of one link from byte i, up to the comma after them or the end; it
// answers where the next link-value may start.
func parseLinkParams(value string, i int, link *linkValue) (int, error) {
	for {
		i = skipLinkSpace(value, i)
		if i == len(value) {
			return i, nil
		}
		switch value[i] {
		case ',':
			return i + 1, nil
		case ';':
			i = skipLinkSpace(value, i+1)
		default:
			return i, fmt.Errorf(`byte %d is %q where a parameter starts with ";" or the next link with ","`, i+1, value[i])
		}
		nameEnd := tokenEnd(value, i)
		if nameEnd == i {
			continue // an empty parameter: ";;", or ";" before "," or the end
		}
		name := value[i:nameEnd]
		i = skipLinkSpace(value, nameEnd)
		paramValue := ""
		if i < len(value) && value[i] == '=' {
			var err error
			paramValue, i, err = linkParamValue(value, skipLinkSpace(value, i+1))
			if err != nil {
				return i, fmt.Errorf("parameter %q: %w", name, err)
			}
		}
		if strings.EqualFold(name, "rel") {
			link.rels = append(link.rels, strings.Fields(strings.ToLower(paramValue))...)
		}
	}
}

// linkParamValue reads a value or a quoted string from byte i, and answers it and the byte after it.
func linkParamValue(value string, i int) (string, int, error) {
	if i < len(value) && value[i] == '"' {
		var b strings.Builder
		for j := i + 1; j < len(value); j++ {
			c := value[j]
			if c == '"' {
				return b.String(), j + 1, nil
			}
			if c == '\\' {
				j++
				if j == len(value) {
					break
				}
				c = value[j]
			}
			b.WriteByte(c)
		}
		return "", len(value), fmt.Errorf("the quoted string at byte %d is not closed", i+1)
	}
	// Not only a token: services write media types (type=application/json) unquoted, which no other reading
	// could mistake.
	end := i
	for end < len(value) && !strings.ContainsRune(" \t;,\"<>\\", rune(value[end])) {
		end++
	}
	if end == i {
		return "", i, fmt.Errorf("byte %d starts neither a value nor a quoted string", i+1)
	}
	return value[i:end], end, nil
}

// tokenEnd answers where the token (RFC 9110, 5.6.2) that starts at byte i ends: i when none starts there.
func tokenEnd(value string, i int) int {
	for i < len(value) && strings.IndexByte(tokenChars, value[i]) >= 0 {
		i++
	}
	return i
}

// skipLinkSpace skips RFC 9110's optional white space (spaces and tabs).
func skipLinkSpace(value string, i int) int {
	for i < len(value) && (value[i] == ' ' || value[i] == '\t') {
		i++
	}
	return i
}

// nextPage resolves a page's next link against the page's URL. It must stay on base_url's origin, the only one
// the credentials go to (DESIGN.md, "Credentials go to the configured origin only").
func (c *Client) nextPage(cl call, page int, link string) (*url.URL, error) {
	ref, err := url.Parse(link)
	if err != nil {
		return nil, c.malformed(cl, fmt.Sprintf("the next link of page %d, %q, is not a URL", page, link))
	}
	next := cl.url.ResolveReference(ref)
	if originOf(next) != originOf(c.base) {
		return nil, c.partialList(cl, fmt.Sprintf("page %d names the next at %s, another origin than base_url's %s (scheme, host and port), where the client sends no credentials, so it did not follow the link. "+
			"If that origin is the service's, set base_url to it",
			page, c.RedactURI(next.Scheme+"://"+next.Host), c.RedactURI(c.base.Scheme+"://"+c.base.Host)))
	}
	return next, nil
}

// originOf is scheme://host[:port] as CanonicalURI spells it.
func originOf(u *url.URL) string {
	return strings.ToLower(u.Scheme) + "://" + canonicalHostPort(u.Host, strings.ToLower(u.Scheme))
}

// pageError names the page a list read failed on, after the first. A page that a list names is never gone: a
// 404 or 410 there is ErrPartialList, not IsNotFound, which would read the list as empty.
func (c *Client) pageError(cl call, page int, err error) error {
	if page == 1 {
		return err
	}
	cause := err
	if IsNotFound(err) {
		cause = ErrPartialList
	}
	return &redactedError{
		text: fmt.Sprintf("%s, page %d, which page %d named: %v", cl.route, page, page-1, err),
		errs: []error{cause},
	}
}

// partialList: the list says that it is partial, in a way the client cannot follow.
func (c *Client) partialList(cl call, sign string) error {
	return fmt.Errorf("%s at %s: %w: %s. "+
		"The client never reads a partial list as whole, since what it lacks would be taken as deleted: try again, and if this persists tell the service's operators",
		cl.route, c.host, ErrPartialList, sign)
}

// items is nil without "items" (not a list answer), empty for "items": null.
type items[T any] []T

func (l *items[T]) UnmarshalJSON(b []byte) error {
	var v []T
	err := json.Unmarshal(b, &v)
	if v == nil {
		v = []T{}
	}
	*l = v
	return err
}

// listProblem names the first item without a name (its field), or with the key of another.
func listProblem[T any](items []T, noun, nouns, field string, nameKey func(T) (string, string)) string {
	seen := make(map[string]int, len(items))
	for i, item := range items {
		name, key := nameKey(item)
		if name == "" {
			return fmt.Sprintf("%s %d of %d has no %s", noun, i+1, len(items), field)
		}
		if first, dup := seen[key]; dup {
			return fmt.Sprintf("%s %d and %d have the same %s %q", nouns, first+1, i+1, field, name)
		}
		seen[key] = i
	}
	return ""
}

func subscriptionsProblem(subs []Subscription) string {
	if i := slices.IndexFunc(subs, func(s Subscription) bool { return s.ID != "" && s.EventType == "" }); i >= 0 {
		return fmt.Sprintf("subscription %s has no event type", subs[i].ID)
	}
	return listProblem(subs, "subscription", "subscriptions", "id", func(s Subscription) (string, string) {
		return s.ID, strings.ToLower(s.ID)
	})
}

// Hook is one supported event type.
type Hook struct {
	EventType     string          `json:"eventType"`
	Description   string          `json:"description"`
	PayloadSchema json.RawMessage `json:"payloadSchema"`
}

// listHooks answers event types canonically; its answer confirms the base URL (confirmNotFound).
func (c *Client) listHooks(ctx context.Context) ([]Hook, error) {
	var hooks items[Hook]
	cl := call{
		method:     http.MethodGet,
		route:      routeHooksList,
		url:        c.endpoint(nil, "hooks", "v1"),
		idempotent: true,
	}
	err := c.doJSON(ctx, cl, &hooks)
	if err != nil {
		return nil, c.notFoundOnFixedRoute(err)
	}
	problem := listProblem(hooks, "hook", "hooks", "event type", func(h Hook) (string, string) {
		return h.EventType, CanonicalEventType(h.EventType)
	})
	if problem != "" {
		return nil, c.malformed(cl, problem)
	}
	c.baseURLConfirmed.Store(true)
	for i := range hooks {
		hooks[i].EventType = CanonicalEventType(hooks[i].EventType)
	}
	return hooks, nil
}

// SupportedHooks is read once per Client: the set does not change during a run.
func (c *Client) SupportedHooks(ctx context.Context) ([]Hook, error) {
	return c.supportedHooks.get(ctx, "", c.listHooks)
}

// Claims are the subscriptions the caller's resources track; CreateSubscriptionOnce claims what it creates
// or adopts before the next identical create starts.
type Claims interface {
	Claimed(id string) bool
	Claim(id string) bool // records id; false if it was claimed already
}

// lockCreate takes the create lock of key, or gives up with the context or an interrupt.
func (c *Client) lockCreate(ctx context.Context, key string) (unlock func(), err error) {
	v, _ := c.createLocks.LoadOrStore(key, make(chan struct{}, 1))
	ch := v.(chan struct{})
	unlock = func() { <-ch }
	select {
	case ch <- struct{}{}: // a free lock is taken whatever the context says (select would choose at random)
		return unlock, nil
	default:
	}
	select {
	case ch <- struct{}{}:
		return unlock, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-interruptOf(ctx):
		return nil, ErrInterrupted
	}
}

type CreatedSubscription struct {
	ID       string
	Adopted  bool // the answer was lost and the subscription found in the list
	Requests int  // POSTs sent, 429 retries not counted
}

// CreateSubscriptionOnce never duplicates and never claims another's (DESIGN.md, of that title), but no list
// tells a request without effect while an identical subscription of another writer appeared, or a service that
// carries out a request after answering 5xx. Its error matches ErrOutcomeUnknown when the subscription may
// exist (the list could not be read, or an *AmbiguousCreateError), and ErrInterrupted when nothing was created.
func (c *Client) CreateSubscriptionOnce(ctx context.Context, req CreateSubscriptionRequest, claims Claims) (CreatedSubscription, error) {
	var out CreatedSubscription
	unlock, err := c.lockCreate(ctx, MatchKey(req.EventType, req.URI, req.Description))
	if err != nil {
		return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, err)
	}
	defer unlock()

	baseline, err := c.SubscriptionBaseline(ctx)
	if err != nil {
		return out, fmt.Errorf("%s: listing the subscriptions before the first create failed, nothing was created: %w", routeSubscriptionCreate, err)
	}

	for {
		if Interrupted(ctx) {
			return out, fmt.Errorf("%s: nothing was created: %w", routeSubscriptionCreate, ErrInterrupted)
		}
		out.Requests++
		id, err := c.CreateSubscription(ctx, req)
		if err == nil {
			claims.Claim(id)
			out.ID = id
			return out, nil
		}
		if !errors.Is(err, ErrOutcomeUnknown) {
			return out, err
		}

		// The answer was lost: list afresh. One candidate (identical, not in the baseline, not claimed) is adopted;
		// none means the request did not take effect. Nothing stops the check but its own retries and timeouts:
		// giving up would leave a subscription that may exist and whose id nobody knows.
		checkCtx := context.WithValue(context.WithoutCancel(ctx), interruptKey{}, (<-chan struct{})(nil))
		set, listErr := c.listSubscriptions(checkCtx)
		if listErr != nil {
			return out, fmt.Errorf("%w; listing the subscriptions to find out whether it was created also failed: %w", err, listErr)
		}
		wholeErr := c.checkListWhole(checkCtx, baseline, set, req, err)
		if wholeErr != nil {
			return out, wholeErr
		}
		var candidates []Subscription
		for _, s := range set.Identical(req.EventType, req.URI, req.Description) {
			if _, existed := baseline.Find(s.ID); !existed && !claims.Claimed(s.ID) {
				candidates = append(candidates, s)
			}
		}
		// An empty baseline may be a service in maintenance, not an empty account: a candidate may then have
		// existed before, another configuration's, which a later destroy here would delete.
		switch {
		case len(candidates) > 0 && len(baseline.Items) == 0:
			return out, c.ambiguousCreate(req, candidates, emptyBaseline, err)
		case len(candidates) > 1:
			return out, c.ambiguousCreate(req, candidates, severalIdentical, err)
		}
		// A new one of the same event type and uri with another description may be what the request made, its
		// description kept in another form (trimmed): sent again, the request could make a twin.
		otherForms := newOfTypeAndURI(set, baseline, claims, req)
		if len(candidates) == 0 && len(otherForms) > 0 {
			return out, c.ambiguousCreate(req, otherForms, otherDescription, err)
		}
		// Nor does an empty list show that the request did not take effect: sent again, it could make a twin.
		if len(set.Items) == 0 {
			return out, continueError(err, "The list read to find out whether it was created is empty (a service in maintenance may answer so), so the client cannot tell whether the request took effect, and did not send it again. "+
				c.lookFor(req))
		}
		if len(candidates) == 1 {
			claimed := claims.Claim(candidates[0].ID) // false: a resource that tracks it claimed it meanwhile
			if claimed {
				out.ID = candidates[0].ID
				out.Adopted = true
				return out, nil
			}
		}
		if out.Requests > c.cfg.MaxRetries {
			return out, fmt.Errorf("%s: the subscription was not created: the answer to each of %d requests was lost and the service lists no subscription that any of them created (the last: %s)", routeSubscriptionCreate, out.Requests, err.Error())
		}
		waitErr := c.wait(ctx, c.retryDelay(out.Requests-1))
		if waitErr != nil {
			// err is not wrapped: the list showed that it did not take effect.
			return out, fmt.Errorf("%s: the subscription was not created (%s), and it is not sent again: %w", routeSubscriptionCreate, err.Error(), waitErr)
		}
	}
}

const routeSubscriptionCreate = "POST /hooks/v1/subscription"

// checkListWhole reads by id each subscription of the baseline that the list after a lost answer lacks: a list
// that leaves out what exists cannot show either that the request did not take effect. Only a 404 or 410 says
// that one is gone; whole lists cost no request.
func (c *Client) checkListWhole(ctx context.Context, baseline, set *SubscriptionSet, req CreateSubscriptionRequest, lost error) error {
	for _, s := range baseline.Items {
		_, listed := set.Find(s.ID)
		if listed {
			continue
		}
		_, err := c.GetSubscription(ctx, s.ID, s.EventType)
		if IsNotFound(err) {
			continue
		}
		lookFor := c.lookFor(req)
		if err != nil {
			return continueError(lost, fmt.Sprintf("The list read to find out whether it was created lacks subscription %s, which existed before the first create, and reading it by id, to tell whether it is gone, failed: %s "+
				"So the client cannot tell whether the request took effect, and did not send it again. %s",
				c.gate.redact(s.ID), sentence(err.Error()), lookFor), err)
		}
		return continueError(lost, fmt.Sprintf("The list read to find out whether it was created lacks subscription %s, which existed before the first create and which a read by id shows still exists: %s "+
			"So the list cannot show whether the request took effect either, and the client did not send it again. %s",
			c.gate.redact(s.ID), sentence(ErrPartialList.Error()), lookFor), ErrPartialList)
	}
	return nil
}

// continuedError is an error's message continued by more sentences; it matches the error and what else it
// names.
type continuedError struct {
	text    string
	wrapped []error
}

func (e *continuedError) Error() string { return e.text }

func (e *continuedError) Unwrap() []error { return e.wrapped }

func continueError(err error, more string, also ...error) error {
	return &continuedError{
		text:    sentence(err.Error()) + " " + more,
		wrapped: append([]error{err}, also...),
	}
}

// sentence ends text with one full stop.
func sentence(text string) string { return strings.TrimSuffix(text, ".") + "." }

// lookFor says what to do when a create's outcome is unknown.
func (c *Client) lookFor(req CreateSubscriptionRequest) string {
	return fmt.Sprintf("Look on the service for a subscription with event type %s, uri %s and description %q: import it if there is one, else apply again",
		CanonicalEventType(req.EventType), c.RedactURI(req.URI), c.gate.redact(req.Description))
}

// SubscriptionBaseline answers the subscriptions that existed before this client's first create: the
// shared list until then, so it costs no request after a refresh. A subscription tracked before this run,
// or the old one of a create_before_destroy replacement, is in it and never adopted.
func (c *Client) SubscriptionBaseline(ctx context.Context) (_ *SubscriptionSet, err error) {
	c.baselineMu.Lock()
	defer c.baselineMu.Unlock()
	if c.baseline == nil {
		c.baseline, err = c.Subscriptions(ctx)
	}
	return c.baseline, err
}

// AmbiguousCreateError: a create's answer was lost and the subscriptions it found, which nothing in this process
// tracks, cannot be told from the one it may have created: several identical ones appeared since the list
// before the first create, or that list was empty, or new ones of its event type and uri have another
// description (a form the service keeps). None was adopted and nothing sent again. It matches ErrOutcomeUnknown.
type AmbiguousCreateError struct {
	Candidates []Subscription
	cause      error
	text       string // what the service said is shown through the gate; it writes <address> in the import block
}

func (e *AmbiguousCreateError) Error() string { return e.text }

func (e *AmbiguousCreateError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.cause} }

// newOfTypeAndURI are the subscriptions of the request's event type and uri that are not in the baseline and
// that nothing in this process claimed.
func newOfTypeAndURI(set, baseline *SubscriptionSet, claims Claims, req CreateSubscriptionRequest) []Subscription {
	var found []Subscription
	for _, s := range set.Items {
		_, existed := baseline.Find(s.ID)
		sameTypeAndURI := CanonicalEventType(s.EventType) == CanonicalEventType(req.EventType) && SameURI(s.URI, req.URI)
		if sameTypeAndURI && !existed && !claims.Claimed(s.ID) {
			found = append(found, s)
		}
	}
	return found
}

// ambiguity is why the subscriptions a lost create's check found cannot be told from the one it may have made.
type ambiguity int

const (
	severalIdentical ambiguity = iota
	emptyBaseline
	otherDescription
)

func (c *Client) ambiguousCreate(req CreateSubscriptionRequest, candidates []Subscription, why ambiguity, lost error) *AmbiguousCreateError {
	var b strings.Builder
	found := "identical subscription(s)"
	if why == otherDescription {
		found = "subscription(s) of its event type and uri, with another description"
	}
	fmt.Fprintf(&b, "%s "+
		"Looking for what it created (event type %s, uri %s, description %q), the client found %d %s that nothing in this run tracks. ",
		sentence(lost.Error()), CanonicalEventType(req.EventType), c.RedactURI(req.URI), c.gate.redact(req.Description), len(candidates), found)
	switch why {
	case emptyBaseline:
		b.WriteString("The list before the first create was empty (a service in maintenance may answer so), so the client cannot tell whether the create made one of them or they existed before and belong to another writer (another Terraform run or configuration, a person). ")
	case severalIdentical:
		b.WriteString("They appeared since the list before the first create: the lost request may have created one of them, or none, and another writer (another Terraform run or configuration, a person) the others. ")
	case otherDescription:
		b.WriteString("They appeared since the list before the first create, and the service may keep a description in another form (trimmed, say), so the lost request may have created one of them. ")
	}
	b.WriteString("None was adopted and the request was not sent again:")
	// The import ids spell the event type as the request did, so that an import shows no change of case.
	for _, s := range candidates {
		fmt.Fprintf(&b, "\n  - %s (event type %s, uri %s), import id %s, description %q",
			c.gate.redact(s.ID), c.gate.redact(s.EventType), c.RedactURI(s.URI), c.gate.redact(strconv.Quote(req.EventType+"/"+s.ID)), c.gate.redact(s.Description))
	}
	fmt.Fprintf(&b, "\nImport the one that belongs to this resource, if one does, and leave the others to their owners, e.g.:\n"+
		"  import {\n    to = <address>\n    id = %s\n  }", c.gate.redact(strconv.Quote(req.EventType+"/"+candidates[0].ID)))
	return &AmbiguousCreateError{
		Candidates: candidates,
		cause:      lost,
		text:       b.String(),
	}
}
