// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listRoute is a list route of the answer forms, with how to store its items.
type listRoute struct {
	name      string // Route*
	path      string
	itemID    string // the field that names an item: "id" or "key"
	withTotal bool   // the route answers "total"
	emptyIs   int    // the status of an empty list
	// seed stores n items for the tenant and answers their names in list order.
	seed func(e *Emulator, key string, n int) []string
}

var listRoutes = []listRoute{
	{
		name:    RouteSubscriptionList,
		path:    "/hooks/v1/subscription",
		itemID:  "id",
		emptyIs: http.StatusOK,
		seed: func(e *Emulator, key string, n int) []string {
			var ids []string
			for i := range n {
				s, err := e.AddSubscription(key, EventSignatorySigned, fmt.Sprintf("https://127.0.0.1/hook/%d", i), "seeded")
				if err != nil {
					panic(err)
				}
				ids = append(ids, s.ID)
			}
			return ids
		},
	},
	{
		name:      RouteMetadataEntityList,
		path:      "/metadata/SignatureRequest/request-1",
		itemID:    "key",
		withTotal: true,
		emptyIs:   http.StatusNotFound,
		seed:      seedMetadata(EntitySignatureRequest, ""),
	},
	{
		name:      RouteMetadataReferenceList,
		path:      "/metadata/reference-1",
		itemID:    "key",
		withTotal: true,
		emptyIs:   http.StatusNotFound,
		seed:      seedMetadata(EntitySignatory, "reference-1"),
	},
}

// seedMetadata stores n entries key-0, key-1, ... of request-1 (a signature request) or, with a reference,
// of signatory-0, signatory-1, ... under that reference.
func seedMetadata(entityType, reference string) func(e *Emulator, key string, n int) []string {
	return func(e *Emulator, key string, n int) []string {
		var keys []string
		for i := range n {
			keys = append(keys, fmt.Sprintf("key-%d", i))
			entityID := "request-1"
			if reference != "" {
				entityID = fmt.Sprintf("signatory-%d", i)
			}
			e.SetMetadata(key, entityType, entityID, keys[i], "value", reference)
		}
		return keys
	}
}

// partialForms are the forms of a partial list: every way to name the next page, a bare total and a
// continuation token.
var partialForms = []AnswerForms{
	{NextLink: ""},
	{NextLink: NextLinkField},
	{NextLink: NextLinkOData},
	{NextLink: NextLinkNext},
	{NextLink: NextLinkHeader},
	{BareTotal: true},
	{ContinuationToken: true},
}

func formName(f AnswerForms) string {
	switch {
	case f.BareTotal:
		return "bareTotal"
	case f.ContinuationToken:
		return "continuationToken"
	case f.NextLink == "":
		return "defaultNextLink"
	}
	return f.NextLink
}

// page is one list answer as a test reads it.
type page struct {
	status int
	fields []string // the body's top-level names, sorted
	items  []string // the items' names
	total  *int
	next   string // the next link, wherever the form puts it
	token  string
	header string // the Link header
}

// getPage sends GET url (absolute) with the tenant's credentials, or none.
func (f *fixture) getPage(url string, tn Tenant, withAuth bool, itemID string) page {
	f.t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	if withAuth {
		withTenant(tn)(req)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		f.t.Fatalf("GET %s: %v", url, err)
	}
	defer func() { _ = resp.Body.Close() }()
	p := page{
		status: resp.StatusCode,
		header: resp.Header.Get("Link"),
	}
	if resp.StatusCode != http.StatusOK {
		return p
	}
	var body map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		f.t.Fatalf("GET %s: %v", url, err)
	}
	for name := range body {
		p.fields = append(p.fields, name)
	}
	slices.Sort(p.fields)
	var items []map[string]any
	_ = json.Unmarshal(body["items"], &items)
	for _, it := range items {
		p.items = append(p.items, fmt.Sprint(it[itemID]))
	}
	if raw, ok := body["total"]; ok {
		p.total = new(int)
		_ = json.Unmarshal(raw, p.total)
	}
	for _, name := range []string{NextLinkField, NextLinkOData, NextLinkNext} {
		if raw, ok := body[name]; ok {
			_ = json.Unmarshal(raw, &p.next)
		}
	}
	if raw, ok := body["continuationToken"]; ok {
		_ = json.Unmarshal(raw, &p.token)
	}
	if strings.HasPrefix(p.header, "<") && strings.HasSuffix(p.header, `>; rel="next"`) {
		p.next = strings.TrimSuffix(strings.TrimPrefix(p.header, "<"), `>; rel="next"`)
	}
	return p
}

