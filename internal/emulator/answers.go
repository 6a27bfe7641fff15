// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// AnswerForms are the ways a real service may answer that the interface document leaves open ("not shown").
// The zero value answers as the emulator always did.
type AnswerForms struct {
	PageSize          int    `json:"pageSize"`          // lists (GET /hooks/v1/subscription, GET /metadata/{entityType}/{entityId}, GET /metadata/{referenceId}) answer at most this many items a page; 0: whole lists
	NextLink          string `json:"nextLink"`          // how a page names the next one: NextLinkField ("nextLink"), NextLinkOData ("@odata.nextLink"), NextLinkNext ("next"), NextLinkHeader (a `Link: <url>; rel="next"` header); "" with PageSize: NextLinkField
	NextLinkOrigin    string `json:"nextLinkOrigin"`    // the scheme://host:port the next link points at; "": the emulator's own (to test a link that leaves the origin)
	BareTotal         bool   `json:"bareTotal"`         // a partial page says only `"total": <all>` (no next link, no token)
	ContinuationToken bool   `json:"continuationToken"` // a partial page carries only `"continuationToken": "<opaque>"`
	EmptyLists        int    `json:"emptyLists"`        // the next N list answers are `200 {"items": []}` (metadata lists: `{"total": 0, "items": []}`), as in maintenance, whatever is stored
	NormaliseStored   bool   `json:"normaliseStored"`   // what is stored is normalised: descriptions and metadata values trimmed of leading and trailing white space, a subscription uri's scheme and host lower-cased and its default port written out (https://hooks.example.com/p -> https://hooks.example.com:443/p; an empty path becomes "/")
	DeleteAnswersGone bool   `json:"deleteAnswersGone"` // DELETE /hooks/v1/subscription/{id} answers 410 Gone (after deleting), not 202
	DeletedListedFor  int    `json:"deletedListedFor"`  // a deleted subscription stays in the next N list answers (GET by id answers 404 at once)
}

// Ways a page names the next one (AnswerForms.NextLink).
const (
	NextLinkField  = "nextLink"
	NextLinkOData  = "@odata.nextLink"
	NextLinkNext   = "next"
	NextLinkHeader = "link"
)

// pageParameter is the query parameter of the next links: the number of the page, from 1.
const pageParameter = "page"

// answerState is a tenant's answer forms and what they count down. It is a setting, not data: the state
// file does not keep it.
type answerState struct {
	forms  AnswerForms // EmptyLists counts down in place
	ghosts []ghost     // deleted subscriptions still listed (DeletedListedFor)
}

// ghost is a deleted subscription that the next left listings still show.
type ghost struct {
	sub  Subscription
	left int
}

func (f AnswerForms) validate() error {
	switch {
	case f.PageSize < 0:
		return fmt.Errorf("emulator: answer forms: pageSize must not be negative")
	case f.EmptyLists < 0:
		return fmt.Errorf("emulator: answer forms: emptyLists must not be negative")
	case f.DeletedListedFor < 0:
		return fmt.Errorf("emulator: answer forms: deletedListedFor must not be negative")
	case f.NextLink != "" && !slices.Contains([]string{NextLinkField, NextLinkOData, NextLinkNext, NextLinkHeader}, f.NextLink):
		return fmt.Errorf("emulator: answer forms: nextLink must be one of %q, %q, %q, %q or empty", NextLinkField, NextLinkOData, NextLinkNext, NextLinkHeader)
	}
	if f.NextLinkOrigin == "" {
		return nil
	}
	u, err := url.Parse(f.NextLinkOrigin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return fmt.Errorf("emulator: answer forms: nextLinkOrigin must be scheme://host[:port], such as https://elsewhere.example:8443")
	}
	return nil
}

// SetAnswerForms makes the tenant ("" = the default one) answer in the given forms from its next request on;
// the zero value answers as the emulator always did. Invalid forms are ignored and logged.
func (e *Emulator) SetAnswerForms(subscriptionKey string, forms AnswerForms) {
	e.logError(e.setAnswerForms(subscriptionKey, forms))
}

func (e *Emulator) setAnswerForms(subscriptionKey string, forms AnswerForms) error {
	if err := forms.validate(); err != nil {
		return err
	}
	return e.onTenant(subscriptionKey, func(t *tenantState) {
		t.answers.forms = forms
		if forms.DeletedListedFor == 0 {
			t.answers.ghosts = nil
		}
	})
}

// AnswerForms answers the tenant's answer forms ("" = the default tenant), with EmptyLists as what is left
// of its count.
func (e *Emulator) AnswerForms(subscriptionKey string) (forms AnswerForms) {
	_ = e.onTenant(subscriptionKey, func(t *tenantState) { forms = t.answers.forms })
	return forms
}

// listPage is the answer of a list route. Without answer forms it is {"items":[...]}, with "total" first for
// the metadata lists.
type listPage[T any] struct {
	Total             *int   `json:"total,omitempty"`
	Items             []T    `json:"items"`
	NextLink          string `json:"nextLink,omitempty"`
	ODataNextLink     string `json:"@odata.nextLink,omitempty"`
	Next              string `json:"next,omitempty"`
	ContinuationToken string `json:"continuationToken,omitempty"`
}

// listing is what a list route answers before its answer forms apply.
type listing[T any] struct {
	items     []T    // the whole list, in a stable order
	withTotal bool   // the route answers "total" (the metadata lists)
	noneFound string // if set, an empty list is answered 404 with this message (the metadata lists)
}