// TestAnswerFormsPaging pages each list route in each partial form, for page sizes 1 to 3 and 0 to 4 items,
// and checks what each page says.
func TestAnswerFormsPaging(t *testing.T) {
	f := newFixture(t, Options{})
	for _, route := range listRoutes {
		for _, form := range partialForms {
			for size := 1; size <= 3; size++ {
				for count := 0; count <= 4; count++ {
					name := fmt.Sprintf("%s/%s/size=%d/items=%d", route.name, formName(form), size, count)
					t.Run(name, func(t *testing.T) {
						checkPaging(t, f, route, form, size, count)
					})
				}
			}
		}
	}
}

func checkPaging(t *testing.T, f *fixture, route listRoute, form AnswerForms, size, count int) {
	tn := f.e.NewTenant()
	want := route.seed(f.e, tn.SubscriptionKey, count)
	form.PageSize = size
	f.e.SetAnswerForms(tn.SubscriptionKey, form)
	partialOnly := form.BareTotal || form.ContinuationToken
	url := f.url + route.path
	requests := 0
	for n := 1; ; n++ {
		p := f.getPage(url, tn, true, route.itemID)
		requests++
		if count == 0 {
			if p.status != route.emptyIs {
				t.Fatalf("page %d of no items: status %d, want %d", n, p.status, route.emptyIs)
			}
			break
		}
		if p.status != http.StatusOK {
			t.Fatalf("page %d: status %d", n, p.status)
		}
		start := (n - 1) * size
		end := min(start+size, count)
		if !slices.Equal(p.items, want[start:end]) {
			t.Fatalf("page %d: items %v, want %v", n, p.items, want[start:end])
		}
		more := end < count
		wantFields := []string{"items"}
		if route.withTotal || form.BareTotal {
			wantFields = append(wantFields, "total")
			if p.total == nil || *p.total != count {
				t.Fatalf("page %d: total %v, want %d", n, p.total, count)
			}
		}
		if more && form.ContinuationToken {
			wantFields = append(wantFields, "continuationToken")
			if p.token == "" {
				t.Fatalf("page %d: an empty continuation token", n)
			}
		}
		if more && !partialOnly && form.NextLink != NextLinkHeader {
			wantFields = append(wantFields, cmp.Or(form.NextLink, NextLinkField))
		}
		slices.Sort(wantFields)
		if !slices.Equal(p.fields, wantFields) {
			t.Fatalf("page %d: fields %v, want %v", n, p.fields, wantFields)
		}
		if (form.NextLink == NextLinkHeader && more) != (p.header != "") {
			t.Fatalf("page %d: Link header %q with %d more items", n, p.header, count-end)
		}
		if !more || partialOnly {
			if p.next != "" {
				t.Fatalf("page %d: a next link %q with %d more items", n, p.next, count-end)
			}
			break
		}
		wantNext := fmt.Sprintf("%s%s?page=%d", f.url, route.path, n+1)
		if p.next != wantNext {
			t.Fatalf("page %d: next link %q, want %q", n, p.next, wantNext)
		}
		unauth := f.getPage(p.next, tn, false, route.itemID)
		if unauth.status != http.StatusUnauthorized {
			t.Fatalf("page %d without credentials: status %d, want 401", n+1, unauth.status)
		}
		url = p.next
	}
	if got := f.e.Counters(tn.SubscriptionKey)[route.name]; got != requests {
		t.Fatalf("counted %d requests of %s, want %d (one a page)", got, route.name, requests)
	}
}

// TestAnswerFormsNextLinkOrigin: a next link keeps the query and points at the origin the forms name; a page
// number that is not one is answered 400.
func TestAnswerFormsNextLinkOrigin(t *testing.T) {
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	listRoutes[0].seed(f.e, key, 3)
	f.e.SetAnswerForms(key, AnswerForms{
		PageSize:       2,
		NextLinkOrigin: "https://elsewhere.example:8443",
	})
	p := f.getPage(f.url+"/hooks/v1/subscription?eventType=signatorysigned", f.tenant, true, "id")
	want := "https://elsewhere.example:8443/hooks/v1/subscription?eventType=signatorysigned&page=2"
	if p.next != want {
		t.Fatalf("next link %q, want %q", p.next, want)
	}
	for _, bad := range []string{"0", "-1", "two"} {
		f.do("GET", "/hooks/v1/subscription?page="+bad, nil, http.StatusBadRequest)
	}
	past := f.getPage(f.url+"/hooks/v1/subscription?page=3", f.tenant, true, "id")
	if past.status != http.StatusOK || len(past.items) != 0 || past.next != "" {
		t.Fatalf("a page past the end: %+v, want no items and no next link", past)
	}
}

// TestAnswerFormsEmptyLists: the next N list answers of any list route are empty, then lists answer again.
func TestAnswerFormsEmptyLists(t *testing.T) {
	f := newFixture(t, Options{})
	for _, route := range listRoutes {
		for n := 0; n <= 3; n++ {
			t.Run(fmt.Sprintf("%s/%d", route.name, n), func(t *testing.T) {
				tn := f.e.NewTenant()
				want := route.seed(f.e, tn.SubscriptionKey, 2)
				f.e.SetAnswerForms(tn.SubscriptionKey, AnswerForms{EmptyLists: n})
				for i := range n {
					p := f.getPage(f.url+route.path, tn, true, route.itemID)
					if p.status != http.StatusOK || len(p.items) != 0 {
						t.Fatalf("answer %d: status %d, items %v; want 200 and none", i+1, p.status, p.items)
					}
					if route.withTotal && (p.total == nil || *p.total != 0) {
						t.Fatalf("answer %d: total %v, want 0", i+1, p.total)
					}
					if left := f.e.AnswerForms(tn.SubscriptionKey).EmptyLists; left != n-i-1 {
						t.Fatalf("after answer %d: %d empty answers left, want %d", i+1, left, n-i-1)
					}
				}
				p := f.getPage(f.url+route.path, tn, true, route.itemID)
				if !slices.Equal(p.items, want) {
					t.Fatalf("answer %d: items %v, want %v", n+1, p.items, want)
				}
			})
		}
	}
}

// TestAnswerFormsNormaliseStored: each normalised field is stored, and so answered everywhere, in its
// normalised form; without the form, as written.
func TestAnswerFormsNormaliseStored(t *testing.T) {
	recv, got := newReceiver(t)
	f := newFixture(t, Options{DeliveryClient: recv.Client()})
	key := f.tenant.SubscriptionKey
	origin := strings.TrimPrefix(recv.URL, "https://")
	uris := []struct{ written, stored string }{
		{"https://Hooks.Example.COM/p", "https://hooks.example.com:443/p"},
		{"HTTPS://hooks.example.com", "https://hooks.example.com:443/"},
		{"https://hooks.example.com:8443/Path?Q=A", "https://hooks.example.com:8443/Path?Q=A"},
		{"https://[::1]/x", "https://[::1]:443/x"},
		{"https://" + origin, "https://" + origin + "/"},
	}
	texts := []struct{ written, stored string }{
		{"  padded \t\n", "padded"},
		{"inner  space", "inner  space"},
		{"", ""},
	}
	for _, normalise := range []bool{false, true} {
		f.e.SetAnswerForms(key, AnswerForms{NormaliseStored: normalise})
		for _, c := range uris {
			want := c.written
			if normalise {
				want = c.stored
			}
			id := f.createSubscription("signatorysigned", c.written, nil)
			s := decode[Subscription](t, f.do("GET", "/hooks/v1/subscription/"+id+"?eventType=signatorysigned", nil, http.StatusOK))
			if s.URI != want {
				t.Errorf("normalise %v: uri %q answered %q, want %q", normalise, c.written, s.URI, want)
			}
			list := decode[subscriptionList](t, f.do("GET", "/hooks/v1/subscription", nil, http.StatusOK))
			if i := slices.IndexFunc(list.Items, func(s Subscription) bool { return s.ID == id }); i < 0 || list.Items[i].URI != want {
				t.Errorf("normalise %v: uri %q listed as %v, want %q", normalise, c.written, list.Items, want)
			}
		}
		for _, c := range texts {
			want := c.written
			if normalise {
				want = c.stored
			}
			data := f.do("POST", "/hooks/v1/subscription", map[string]any{
				"Description": c.written,
				"Uri":         "https://127.0.0.1/d",
				"EventType":   "signatorysigned",
			}, http.StatusOK)
			id := decode[createSubscriptionResponse](t, data).ID
			s := decode[Subscription](t, f.do("GET", "/hooks/v1/subscription/"+id+"?eventType=signatorysigned", nil, http.StatusOK))
			if s.Description != want {
				t.Errorf("normalise %v: description %q answered %q, want %q", normalise, c.written, s.Description, want)
			}
			reference := fmt.Sprintf("reference-%v-%d", normalise, len(c.written))
			put := decode[MetadataEntry](t, f.do("PUT", "/metadata/Signatory/s1/"+reference, map[string]string{
				"value":       c.written,
				"referenceId": reference,
			}, http.StatusOK))
			listed := decode[metadataList](t, f.do("GET", "/metadata/Signatory/s1", nil, http.StatusOK))
			byReference := decode[metadataList](t, f.do("GET", "/metadata/"+reference, nil, http.StatusOK))
			i := slices.IndexFunc(listed.Items, func(m MetadataEntry) bool { return m.Key == reference })
			if put.Value != want || i < 0 || listed.Items[i].Value != want || byReference.Items[0].Value != want {
				t.Errorf("normalise %v: value %q answered %q, listed %v, looked up %v; want %q", normalise, c.written, put.Value, listed.Items, byReference.Items, want)
			}
		}
	}
	// The stored uri still reaches the same receiver.
	_, err := f.e.SimulateSignatorySigned(key, Event{})
	if err != nil {
		t.Fatal(err)
	}
	if paths := len(got()); paths != 2 {
		t.Fatalf("deliveries to the receiver: %d, want 2 (as written and normalised)", paths)
	}
}