// pageOf cuts the tenant's list answer into the page r asks for, under the answer forms, and reports whether
// this answer ends a listing (it names no next page). A bad page number answers an error.
func pageOf[T any](forms AnswerForms, r *http.Request, l listing[T]) (page listPage[T], link string, last bool, err error) {
	all := len(l.items)
	page.Items = l.items
	if l.withTotal {
		page.Total = &all
	}
	if forms.PageSize == 0 {
		return page, "", true, nil
	}
	n := 1
	partialOnly := forms.BareTotal || forms.ContinuationToken
	raw := r.URL.Query().Get(pageParameter)
	if raw != "" && !partialOnly {
		n, err = strconv.Atoi(raw)
		if err != nil || n < 1 {
			return page, "", true, fmt.Errorf("the %s query parameter must be a whole number from 1", pageParameter)
		}
	}
	start := min((n-1)*forms.PageSize, all)
	end := min(start+forms.PageSize, all)
	page.Items = l.items[start:end]
	if forms.BareTotal {
		page.Total = &all
	}
	if end == all {
		return page, "", true, nil
	}
	if forms.ContinuationToken {
		page.ContinuationToken = base64.RawURLEncoding.EncodeToString([]byte("after:" + strconv.Itoa(end) + ":" + randomHex(4)))
	}
	if partialOnly {
		return page, "", true, nil
	}
	link = nextPageURL(forms, r, n+1)
	switch forms.NextLink {
	case NextLinkOData:
		page.ODataNextLink = link
	case NextLinkNext:
		page.Next = link
	case NextLinkHeader:
	default:
		page.NextLink = link
	}
	return page, link, false, nil
}

// nextPageURL is the absolute URL of page n of the listing r asks for.
func nextPageURL(forms AnswerForms, r *http.Request, n int) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	origin := scheme + "://" + r.Host
	if forms.NextLinkOrigin != "" {
		origin = strings.TrimSuffix(forms.NextLinkOrigin, "/")
	}
	query := r.URL.Query()
	query.Set(pageParameter, strconv.Itoa(n))
	return origin + r.URL.EscapedPath() + "?" + query.Encode()
}

// writeListAnswer answers a list route: empty while EmptyLists counts down, else the page r asks for of what
// list answers. list and countDown run under e.mu; countDown (nil: none) when the answer ends a listing.
func writeListAnswer[T any](e *Emulator, w http.ResponseWriter, r *http.Request, t *tenantState, list func() listing[T], countDown func()) {
	e.mu.Lock()
	forms := t.answers.forms
	l := list()
	maintenance := forms.EmptyLists > 0
	if maintenance {
		// A maintenance answer counts nothing else down: it lists nothing.
		t.answers.forms.EmptyLists--
		forms = AnswerForms{}
		l.items = []T{}
		l.noneFound = ""
		countDown = nil
	}
	page, link, last, err := pageOf(forms, r, l)
	if last && err == nil && countDown != nil {
		countDown()
	}
	e.mu.Unlock()
	switch {
	case err != nil:
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	case len(l.items) == 0 && l.noneFound != "":
		writeError(w, http.StatusNotFound, "%s", l.noneFound)
		return
	}
	if link != "" && forms.NextLink == NextLinkHeader {
		w.Header().Set("Link", "<"+link+`>; rel="next"`)
	}
	writeJSON(w, http.StatusOK, page)
}

// listedSubscriptions is the subscription list with the deleted subscriptions still listed, last. e.mu must
// be held.
func (t *tenantState) listedSubscriptions() []Subscription {
	items := t.subscriptions()
	for _, g := range t.answers.ghosts {
		items = append(items, g.sub)
	}
	return items
}

// countDownGhosts ends one listing of the deleted subscriptions still listed. e.mu must be held.
func (t *tenantState) countDownGhosts() {
	for i := range t.answers.ghosts {
		t.answers.ghosts[i].left--
	}
	t.answers.ghosts = slices.DeleteFunc(t.answers.ghosts, func(g ghost) bool { return g.left <= 0 })
}

// keepListed lists a subscription just deleted for the next DeletedListedFor listings. e.mu must be held.
func (t *tenantState) keepListed(s Subscription) {
	n := t.answers.forms.DeletedListedFor
	if n > 0 {
		t.answers.ghosts = append(t.answers.ghosts, ghost{
			sub:  s,
			left: n,
		})
	}
}

// storedText is a description or metadata value as the tenant stores it. e.mu must be held.
func (t *tenantState) storedText(s string) string {
	if !t.answers.forms.NormaliseStored {
		return s
	}
	return strings.TrimSpace(s)
}

// storedURI is a subscription uri as the tenant stores it: with NormaliseStored, the scheme and host lower
// case, the default port written out and an empty path "/". The uri has passed validateHTTPSURI. e.mu must
// be held.
func (t *tenantState) storedURI(raw string) string {
	if !t.answers.forms.NormaliseStored {
		return raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	// url.Parse has lower-cased the scheme.
	port := u.Port()
	if port == "" {
		port = "443"
	}
	u.Host = net.JoinHostPort(strings.ToLower(u.Hostname()), port)
	if u.Path == "" {
		u.Path = "/"
		u.RawPath = ""
	}
	return u.String()
}