// TestAnswerFormsDeleteAnswersGone: a delete answers 410 Gone, and the subscription is gone.
func TestAnswerFormsDeleteAnswersGone(t *testing.T) {
	f := newFixture(t, Options{})
	for _, gone := range []bool{false, true} {
		f.e.SetAnswerForms(f.tenant.SubscriptionKey, AnswerForms{DeleteAnswersGone: gone})
		id := f.createSubscription("signatorysigned", "https://127.0.0.1/h", nil)
		want := http.StatusAccepted
		if gone {
			want = http.StatusGone
		}
		path := "/hooks/v1/subscription/" + id + "?eventType=signatorysigned"
		f.do("DELETE", path, nil, want)
		f.do("GET", path, nil, http.StatusNotFound)
		f.do("DELETE", path, nil, http.StatusNotFound)
	}
}

// TestAnswerFormsDeletedListedFor: a deleted subscription stays in the next N listings (pages of one listing
// count once, a maintenance answer not at all), while a read by id answers 404 and no event reaches it.
func TestAnswerFormsDeletedListedFor(t *testing.T) {
	recv, got := newReceiver(t)
	f := newFixture(t, Options{DeliveryClient: recv.Client()})
	for n := 0; n <= 3; n++ {
		// Paged listings also begin with a maintenance answer (EmptyLists 1).
		for _, pageSize := range []int{0, 1} {
			t.Run(fmt.Sprintf("%d/pageSize=%d", n, pageSize), func(t *testing.T) {
				tn := f.e.NewTenant()
				key := tn.SubscriptionKey
				f.e.SetAnswerForms(key, AnswerForms{
					DeletedListedFor: n,
					PageSize:         pageSize,
					EmptyLists:       pageSize,
				})
				kept, err := f.e.AddSubscription(key, EventSignatorySigned, recv.URL+"/kept", "")
				if err != nil {
					t.Fatal(err)
				}
				deleted, err := f.e.AddSubscription(key, EventSignatorySigned, recv.URL+"/deleted", "")
				if err != nil {
					t.Fatal(err)
				}
				path := "/hooks/v1/subscription/" + deleted.ID + "?eventType=signatorysigned"
				f.do("DELETE", path, nil, http.StatusAccepted, withTenant(tn))
				f.do("GET", path, nil, http.StatusNotFound, withTenant(tn))
				before := len(got())
				_, err = f.e.SimulateSignatorySigned(key, Event{})
				if err != nil {
					t.Fatal(err)
				}
				if delivered := got()[before:]; len(delivered) != 1 || delivered[0].path != "/kept" {
					t.Fatalf("deliveries after the delete: %v, want one to /kept", delivered)
				}
				if pageSize > 0 {
					maintenance := f.getPage(f.url+"/hooks/v1/subscription", tn, true, "id")
					if len(maintenance.items) != 0 {
						t.Fatalf("the maintenance answer lists %v", maintenance.items)
					}
				}
				for listing := 1; listing <= n+1; listing++ {
					var items []string
					url := f.url + "/hooks/v1/subscription"
					for pages := 0; url != ""; pages++ {
						if pages > 3 {
							t.Fatalf("listing %d: more than 3 pages of 2 subscriptions", listing)
						}
						p := f.getPage(url, tn, true, "id")
						items = append(items, p.items...)
						url = p.next
					}
					want := []string{kept.ID}
					if listing <= n {
						want = append(want, deleted.ID)
					}
					if !slices.Equal(items, want) {
						t.Fatalf("listing %d: %v, want %v", listing, items, want)
					}
				}
			})
		}
	}
}

// TestAnswerFormsAdminRoute sets, reads and resets the forms over HTTP; invalid forms are answered 400.
func TestAnswerFormsAdminRoute(t *testing.T) {
	f := newFixture(t, Options{})
	q := "?tenant=" + f.tenant.SubscriptionKey
	body := `{"pageSize":2,"nextLink":"@odata.nextLink","nextLinkOrigin":"https://elsewhere.example:8443","bareTotal":true,` +
		`"continuationToken":true,"emptyLists":3,"normaliseStored":true,"deleteAnswersGone":true,"deletedListedFor":4}`
	want := AnswerForms{
		PageSize:          2,
		NextLink:          NextLinkOData,
		NextLinkOrigin:    "https://elsewhere.example:8443",
		BareTotal:         true,
		ContinuationToken: true,
		EmptyLists:        3,
		NormaliseStored:   true,
		DeleteAnswersGone: true,
		DeletedListedFor:  4,
	}
	set := decode[AnswerForms](t, f.do("PUT", "/_emulator/answer-forms"+q, body, http.StatusOK, withoutAuth()))
	if set != want {
		t.Fatalf("PUT answered %+v, want %+v", set, want)
	}
	read := decode[AnswerForms](t, f.do("GET", "/_emulator/answer-forms"+q, nil, http.StatusOK, withoutAuth()))
	if read != want {
		t.Fatalf("GET answered %+v, want %+v", read, want)
	}
	if others := f.e.AnswerForms(""); others != (AnswerForms{}) {
		t.Fatalf("the default tenant's forms: %+v, want none", others)
	}
	reset := decode[AnswerForms](t, f.do("PUT", "/_emulator/answer-forms"+q, `{}`, http.StatusOK, withoutAuth()))
	if reset != (AnswerForms{}) {
		t.Fatalf("PUT {} answered %+v, want the zero value", reset)
	}
	f.e.SetAnswerForms(f.tenant.SubscriptionKey, want)
	f.do("DELETE", "/_emulator/answer-forms"+q, nil, http.StatusNoContent, withoutAuth())
	read = f.e.AnswerForms(f.tenant.SubscriptionKey)
	if read != (AnswerForms{}) {
		t.Fatalf("after DELETE: %+v, want the zero value", read)
	}
	for _, bad := range []string{`{"pageSize":-1}`, `{"nextLink":"Link"}`, `{"emptyLists":-1}`, `{"deletedListedFor":-1}`,
		`{"nextLinkOrigin":"elsewhere.example"}`, `{"nextLinkOrigin":"https://elsewhere.example/path"}`,
		`{"nextLinkOrigin":"https://elsewhere.example?page=1"}`, `{"pageSize":"2"}`} {
		f.do("PUT", "/_emulator/answer-forms"+q, bad, http.StatusBadRequest, withoutAuth())
	}
	f.do("PUT", "/_emulator/answer-forms?tenant=unknown", `{}`, http.StatusNotFound, withoutAuth())
}

// TestAnswerFormsNotInStateFile: the forms are settings, not data.
func TestAnswerFormsNotInStateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	e, err := New(Options{StateFile: path})
	if err != nil {
		t.Fatal(err)
	}
	e.SetAnswerForms("", AnswerForms{
		PageSize:         1,
		DeletedListedFor: 2,
	})
	s, err := e.AddSubscription("", EventSignatorySigned, "https://127.0.0.1/h", "")
	if err != nil {
		t.Fatal(err)
	}
	e.DeleteSubscription("", s.ID)
	err = e.Close()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), s.ID) || strings.Contains(strings.ToLower(string(data)), "pagesize") {
		t.Fatalf("the state file keeps answer forms or a deleted subscription: %s", data)
	}
	again, err := New(Options{StateFile: path})
	if err != nil {
		t.Fatal(err)
	}
	if forms := again.AnswerForms(""); forms != (AnswerForms{}) {
		t.Fatalf("forms after a restart: %+v, want none", forms)
	}
}
