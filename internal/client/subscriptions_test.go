// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package client

import (
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

func TestSubscriptionLifecycle(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)

	id, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{
		Description: "completed", URI: "https://hooks.example.com/a", EventType: "SignatureRequestCompleted",
		Headers: map[string]string{"client-secret": "s3cr3t-header-value"},
	})
	if err != nil {
		t.Fatal(err)
	}

	list, err := c.listSubscriptions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := Subscription{ID: id, EventType: "signaturerequestcompleted", URI: "https://hooks.example.com/a", Description: "completed"}
	if len(list.Items) != 1 || list.Items[0] != want {
		t.Fatalf("list = %+v, want [%+v] (event type lower-case)", list.Items, want)
	}

	// The query name and value are matched without regard to case.
	got, err := c.GetSubscription(ctx, id, "SIGNATUREREQUESTCOMPLETED")
	if err != nil {
		t.Fatal(err)
	}
	if *got != want {
		t.Errorf("get = %+v, want %+v", *got, want)
	}
	if _, err := c.GetSubscription(ctx, id, "signatorysigned"); !errors.Is(err, errGone) {
		t.Errorf("get with another event type: err = %v, want errGone", err)
	}

	// 202 Accepted is success; a second delete is a 404.
	if err := c.DeleteSubscription(ctx, id, "SignatureRequestCompleted"); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if err := c.DeleteSubscription(ctx, id, "signaturerequestcompleted"); !errors.Is(err, errGone) {
		t.Errorf("second delete: err = %v, want errGone", err)
	}
	if _, err := c.GetSubscription(ctx, id, "signaturerequestcompleted"); !IsNotFound(err) {
		t.Errorf("get after delete: err = %v, want errGone", err)
	}
	_, err = c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "nosuchevent"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 {
		t.Errorf("an unsupported event type: err = %v, want a 400 APIError", err)
	}
	counters := testEmulator.Counters(tenant.SubscriptionKey)
	if counters[emulator.RouteSubscriptionDelete] != 2 || counters[emulator.RouteSubscriptionCreate] != 2 {
		t.Errorf("counters = %v", counters)
	}
}

func TestListHooksLowerCase(t *testing.T) {
	c, _ := newTestClient(t)
	hooks, err := c.listHooks(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 2 || hooks[0].EventType != "signaturerequestcompleted" || hooks[1].EventType != "signatorysigned" {
		t.Fatalf("hooks = %+v", hooks)
	}
	if len(hooks[1].PayloadSchema) == 0 || hooks[0].Description == "" {
		t.Errorf("hook without schema or description: %+v", hooks)
	}
}

func TestSubscriptionsCoalescedAndInvalidated(t *testing.T) {
	ctx := context.Background()
	c, tenant := newTestClient(t)
	for i := 0; i < 3; i++ {
		if _, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://x.example.com", EventType: "signatorysigned"}); err != nil {
			t.Fatal(err)
		}
	}
	testEmulator.ResetCounters(tenant.SubscriptionKey)
	for i := 0; i < 5; i++ {
		set, err := c.Subscriptions(ctx)
		if err != nil || len(set.Items) != 3 {
			t.Fatalf("Subscriptions = %v, %v", set, err)
		}
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionList]; n != 1 {
		t.Fatalf("5 reads made %d list requests, want 1", n)
	}

	// A write invalidates: the next read sees it.
	id, err := c.CreateSubscription(ctx, CreateSubscriptionRequest{URI: "https://y.example.com", EventType: "signatorysigned"})
	if err != nil {
		t.Fatal(err)
	}
	set, err := c.Subscriptions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := set.Find(id); !ok || len(set.Items) != 4 {
		t.Fatalf("the read after the create does not see it: %+v", set.Items)
	}
	if err := c.DeleteSubscription(ctx, id, "signatorysigned"); err != nil {
		t.Fatal(err)
	}
	if set, _ := c.Subscriptions(ctx); len(set.Items) != 3 {
		t.Fatalf("the read after the delete still sees it: %+v", set.Items)
	}
}

// An answer about another subscription is an error, never that
// subscription's data; the same GUID in other letters is the same one. The
// server answering so is a hostile-world server of its own.
func TestGetSubscriptionOfAnotherID(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","eventType":"signatorysigned","uri":"https://x.example.com"}`))
	}))
	defer srv.Close()
	c, _ := newTestClient(t, func(c *Config) { c.BaseURL = srv.URL })
	if _, err := c.GetSubscription(context.Background(), "0f8fad5b-d9cb-469f-a165-70867728950e", "SignatorySigned"); err != nil {
		t.Errorf("the same id in capitals: %v", err)
	}
	_, err := c.GetSubscription(context.Background(), "7c9e6679-7425-40de-944b-e07fc1f90ae7", "SignatorySigned")
	if !errors.Is(err, ErrMalformedAnswer) || !strings.Contains(err.Error(), `describes the subscription "0F8FAD5B`) {
		t.Errorf("err = %v, want a malformed answer naming the other subscription", err)
	}
}

var onceRequest = CreateSubscriptionRequest{URI: "https://hooks.example.com/once", EventType: "SignatorySigned", Description: "d"}

// claims is what the webhook package keeps for a provider process (one per Client: claimsOf), by id as listed.
type claims struct{ sync.Map }

func (s *claims) Claimed(id string) bool { _, ok := s.Load(id); return ok }

func (s *claims) Claim(id string) bool { _, taken := s.LoadOrStore(id, true); return !taken }

var claimsByClient sync.Map

func claimsOf(c *Client) *claims {
	v, _ := claimsByClient.LoadOrStore(c, &claims{})
	return v.(*claims)
}

// createOnce runs CreateSubscriptionOnce and fails the test on an error.
func createOnce(t *testing.T, c *Client, req CreateSubscriptionRequest) CreatedSubscription {
	t.Helper()
	got, err := c.CreateSubscriptionOnce(context.Background(), req, claimsOf(c))
	if err != nil {
		t.Fatalf("CreateSubscriptionOnce: %v", err)
	}
	return got
}

// checkSubscriptionIDs fails unless the tenant holds exactly the given ids.
func checkSubscriptionIDs(t *testing.T, key string, ids ...string) {
	t.Helper()
	var got []string
	for _, s := range testEmulator.Subscriptions(key) {
		got = append(got, s.ID)
	}
	if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(ids))) {
		t.Fatalf("the emulator holds %v, want exactly %v", got, ids)
	}
}

// seedUnrelated adds a subscription no create of the tests matches, so that the list before the first create is
// not empty (an empty one adopts nothing: TestCreateOnceNeverAdoptsOnAnEmptyBaseline), and answers its id.
func seedUnrelated(t testing.TB, key string) string {
	t.Helper()
	s, err := testEmulator.AddSubscription(key, "signaturerequestcompleted", "https://hooks.example.com/unrelated", "")
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// A lost answer of a create that took effect: the subscription is adopted, the request is not repeated. One
// that failed ambiguously but did not take effect is sent again.
func TestCreateOnceAfterLostAnswers(t *testing.T) {
	for kind, lost := range map[emulator.FaultKind]int{emulator.FaultCommitThenDrop: 1, emulator.FaultInternalError: 2,
		emulator.FaultServiceUnavailable: 2, emulator.FaultDrop: 2} {
		t.Run(string(kind), func(t *testing.T) {
			c, tenant := newTestClient(t)
			unrelated := seedUnrelated(t, tenant.SubscriptionKey)
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, kind, lost)
			got := createOnce(t, c, onceRequest)
			adopted, requests := kind == emulator.FaultCommitThenDrop, lost+1
			if adopted {
				requests = 1
			}
			if got.Adopted != adopted || got.Requests != requests {
				t.Errorf("got %+v, want adopted %v after %d requests", got, adopted, requests)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey, unrelated, got.ID)
			if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != requests {
				t.Errorf("%d create requests, want %d", n, requests)
			}
		})
	}
}

// An identical subscription that existed before (tracked by another
// resource, or the old one of a create_before_destroy replacement) is never
// adopted, whether or not the ambiguous request took effect.
func TestCreateOnceNeverAdoptsWhatExistedBefore(t *testing.T) {
	for _, kind := range []emulator.FaultKind{emulator.FaultCommitThenDrop, emulator.FaultGatewayTimeout} {
		t.Run(string(kind), func(t *testing.T) {
			setup, tenant := newTestClient(t)
			old, err := setup.CreateSubscription(context.Background(), onceRequest)
			if err != nil {
				t.Fatal(err)
			}
			c := clientOf(t, tenant)
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, kind, 1)
			got := createOnce(t, c, onceRequest)
			if got.ID == old {
				t.Fatalf("adopted the subscription that existed before: %+v", got)
			}
			checkSubscriptionIDs(t, tenant.SubscriptionKey, old, got.ID)
		})
	}
}

// Subscriptions created or claimed by the client are never adopted either,
// even when they are not in the baseline.
func TestCreateOnceNeverAdoptsClaimed(t *testing.T) {
	c, tenant := newTestClient(t)
	first := createOnce(t, c, onceRequest) // after the baseline: protected by its claim only
	outside, err := clientOf(t, tenant).CreateSubscription(context.Background(), onceRequest)
	if err != nil {
		t.Fatal(err)
	}
	claimsOf(c).Claim(outside) // as Read does for a resource in state

	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultBadGateway, 1)
	second := createOnce(t, c, onceRequest)
	if second.Adopted || second.ID == first.ID || second.ID == outside {
		t.Fatalf("second create %+v took a claimed subscription (first %s, claimed %s)", second, first.ID, outside)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, first.ID, outside, second.ID)
}

// Re-sending is bounded by MaxRetries; the error then says nothing was
// created (it is not ErrOutcomeUnknown any more).
func TestCreateOnceIsBounded(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 2 })
	unrelated := seedUnrelated(t, tenant.SubscriptionKey) // an empty list would show nothing: no resend
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultServiceUnavailable, 10)
	got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))
	if err == nil || errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("err = %v, want a definite failure", err)
	}
	if got.Requests != 3 {
		t.Errorf("%d requests, want 1 + 2 retries", got.Requests)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 3 {
		t.Errorf("%d create requests reached the service, want 3", n)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, unrelated)
}

// When the list that would resolve the doubt cannot be read, the error
// still says the outcome is unknown.
func TestCreateOnceListFailureKeepsOutcomeUnknown(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 1 })
	if _, err := c.Subscriptions(context.Background()); err != nil { // the baseline, from the shared list
		t.Fatal(err)
	}
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionList, emulator.FaultServiceUnavailable, 5)
	_, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))
	if !errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("err = %v, want ErrOutcomeUnknown", err)
	}
}

// Many identical creates at once, with answers lost at random: exactly one
// subscription per call, each id returned once.
func TestCreateOnceConcurrentIdenticalCreates(t *testing.T) {
	c, tenant := newTestClient(t, func(c *Config) { c.MaxRetries = 10 })
	unrelated := seedUnrelated(t, tenant.SubscriptionKey)
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{
		CommitThenDropRate: 0.25, DropRate: 0.1, ErrorRate: 0.2, Seed: 7,
		Routes: []string{emulator.RouteSubscriptionCreate},
	})
	const n = 12
	ids := make([]string, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))
			ids[i] = got.ID
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkSubscriptionIDs(t, tenant.SubscriptionKey, append(ids, unrelated)...)
}

// When the answer of a create is lost and two identical subscriptions
// appeared since the client's first look (its own and another process's),
// neither is adopted and nothing is sent again: the error lists both and
// says how to import the right one.
func TestAmbiguousCreateAdoptsNothing(t *testing.T) {
	c, tenant := newTestClient(t)
	if _, err := c.Subscriptions(context.Background()); err != nil { // the baseline: empty
		t.Fatal(err)
	}
	theirs, err := clientOf(t, tenant).CreateSubscription(context.Background(), onceRequest) // another process
	if err != nil {
		t.Fatal(err)
	}
	testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, emulator.FaultCommitThenDrop, 1)
	got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))

	var ambiguous *AmbiguousCreateError
	if !errors.As(err, &ambiguous) || !errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("got %+v, err = %v; want an *AmbiguousCreateError that matches ErrOutcomeUnknown", got, err)
	}
	subs := testEmulator.Subscriptions(tenant.SubscriptionKey)
	if len(ambiguous.Candidates) != 2 || len(subs) != 2 {
		t.Fatalf("candidates %+v, the emulator holds %+v: want both listed", ambiguous.Candidates, subs)
	}
	for _, s := range subs {
		if !strings.Contains(err.Error(), s.ID+" (event type signatorysigned, uri "+onceRequest.URI+")") {
			t.Errorf("the error does not list %s with its event type and uri: %v", s.ID, err)
		}
	}
	wantImport := "import {\n    to = <address>\n    id = \"SignatorySigned/" + ambiguous.Candidates[0].ID + "\"\n  }"
	if !strings.Contains(err.Error(), wantImport) {
		t.Errorf("the error lacks the import block %q: %v", wantImport, err)
	}
	if got.ID == theirs || got.Requests != 1 {
		t.Errorf("got %+v: want no id and one request (theirs is %s)", got, theirs)
	}
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionCreate]; n != 2 {
		t.Errorf("%d creates, want 2 (theirs and the lost one): nothing is sent again", n)
	}
}

// Two processes (two Clients) create identical subscriptions at once, and
// answers are lost: no id is ever returned to both, and every subscription
// left on the service is either returned to one of them or named in an
// error, so nothing is orphaned without a word.
func TestTwoProcessesNeverClaimTheSameSubscription(t *testing.T) {
	tenant := testEmulator.NewTenant()
	unrelated := seedUnrelated(t, tenant.SubscriptionKey)
	testEmulator.SetFaults(tenant.SubscriptionKey, emulator.FaultConfig{
		CommitThenDropRate: 0.35, Seed: 11, Routes: []string{emulator.RouteSubscriptionCreate},
	})
	const perProcess = 8
	var mu sync.Mutex
	owners := map[string]int{} // id: how many calls returned it
	named := map[string]bool{} // ids an error told about
	var wg sync.WaitGroup
	for range 2 {
		c := clientOf(t, tenant)
		for range perProcess {
			wg.Go(func() {
				got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))
				mu.Lock()
				defer mu.Unlock()
				var ambiguous *AmbiguousCreateError
				switch {
				case err == nil:
					owners[got.ID]++
				case errors.As(err, &ambiguous):
					for _, s := range ambiguous.Candidates {
						named[s.ID] = true
					}
				default:
					t.Errorf("unexpected error: %v", err)
				}
			})
		}
	}
	wg.Wait()
	for id, n := range owners {
		if n > 1 {
			t.Errorf("subscription %s was returned to %d calls", id, n)
		}
	}
	for _, s := range testEmulator.Subscriptions(tenant.SubscriptionKey) {
		if owners[s.ID] == 0 && !named[s.ID] && s.ID != unrelated {
			t.Errorf("subscription %s is owned by no call and named by no error", s.ID)
		}
	}
	if len(owners) == 0 {
		t.Error("no create succeeded: the faults leave nothing to check")
	}
}

// A lost answer after a list before the first create that was empty (a service in maintenance answers so) adopts
// nothing: an identical subscription found may have existed before, another configuration's, which a later
// destroy here would delete. The error names each found with its import id and says why, and nothing is sent
// again. Only when none is found in a list that holds something is the create sent again: an empty list shows
// nothing. Generated: an identical subscription seeded before or not, an unrelated one or not, times a lost
// answer after the service acted or before.
func TestCreateOnceNeverAdoptsOnAnEmptyBaseline(t *testing.T) {
	for _, seeded := range []bool{true, false} {
		for _, unrelated := range []bool{true, false} {
			for _, fault := range []emulator.FaultKind{emulator.FaultCommitThenDrop, emulator.FaultDrop, emulator.FaultInternalError, emulator.FaultGatewayTimeout} {
				t.Run(fmt.Sprintf("seeded %v, unrelated %v, %s", seeded, unrelated, fault), func(t *testing.T) {
					checkLostCreateAfterAnEmptyBaseline(t, seeded, unrelated, fault)
				})
			}
		}
	}
}

// doubledStop is a sentence that ends twice, as an error continued after one that ends with a full stop can.
var doubledStop = regexp.MustCompile(`\.\. [A-Z]`)

func checkLostCreateAfterAnEmptyBaseline(t *testing.T, seeded, unrelated bool, fault emulator.FaultKind) {
	c, tenant := newTestClient(t)
	key := tenant.SubscriptionKey
	var found []string // what the list after the lost answer shows
	var before []string
	if seeded {
		theirs, err := testEmulator.AddSubscription(key, "signatorysigned", onceRequest.URI, onceRequest.Description)
		if err != nil {
			t.Fatal(err)
		}
		found = append(found, theirs.ID)
		before = append(before, theirs.ID)
	}
	if unrelated {
		before = append(before, seedUnrelated(t, key))
	}
	testEmulator.SetAnswerForms(key, emulator.AnswerForms{
		EmptyLists: 1,
	})
	testEmulator.ScriptFault(key, emulator.RouteSubscriptionCreate, fault, 1)
	got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))

	if left := testEmulator.AnswerForms(key).EmptyLists; left != 0 {
		t.Fatalf("%d empty list answers left: the baseline was not read empty", left)
	}
	if err != nil && doubledStop.MatchString(err.Error()) {
		t.Errorf("a sentence ends twice: %v", err)
	}
	var after []string
	for _, s := range testEmulator.Subscriptions(key) {
		after = append(after, s.ID)
	}
	if fault == emulator.FaultCommitThenDrop { // the one the lost create made
		found = append(found, slices.DeleteFunc(slices.Clone(after), func(id string) bool { return slices.Contains(before, id) })...)
	}
	creates := testEmulator.Counters(key)[emulator.RouteSubscriptionCreate]
	switch {
	case len(found) == 0 && len(before) > 0:
		if err != nil || got.Adopted || creates != 2 || len(after) != len(before)+1 {
			t.Fatalf("got %+v, err = %v, %d creates, the emulator holds %v; want nothing found, the create sent again and made", got, err, creates, after)
		}
		return
	case len(found) == 0:
		if !errors.Is(err, ErrOutcomeUnknown) || !strings.Contains(err.Error(), "is empty") || got.ID != "" || creates != 1 || len(after) != 0 {
			t.Fatalf("got %+v, err = %v, %d creates, the emulator holds %v; want an unknown outcome that says the list is empty, and nothing sent again", got, err, creates, after)
		}
		return
	}
	var ambiguous *AmbiguousCreateError
	if !errors.As(err, &ambiguous) || !errors.Is(err, ErrOutcomeUnknown) || got.ID != "" {
		t.Fatalf("got %+v, err = %v; want nothing adopted, an *AmbiguousCreateError that matches ErrOutcomeUnknown", got, err)
	}
	if !strings.Contains(err.Error(), "The list before the first create was empty") {
		t.Errorf("the error does not say why nothing was adopted: %v", err)
	}
	for _, id := range found {
		if !strings.Contains(err.Error(), id+" (event type signatorysigned, uri "+onceRequest.URI+`), import id "SignatorySigned/`+id+`"`) {
			t.Errorf("the error does not name %s with its import id: %v", id, err)
		}
	}
	held := slices.Compact(slices.Sorted(slices.Values(append(before, found...))))
	if len(ambiguous.Candidates) != len(found) || creates != 1 || !slices.Equal(slices.Sorted(slices.Values(after)), held) {
		t.Errorf("candidates %v, %d creates, the emulator holds %v; want %v named and nothing sent again", ambiguous.Candidates, creates, after, found)
	}
}

// A service that keeps a description in another form (trimmed) lists what a lost create made with another
// description: it is not adopted, and the request is not sent again, which would leave a twin. Generated: a
// description the service changes or not, times a lost answer after the service acted or before.
func TestCreateOnceNeverResendsPastAnotherForm(t *testing.T) {
	for _, description := range []string{" padded ", "plain"} {
		for _, fault := range []emulator.FaultKind{emulator.FaultCommitThenDrop, emulator.FaultDrop} {
			t.Run(fmt.Sprintf("%q, %s", description, fault), func(t *testing.T) {
				c, tenant := newTestClient(t)
				key := tenant.SubscriptionKey
				seedUnrelated(t, key)
				testEmulator.SetAnswerForms(key, emulator.AnswerForms{NormaliseStored: true})
				testEmulator.ScriptFault(key, emulator.RouteSubscriptionCreate, fault, 1)
				req := onceRequest
				req.Description = description
				got, err := c.CreateSubscriptionOnce(context.Background(), req, claimsOf(c))

				creates := testEmulator.Counters(key)[emulator.RouteSubscriptionCreate]
				held := len(testEmulator.Subscriptions(key))
				var ambiguous *AmbiguousCreateError
				switch {
				case fault == emulator.FaultDrop:
					if err != nil || got.Adopted || creates != 2 || held != 2 {
						t.Errorf("got %+v, err = %v, %d creates, %d held; want nothing found, the create sent again", got, err, creates, held)
					}
				case description == "plain":
					if err != nil || !got.Adopted || creates != 1 || held != 2 {
						t.Errorf("got %+v, err = %v, %d creates, %d held; want the identical one adopted", got, err, creates, held)
					}
				case !errors.As(err, &ambiguous) || !strings.Contains(err.Error(), "with another description") || creates != 1 || held != 2:
					t.Errorf("got %+v, err = %v, %d creates, %d held; want the one with a trimmed description named, nothing sent again", got, err, creates, held)
				}
			})
		}
	}
}

// What a plan's look for leftovers reads: the identical subscriptions (event
// type in any case, URI, description) of the baseline, which creates of this
// client do not change, read with one list request; and which of them a
// resource of this process claimed.
func TestBaselineShowsIdenticalSubscriptions(t *testing.T) {
	c, tenant := newTestClient(t)
	key := tenant.SubscriptionKey
	add := func(eventType, uri, description string) emulator.Subscription {
		t.Helper()
		s, err := testEmulator.AddSubscription(key, eventType, uri, description)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	twin := add("signatorysigned", onceRequest.URI, onceRequest.Description)
	claimed := add("SignatorySigned", onceRequest.URI, onceRequest.Description)
	add("SignatorySigned", onceRequest.URI, "another description")
	add("SignatorySigned", onceRequest.URI+"/other", onceRequest.Description)
	add("SignatureRequestCompleted", onceRequest.URI, onceRequest.Description)
	claimsOf(c).Claim(claimed.ID) // as Read does for a resource in state
	created := createOnce(t, c, onceRequest).ID

	baseline, err := c.SubscriptionBaseline(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var unclaimed []string
	for _, s := range baseline.Identical(onceRequest.EventType, onceRequest.URI, onceRequest.Description) {
		if !claimsOf(c).Claimed(s.ID) {
			unclaimed = append(unclaimed, s.ID)
		}
	}
	if len(unclaimed) != 1 || unclaimed[0] != twin.ID || !claimsOf(c).Claimed(created) {
		t.Errorf("unclaimed identical subscriptions %v, want only %s (and %s, created, claimed)", unclaimed, twin.ID, created)
	}
	if n := testEmulator.Counters(key)[emulator.RouteSubscriptionList]; n != 1 {
		t.Errorf("%d list requests: the baseline is the list read once", n)
	}
}

// Headers the rules refuse never leave the client: CreateSubscription (and
// so CreateSubscriptionOnce) fails before it sends anything, with an error
// that names the header and the rule and does not show the value. The
// provider checks the same rules at plan time; this is the check for a
// value that was unknown then.
func TestCreateSubscriptionRefusesHeadersBeforeSending(t *testing.T) {
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    string
	}{
		{"CRLF in a value", map[string]string{"X-Ok": "s3cr3t\r\nInjected: yes"},
			`the value of header "X-Ok" must not contain CR, LF or NUL`},
		{"NUL in a value", map[string]string{"X-A": "fine", "X-B": "s3cr3t\x00"},
			`the value of header "X-B" must not contain CR, LF or NUL`},
		{"Host", map[string]string{"host": "s3cr3t.example.com"},
			`header name "host" is a header the gateway sets itself (Host, Content-Length,`},
		{"Content-Length", map[string]string{"Content-Length": "0"}, `header name "Content-Length" is a header the gateway sets itself`},
		{"hop-by-hop", map[string]string{"Keep-Alive": "s3cr3t"}, `header name "Keep-Alive" is a header the gateway sets itself`},
		{"not a token", map[string]string{"X Client": "v"}, `header name "X Client" must be a valid HTTP header name`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, tenant := newTestClient(t)
			req := CreateSubscriptionRequest{EventType: "signatorysigned", URI: "https://hooks.example.com/h", Headers: tc.headers}
			_, err := c.CreateSubscription(context.Background(), req)
			if !errors.Is(err, errInvalidHeader) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "nothing was sent") {
				t.Errorf("CreateSubscription: err = %v, want errInvalidHeader saying %s, and that nothing was sent", err, tc.want)
			}
			_, errOnce := c.CreateSubscriptionOnce(context.Background(), req, claimsOf(c))
			if !errors.Is(errOnce, errInvalidHeader) || !strings.Contains(errOnce.Error(), tc.want) {
				t.Errorf("CreateSubscriptionOnce: err = %v, want errInvalidHeader saying %s", errOnce, tc.want)
			}
			for _, err := range []error{err, errOnce} {
				if err != nil && strings.Contains(err.Error(), "s3cr3t") {
					t.Errorf("the error shows the value: %v", err)
				}
			}
			if n := testEmulator.Writes(tenant.SubscriptionKey); n != 0 {
				t.Errorf("%d writes reached the service, want none", n)
			}
		})
	}
}

func TestCheckHeadersAcceptsOrdinaryHeaders(t *testing.T) {
	for _, h := range []map[string]string{
		nil,
		{"Authorization": "Bearer abc", "X-Client-Id": "archive", "X-Forwarded-Host": "a.example.com", "Upgrade-Insecure-Requests": "1"},
		{"x-empty": "", "x-tab": "a\tb", "x-unicode": "überall"},
	} {
		if err := CheckHeaders(h); err != nil {
			t.Errorf("CheckHeaders(%v) = %v, want nil", h, err)
		}
	}
}

// A credential with a character a header cannot carry is named by that
// character and where it is, never by its value.
func TestCheckCredential(t *testing.T) {
	for value, want := range map[string]string{
		"key-0123":    "",
		"key\t0123":   "",
		"key-0123\n":  `ends with a line break (\n), which an HTTP header cannot carry`,
		"\r\nkey":     `starts with a carriage return (\r)`,
		"key\x000123": "contains the control character U+0000",
		"key\x7f0123": "contains the control character U+007F",
	} {
		err := CheckCredential(value)
		if want == "" && err != nil || want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("CheckCredential(%q) = %v, want %q", value, err, want)
		}
	}
}

func TestCanonicalURI(t *testing.T) {
	for raw, want := range map[string]string{ //nolint:gosec // example URIs, one with user information, no credential
		"https://hooks.example.com/a":                 "https://hooks.example.com/a",
		"HTTPS://Hooks.Example.COM/a":                 "https://hooks.example.com/a",
		"https://hooks.example.com:443/a":             "https://hooks.example.com/a",
		"https://hooks.example.com:/a":                "https://hooks.example.com/a",
		"http://hooks.example.com:80/a":               "http://hooks.example.com/a",
		"http://hooks.example.com:443/a":              "http://hooks.example.com:443/a",
		"https://hooks.example.com:8443/a":            "https://hooks.example.com:8443/a",
		"https://hooks.example.com":                   "https://hooks.example.com/",
		"https://hooks.example.com.:443":              "https://hooks.example.com/",
		"https://hooks.example.com/%7euser/%41%2d%5F": "https://hooks.example.com/~user/A-_",
		"https://hooks.example.com/a%2fb%c3%a9":       "https://hooks.example.com/a%2Fb%C3%A9",
		"https://hooks.example.com/Path":              "https://hooks.example.com/Path",
		"https://User:P%41ss@Hooks.Example.com/a":     "https://User:P%41ss@hooks.example.com/a",
		"https://hooks.example.com/a?Token=%41b#F%7e": "https://hooks.example.com/a?Token=%41b#F%7e",
		"https://hooks.example.com?x":                 "https://hooks.example.com/?x",
		"https://[2001:DB8::1]:443/a":                 "https://[2001:db8::1]/a",
		"https://[2001:db8::1]:8443/a":                "https://[2001:db8::1]:8443/a",
		"https://%48ooks.example.com/":                "https://%48ooks.example.com/",  // Go refuses escapes in a host
		"https://hooks.example.com/%zz":               "https://hooks.example.com/%zz", // unparsable: as it is
		"not a url":                                   "not a url",
		"":                                            "",
	} {
		got := CanonicalURI(raw)
		if got != want {
			t.Errorf("CanonicalURI(%q) = %q, want %q", raw, got, want)
		}
		if CanonicalURI(got) != got {
			t.Errorf("CanonicalURI(%q) = %q, which is not its own canonical form", raw, got)
		}
	}
	if SameURI("https://hooks.example.com/a?x=1", "https://hooks.example.com/a?X=1") {
		t.Error("SameURI: queries differing in case are the same, want different")
	}
	if !SameURI("https://HOOKS.example.com:443", "https://hooks.example.com/") {
		t.Error("SameURI: two spellings of one URL differ, want the same")
	}
}

// A list that keeps the uri in another spelling of the same URL still shows the subscription as identical.
func TestIdenticalComparesURIsAsURLs(t *testing.T) {
	set := NewSubscriptionSet([]Subscription{
		{
			ID:        "1",
			EventType: "signatorysigned",
			URI:       "https://hooks.example.com/once",
		},
		{
			ID:        "2",
			EventType: "signatorysigned",
			URI:       "https://hooks.example.com/Once",
		},
	})
	got := set.Identical("SignatorySigned", "HTTPS://Hooks.Example.com:443/%6Fnce", "")
	if len(got) != 1 || got[0].ID != "1" {
		t.Errorf("Identical = %+v, want subscription 1 alone", got)
	}
}

// A create answer whose id the gate would not show as it is (a credential in any encoding, a control character,
// an id too long to show) is no id the service issued: the answer counts as lost, and the list tells which
// subscription the create made. The id never reaches the state.
func TestCreateAnswerIDThatCannotBeShown(t *testing.T) {
	const made = "5d8f0c2e-6b1a-4f3e-9c7d-2a4b6e8f0a1c"
	key := "fake-subscription-key"
	for name, id := range map[string]string{
		"the access token":             "fake-access-token",
		"the subscription key, base64": base64.StdEncoding.EncodeToString([]byte(key)),
		"an escape sequence":           "\x1b[31mid",
		"too long to show":             strings.Repeat("a", maxExcerpt+1),
	} {
		t.Run(name, func(t *testing.T) {
			var posted atomic.Bool
			c, counts := fakeService(t, func(w http.ResponseWriter, r *http.Request) {
				items := `{"id":"0b1c2d3e-4f50-4a1b-8c2d-3e4f5a6b7c8d","eventType":"signaturerequestcompleted","uri":"https://hooks.example.com/unrelated"}`
				switch {
				case r.Method == http.MethodPost:
					posted.Store(true)
					_ = json.NewEncoder(w).Encode(map[string]string{"id": id})
					return
				case posted.Load():
					items += `,{"id":"` + made + `","eventType":"signatorysigned","uri":"` + onceRequest.URI + `","description":"d"}`
				}
				_, _ = io.WriteString(w, `{"items":[`+items+`]}`)
			})
			got, err := c.CreateSubscriptionOnce(context.Background(), onceRequest, claimsOf(c))
			if err != nil || got.ID != made || !got.Adopted {
				t.Fatalf("got %+v, err = %v; want %s found in the list after the answer whose id cannot be shown", got, err, made)
			}
			if n := counts.of("POST /hooks/v1/subscription"); n != 1 {
				t.Errorf("%d creates, want 1", n)
			}
		})
	}
}

// fakeService is a loopback service of the test's own, for answers the emulator does not give: handle answers
// every request. It counts requests by method and path.
func fakeService(t *testing.T, handle http.HandlerFunc, tweak ...func(*Config)) (*Client, *requestCounts) {
	t.Helper()
	counts := &requestCounts{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		counts.add(r.Method + " " + r.URL.Path)
		handle(w, r)
	}))
	t.Cleanup(srv.Close)
	tenant := emulator.Tenant{
		SubscriptionKey: "fake-subscription-key",
		AccessToken:     "fake-access-token",
	}
	atServer := func(c *Config) { c.BaseURL = srv.URL }
	return clientOf(t, tenant, append([]func(*Config){atServer}, tweak...)...), counts
}

type requestCounts struct {
	mu     sync.Mutex
	byPath map[string]int
}

func (r *requestCounts) add(key string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byPath == nil {
		r.byPath = map[string]int{}
	}
	r.byPath[key]++
}

func (r *requestCounts) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, v := range r.byPath {
		n += v
	}
	return n
}

func (r *requestCounts) of(key string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.byPath[key]
}

// 410 Gone is how some services answer a delete, or a read of what was deleted: a delete so answered is done,
// a read is IsNotFound without a look at GET /hooks/v1 (a wrong path prefix answers 404, never 410). A list
// route is never gone.
func TestGoneIsNotFound(t *testing.T) {
	ctx := context.Background()
	c, counts := fakeService(t, func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"message": "deleted"}`, http.StatusGone)
	})
	err := c.DeleteSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned")
	if err != nil {
		t.Errorf("delete answered 410: err = %v, want done (nil)", err)
	}
	_, err = c.GetSubscription(ctx, "00000000-0000-4000-8000-00000000dead", "signatorysigned")
	if !IsNotFound(err) {
		t.Errorf("read answered 410: err = %v, want IsNotFound", err)
	}
	_, err = c.EntityMetadata(ctx, "Document", "deleted")
	if err != nil {
		t.Errorf("metadata list answered 410: err = %v, want an empty list", err)
	}
	n := counts.of("GET /hooks/v1")
	if n != 0 {
		t.Errorf("%d GET /hooks/v1 requests, want none: a 410 needs no confirmation", n)
	}
	_, err = c.Subscriptions(ctx)
	if err == nil || IsNotFound(err) || errors.Is(err, ErrWrongBaseURL) || !strings.Contains(err.Error(), "410 Gone") {
		t.Errorf("subscription list answered 410: err = %v, want an error that names the 410, neither IsNotFound nor ErrWrongBaseURL (a wrong prefix answers 404)", err)
	}
}

// listRoute is a list route of the client: seed puts item i into a tenant and names it as read answers it.
type listRoute struct {
	route string // the emulator's
	seed  func(key string, i int) string
	read  func(ctx context.Context, c *Client) ([]string, error)
}

var listRoutes = []listRoute{
	{
		route: emulator.RouteSubscriptionList,
		seed: func(key string, i int) string {
			s, err := testEmulator.AddSubscription(key, "signatorysigned", fmt.Sprintf("https://hooks.example.com/%d", i), "")
			if err != nil {
				panic(err)
			}
			return strings.ToLower(s.ID)
		},
		read: func(ctx context.Context, c *Client) ([]string, error) {
			set, err := c.Subscriptions(ctx)
			if err != nil {
				return nil, err
			}
			return namesOf(set.Items, func(s Subscription) string { return strings.ToLower(s.ID) }), nil
		},
	},
	{
		route: emulator.RouteMetadataEntityList,
		seed: func(key string, i int) string {
			name := fmt.Sprintf("key-%d", i)
			testEmulator.SetMetadata(key, "Document", "doc-1", name, "v", "")
			return name
		},
		read: func(ctx context.Context, c *Client) ([]string, error) {
			set, err := c.EntityMetadata(ctx, "Document", "doc-1")
			if err != nil {
				return nil, err
			}
			return namesOf(set.Items, func(e MetadataEntry) string { return e.Key }), nil
		},
	},
	{
		route: emulator.RouteMetadataReferenceList,
		seed: func(key string, i int) string {
			signatory := fmt.Sprintf("signatory-%d", i)
			testEmulator.SetMetadata(key, "Signatory", signatory, "k", "v", "ref-1")
			return signatory
		},
		read: func(ctx context.Context, c *Client) ([]string, error) {
			list, err := c.ListReferenceMetadata(ctx, "ref-1")
			if err != nil {
				return nil, err
			}
			return namesOf(list.Items, func(e MetadataEntry) string { return e.EntityID }), nil
		},
	},
}

func namesOf[T any](items []T, name func(T) string) []string {
	var names []string
	for _, item := range items {
		names = append(names, name(item))
	}
	return names
}

// A list in pages is read whole when its pages name the next on the configured origin, whatever names it; a
// list that says it is partial in any other way fails with ErrPartialList and is never read as whole. Five
// items in pages of two: the item looked for sits on the first, the middle or the last page.
func TestPagedListsAreReadWholeOrRefused(t *testing.T) {
	elsewhere, elsewhereCounts := fakeService(t, func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "not the service", http.StatusTeapot)
	})
	forms := []struct {
		name    string
		forms   emulator.AnswerForms
		partial string // what the error names; "": the list is read whole
	}{
		{
			name: "nextLink",
			forms: emulator.AnswerForms{
				PageSize: 2,
				NextLink: emulator.NextLinkField,
			},
		},
		{
			name: "odata",
			forms: emulator.AnswerForms{
				PageSize: 2,
				NextLink: emulator.NextLinkOData,
			},
		},
		{
			name: "next",
			forms: emulator.AnswerForms{
				PageSize: 2,
				NextLink: emulator.NextLinkNext,
			},
		},
		{
			name: "link-header",
			forms: emulator.AnswerForms{
				PageSize: 2,
				NextLink: emulator.NextLinkHeader,
			},
		},
		{
			name: "other-origin",
			forms: emulator.AnswerForms{
				PageSize:       2,
				NextLinkOrigin: elsewhere.base.Scheme + "://" + elsewhere.base.Host,
			},
			partial: "another origin than base_url's",
		},
		{
			name: "bare-total",
			forms: emulator.AnswerForms{
				PageSize:  2,
				BareTotal: true,
			},
			partial: `its "total" says 5 items, and it holds 2`,
		},
		{
			name: "continuation-token",
			forms: emulator.AnswerForms{
				PageSize:          2,
				ContinuationToken: true,
			},
			partial: `page 1 of the list answer carries "continuationToken"`,
		},
	}
	for _, route := range listRoutes {
		for _, form := range forms {
			for position, at := range map[string]int{"first": 0, "middle": 2, "last": 4} {
				t.Run(route.route+"/"+form.name+"/"+position, func(t *testing.T) {
					c, tenant := newTestClient(t)
					var seeded []string
					for i := range 5 {
						seeded = append(seeded, route.seed(tenant.SubscriptionKey, i))
					}
					testEmulator.SetAnswerForms(tenant.SubscriptionKey, form.forms)
					got, err := route.read(context.Background(), c)
					pages := testEmulator.Counters(tenant.SubscriptionKey)[route.route]
					if form.partial != "" {
						if !errors.Is(err, ErrPartialList) || IsNotFound(err) || !strings.Contains(err.Error(), form.partial) {
							t.Fatalf("err = %v (read %v), want ErrPartialList naming %q", err, got, form.partial)
						}
						if pages != 1 {
							t.Errorf("%d page requests, want 1", pages)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Contains(got, seeded[at]) || !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(seeded))) {
						t.Errorf("read %v, want %v (with %s on the %s page)", got, seeded, seeded[at], position)
					}
					if pages != 3 {
						t.Errorf("%d page requests, want 3", pages)
					}
				})
			}
		}
	}
	if n := elsewhereCounts.total(); n != 0 {
		t.Errorf("the other origin got %d requests, want none", n)
	}
}

// failsOnce answers status to the first request of a page, its item to the next.
func failsOnce(status int) func(w http.ResponseWriter, hit int, item func(string) string) {
	return func(w http.ResponseWriter, hit int, item func(string) string) {
		if hit == 1 {
			http.Error(w, http.StatusText(status), status)
			return
		}
		_, _ = fmt.Fprintf(w, `{"items": [%s]}`, item("b"))
	}
}

// fakeListRoute is a list route as a loopback service of a test's own answers it: item writes the item of a name,
// read answers how many items the client read, invalidate drops the client's copy of the list.
type fakeListRoute struct {
	path       string
	item       func(name string) string
	read       func(ctx context.Context, c *Client) (int, error)
	invalidate func(c *Client)
}

var fakeListRoutes = map[string]fakeListRoute{
	"subscriptions": {
		path: "/hooks/v1/subscription",
		item: func(name string) string { return `{"id": "` + name + `", "eventType": "signatorysigned"}` },
		read: func(ctx context.Context, c *Client) (int, error) {
			set, err := c.Subscriptions(ctx)
			if err != nil {
				return 0, err
			}
			return len(set.Items), nil
		},
		invalidate: func(c *Client) { c.subscriptions.invalidate("") },
	},
	"entity metadata": {
		path: "/metadata/Document/doc-1",
		item: func(name string) string {
			return `{"key": "` + name + `", "value": "v", "entityId": "doc-1", "entityType": "Document"}`
		},
		read: func(ctx context.Context, c *Client) (int, error) {
			set, err := c.EntityMetadata(ctx, "Document", "doc-1")
			if err != nil {
				return 0, err
			}
			return len(set.Items), nil
		},
		invalidate: func(c *Client) { c.entityMetadata.invalidate(entityCacheKey("Document", "doc-1")) },
	},
}

// Each page after the first is sent and checked as the first is: retried, logged in again after a 401,
// refused when malformed. A page that a list names is never gone, and the "total" counts every page. On a
// loopback service of the test's own, which answers what the emulator never does.
func TestListPagesAreCheckedAsTheFirst(t *testing.T) {
	cases := []struct {
		name   string
		page2  func(w http.ResponseWriter, hit int, item func(string) string) // hit counts page 2's requests from 1
		header string                                                         // page 1 names page 2 by a Link header
		total1 string                                                         // page 1's "total", if any
		want   error                                                          // nil: two items read
		says   string
		hits   int // requests for page 2
	}{
		{
			name:  "503 once",
			page2: failsOnce(http.StatusServiceUnavailable),
			hits:  2,
		},
		{
			name:  "401 once",
			page2: failsOnce(http.StatusUnauthorized),
			hits:  2,
		},
		{
			name: "Link header",
			page2: func(w http.ResponseWriter, _ int, item func(string) string) {
				_, _ = fmt.Fprintf(w, `{"items": [%s]}`, item("b"))
			},
			header: "<PATH?page=2>; rel=\"next\"",
			hits:   1,
		},
		{
			name: "total equal",
			page2: func(w http.ResponseWriter, _ int, item func(string) string) {
				_, _ = fmt.Fprintf(w, `{"total": 2, "items": [%s]}`, item("b"))
			},
			hits: 1,
		},
		{
			name: "404",
			page2: func(w http.ResponseWriter, _ int, _ func(string) string) {
				http.Error(w, "no such page", http.StatusNotFound)
			},
			want: ErrPartialList,
			says: "page 2, which page 1 named",
			hits: 1,
		},
		{
			name: "malformed",
			page2: func(w http.ResponseWriter, _ int, _ func(string) string) {
				_, _ = fmt.Fprint(w, `{"itemz": []}`)
			},
			want: ErrMalformedAnswer,
			says: `page 2, which page 1 named: GET`,
			hits: 1,
		},
		{
			name: "total above items",
			page2: func(w http.ResponseWriter, _ int, item func(string) string) {
				_, _ = fmt.Fprintf(w, `{"total": 3, "items": [%s]}`, item("b"))
			},
			want: ErrPartialList,
			says: `its "total" says 3 items, and it holds 2`,
			hits: 1,
		},
		{
			name: "total shrinks",
			page2: func(w http.ResponseWriter, _ int, item func(string) string) {
				_, _ = fmt.Fprintf(w, `{"total": 2, "items": [%s]}`, item("b"))
			},
			total1: `"total": 3, `,
			want:   ErrPartialList,
			says:   `its "total" says 3 items, and it holds 2`,
			hits:   1,
		},
		{
			name: "token on the last page",
			page2: func(w http.ResponseWriter, _ int, item func(string) string) {
				_, _ = fmt.Fprintf(w, `{"items": [%s], "nextPageToken": "abc"}`, item("b"))
			},
			want: ErrPartialList,
			says: `page 2 of the list answer carries "nextPageToken"`,
			hits: 1,
		},
		{
			name: "a loop",
			page2: func(w http.ResponseWriter, _ int, _ func(string) string) {
				_, _ = fmt.Fprint(w, `{"items": [], "@odata.nextLink": "?page=2"}`)
			},
			want: ErrPartialList,
			says: "past 1000 pages",
			hits: 999,
		},
	}
	for routeName, route := range fakeListRoutes {
		for _, tc := range cases {
			t.Run(routeName+"/"+tc.name, func(t *testing.T) {
				var page2Hits atomic.Int32
				c, counts := fakeService(t, func(w http.ResponseWriter, r *http.Request) {
					switch {
					case r.URL.Path == "/identity/login":
						_, _ = fmt.Fprintf(w, `{"token": "token-%d"}`, rand.Int())
					case r.URL.Path == "/hooks/v1":
						_, _ = fmt.Fprint(w, `[]`)
					case r.URL.Path != route.path:
						http.NotFound(w, r)
					case r.URL.Query().Get("page") == "2":
						tc.page2(w, int(page2Hits.Add(1)), route.item)
					case tc.header != "":
						w.Header().Set("Link", strings.ReplaceAll(tc.header, "PATH", route.path))
						_, _ = fmt.Fprintf(w, `{"items": [%s]}`, route.item("a"))
					default:
						// A relative link, resolved against the page's URL.
						_, _ = fmt.Fprintf(w, `{%s"items": [%s], "nextLink": "%s?page=2"}`, tc.total1, route.item("a"), path.Base(route.path))
					}
				}, func(c *Config) {
					c.AccessToken = ""
					c.Login = &LoginCredentials{
						Username: "user",
						Password: "password",
						TenantID: "tenant",
					}
				})
				n, err := route.read(context.Background(), c)
				if tc.want == nil && (err != nil || n != 2) {
					t.Errorf("read %d items, err = %v; want the 2 items of both pages", n, err)
				}
				if tc.want != nil && (!errors.Is(err, tc.want) || IsNotFound(err) || !strings.Contains(fmt.Sprint(err), tc.says)) {
					t.Errorf("read %d items, err = %v; want %v, not IsNotFound, that says %q", n, err, tc.want, tc.says)
				}
				if got := int(page2Hits.Load()); got != tc.hits {
					t.Errorf("%d requests for page 2, want %d", got, tc.hits)
				}
				logins := counts.of("POST /identity/login")
				if tc.name == "401 once" && logins != 2 {
					t.Errorf("%d logins, want 2: the first and one after page 2's 401", logins)
				}
			})
		}
	}
}

// Concurrent readers of a list in pages share one read of every page (coalesce.go): one refresh, one logical
// list read.
func TestPagedListIsReadOnceByConcurrentReaders(t *testing.T) {
	c, tenant := newTestClient(t)
	for i := range 5 {
		listRoutes[0].seed(tenant.SubscriptionKey, i)
	}
	testEmulator.SetAnswerForms(tenant.SubscriptionKey, emulator.AnswerForms{
		PageSize: 2,
		NextLink: emulator.NextLinkOData,
	})
	testEmulator.HoldAnswers(tenant.SubscriptionKey, emulator.RouteSubscriptionList, 20*time.Millisecond)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			set, err := c.Subscriptions(context.Background())
			if err != nil || len(set.Items) != 5 {
				t.Errorf("Subscriptions = %v, %v; want 5 subscriptions", set, err)
			}
		})
	}
	wg.Wait()
	if n := testEmulator.Counters(tenant.SubscriptionKey)[emulator.RouteSubscriptionList]; n != 3 {
		t.Errorf("10 concurrent readers made %d page requests, want the 3 pages once", n)
	}
}

// After a lost answer, a list that lacks a subscription of the baseline is whole only if a read by id says
// that one is gone (404 or 410). One that still exists stops the create, nothing sent again: a list that
// leaves it out may leave out what the lost request created. A whole list costs no read by id.
func TestCreateOnceNeverInfersAbsence(t *testing.T) {
	cases := []struct {
		name     string
		forms    emulator.AnswerForms // from the list after the lost answer on
		deleted  bool                 // the baseline's subscription is deleted out of band
		fault    emulator.FaultKind
		getFails bool // every read by id answers 503
		creates  int
		partial  bool
		readByID int
	}{
		{
			name:     "whole list",
			fault:    emulator.FaultCommitThenDrop,
			creates:  1,
			readByID: 0,
		},
		{
			name: "empty list in maintenance",
			forms: emulator.AnswerForms{
				EmptyLists: 1,
			},
			fault:    emulator.FaultCommitThenDrop,
			creates:  1,
			partial:  true,
			readByID: 1,
		},
		{
			name: "empty list, request without effect",
			forms: emulator.AnswerForms{
				EmptyLists: 1,
			},
			fault:    emulator.FaultInternalError,
			creates:  1,
			partial:  true,
			readByID: 1,
		},
		{
			name: "empty list, and the read by id fails",
			forms: emulator.AnswerForms{
				EmptyLists: 1,
			},
			fault:    emulator.FaultInternalError,
			getFails: true,
			creates:  1,
			readByID: 5,
		},
		{
			name:     "deleted meanwhile",
			deleted:  true,
			fault:    emulator.FaultInternalError,
			creates:  2,
			readByID: 1,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			c, tenant := newTestClient(t)
			before, err := testEmulator.AddSubscription(tenant.SubscriptionKey, "signaturerequestcompleted", "https://hooks.example.com/before", "")
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.SubscriptionBaseline(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if tc.deleted { // and another writer's made, so that the list is not empty, which would show nothing
				testEmulator.DeleteSubscription(tenant.SubscriptionKey, before.ID)
				seedUnrelated(t, tenant.SubscriptionKey)
			}
			testEmulator.SetAnswerForms(tenant.SubscriptionKey, tc.forms)
			testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionCreate, tc.fault, 1)
			if tc.getFails {
				testEmulator.ScriptFault(tenant.SubscriptionKey, emulator.RouteSubscriptionGet, emulator.FaultServiceUnavailable, 100)
			}
			got, err := c.CreateSubscriptionOnce(ctx, onceRequest, claimsOf(c))
			counters := testEmulator.Counters(tenant.SubscriptionKey)
			if tc.partial && (!errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, ErrPartialList) || !strings.Contains(err.Error(), before.ID+", which existed before the first create and which a read by id shows still exists")) {
				t.Errorf("got %+v, err = %v; want ErrOutcomeUnknown and ErrPartialList naming %s", got, err, before.ID)
			}
			if tc.getFails && (!errors.Is(err, ErrOutcomeUnknown) || !strings.Contains(err.Error(), "reading it by id, to tell whether it is gone, failed")) {
				t.Errorf("got %+v, err = %v; want ErrOutcomeUnknown saying that the read by id failed", got, err)
			}
			if !tc.partial && !tc.getFails && err != nil {
				t.Errorf("err = %v, want the subscription created", err)
			}
			if n := counters[emulator.RouteSubscriptionCreate]; n != tc.creates {
				t.Errorf("%d create requests, want %d", n, tc.creates)
			}
			if n := counters[emulator.RouteSubscriptionGet]; n != tc.readByID {
				t.Errorf("%d reads by id, want %d", n, tc.readByID)
			}
		})
	}
}

// Every combination of the ways to spell one URL names the same URL, and none of them makes a different URL
// (another path case, port, host or query) the same.
func TestSameURIOverEveryCombination(t *testing.T) {
	same := []struct {
		name  string
		apply func(scheme, host, port, path string) (string, string, string, string)
	}{
		{"scheme case", func(s, h, p, x string) (string, string, string, string) { return strings.ToUpper(s), h, p, x }},
		{"host case", func(s, h, p, x string) (string, string, string, string) { return s, strings.ToUpper(h), p, x }},
		{"default port", func(s, h, p, x string) (string, string, string, string) { return s, h, cmp.Or(p, ":443"), x }},
		{"port with zeros", func(s, h, p, x string) (string, string, string, string) { return s, h, ":0443", x }},
		{"trailing dot", func(s, h, p, x string) (string, string, string, string) { return s, h + ".", p, x }},
		{"encoded unreserved", func(s, h, p, x string) (string, string, string, string) {
			return s, h, p, strings.Replace(x, "r", "%72", 1)
		}},
		{"dot segments", func(s, h, p, x string) (string, string, string, string) { return s, h, p, "/other/.." + x + "/." }},
	}
	different := map[string]string{
		"path case": "https://hooks.example.com/Prod/receiver/",
		"port":      "https://hooks.example.com:8443/prod/receiver/",
		"host":      "https://hooks.example.org/prod/receiver/",
		"query":     "https://hooks.example.com/prod/receiver/?code=1",
		"out":       "https://hooks.example.com/staging/receiver/",
	}
	const base = "https://hooks.example.com/prod/receiver/"
	for mask := range 1 << len(same) {
		scheme, host, port, path := "https", "hooks.example.com", "", "/prod/receiver"
		var names []string
		for i, transform := range same {
			if mask&(1<<i) != 0 {
				scheme, host, port, path = transform.apply(scheme, host, port, path)
				names = append(names, transform.name)
			}
		}
		spelled := scheme + "://" + host + port + path + "/"
		if !SameURI(spelled, base) {
			t.Errorf("%v: %q is not %q (canonical %q, %q)", names, spelled, base, CanonicalURI(spelled), CanonicalURI(base))
		}
		if CanonicalURI(CanonicalURI(spelled)) != CanonicalURI(spelled) {
			t.Errorf("%v: %q has no fixed canonical form", names, spelled)
		}
		for name, other := range different {
			if SameURI(spelled, other) {
				t.Errorf("%v: %q is the same as %q (%s differs)", names, spelled, other, name)
			}
		}
	}
}

// Link headers are read as RFC 8288 writes them. Generated: the next page's target with a comma or a semicolon
// in it; its rel in every spelling (quoted or not, in any case, in a list, with odd spacing); parameters whose
// quoted values hold commas, semicolons, "<", ">", escaped quotes and the word next; and other links before or
// after it, in the same header line or another. Each form reads both pages, and page 2 answers only at its exact
// query, so that a target misread is a 404. A header that mentions next and does not parse, or that names two
// next pages, is ErrPartialList after page 1; one that does not parse and never mentions next is ignored. On a
// loopback service of the test's own: the emulator writes one Link form only.
func TestLinkHeadersAreReadAsRFC8288(t *testing.T) {
	const list = "/hooks/v1/subscription"
	var lines atomic.Pointer[[]string] // page 1's Link header lines
	var page2Query atomic.Pointer[string]
	var page2Hits atomic.Int32
	item := func(id string) string { return `{"id": "` + id + `", "eventType": "signatorysigned"}` }
	c, counts := fakeService(t, func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path != list:
			http.NotFound(w, r)
		case r.URL.RawQuery == "":
			for _, line := range *lines.Load() {
				w.Header().Add("Link", line)
			}
			_, _ = fmt.Fprintf(w, `{"items": [%s]}`, item("a"))
		case r.URL.RawQuery == *page2Query.Load():
			page2Hits.Add(1)
			_, _ = fmt.Fprintf(w, `{"items": [%s]}`, item("b"))
		default:
			http.NotFound(w, r)
		}
	})
	read := func(header []string, query string) (int, error) {
		for i := range header {
			header[i] = strings.ReplaceAll(header[i], "PATH", list)
		}
		lines.Store(&header)
		page2Query.Store(&query)
		c.subscriptions.invalidate("")
		set, err := c.Subscriptions(context.Background())
		if err != nil {
			return 0, err
		}
		return len(set.Items), nil
	}

	queries := []string{"page=2", "page=2&after=a,b", "page=2&after=a;b", "page=2&q=x%20y,z&r=%3E"}
	rels := []string{`rel="next"`, `rel=next`, `REL=NEXT`, `Rel = "Next"`, `rel="prev next"`, `rel="next last"`, "rel=\"\tnext  \"", `rel="https://example.com/rels/x next"`}
	params := []string{"", `title="a,b"`, `title="a;b, rel=prev"`, `title="say \"next, <please>\" twice"`, `type=application/json`, `title*=UTF-8'de'n%c3%a4chste`, `anchor="#x"`}
	separators := []string{"; ", ";", " ;\t", "  ;  "}
	first := `<PATH?page=1,first>; rel="first"`
	last := `<PATH?page=9>; rel=last; title="x,<y>;z, \"next\""`
	placements := map[string]func(next string) []string{
		"alone":                 func(next string) []string { return []string{next} },
		"after another":         func(next string) []string { return []string{first + ", " + next} },
		"before another":        func(next string) []string { return []string{next + "," + last} },
		"between, empty items":  func(next string) []string { return []string{first + " , ," + next + " ,\t" + last + ","} },
		"own line, after":       func(next string) []string { return []string{first, next} },
		"own line, before":      func(next string) []string { return []string{next, last, first + ", " + last} },
		"own line, twice alike": func(next string) []string { return []string{next, first + ", " + next} },
	}
	forms := 0
	for qi, query := range queries {
		for ri, rel := range rels {
			for pi, param := range params {
				sep := separators[(qi+ri+pi)%len(separators)]
				next := "<PATH?" + query + ">" + sep + rel
				if param != "" && (ri+pi)%2 == 0 {
					next = next + sep + param
				}
				if param != "" && (ri+pi)%2 == 1 {
					next = "<PATH?" + query + ">" + sep + param + sep + rel
				}
				for name, place := range placements {
					forms++
					header := place(next)
					before := page2Hits.Load()
					n, err := read(header, query)
					if err != nil || n != 2 || page2Hits.Load() != before+1 {
						t.Errorf("%s: Link %q: read %d items, err = %v; want both pages, page 2 once", name, header, n, err)
					}
				}
			}
		}
	}
	t.Logf("%d forms that name page 2", forms)

	refused := []string{
		`<PATH?page=2; rel="next"`,
		`<PATH?page=2>; rel="next"; title="a,b`,
		`<PATH?page=2>; rel="next"; title="a\`,
		`<PATH?page=2>; rel=next prev`,
		`PATH?page=2; rel="next"`,
		`<PATH?page=2>; rel="next" <PATH?page=3>`,
		`<PATH?page=2>; rel=, <PATH?page=3>; rel=NEXT`,
		`<PATH?page=2>; title=<next>`,
		`<PATH?page=2>; rel="next", <PATH?page=3>; rel="next"`,
	}
	for _, line := range refused {
		for _, header := range [][]string{{line}, {first, line}, {line + ", " + last}} {
			pagesBefore := counts.of("GET " + list)
			before := page2Hits.Load()
			n, err := read(header, "page=2")
			if !errors.Is(err, ErrPartialList) || !strings.Contains(err.Error(), "page 1") {
				t.Errorf("Link %q: read %d items, err = %v; want ErrPartialList after page 1", header, n, err)
			}
			if counts.of("GET "+list) != pagesBefore+1 || page2Hits.Load() != before {
				t.Errorf("Link %q: a page after the first was requested", header)
			}
		}
	}
	for _, line := range []string{`<PATH?page=2; rel="prev"`, `garbage`, `<PATH?page=2>; rel="next-archive"`, `<PATH?page=2>; title="a,b"; rel="prev"`} {
		n, err := read([]string{line}, "page=2")
		if err != nil || n != 1 {
			t.Errorf("Link %q: read %d items, err = %v; want page 1 read as the whole list", line, n, err)
		}
	}
}

// listSign is a way a list page may say that it is partial: a member of the page, a header or a status.
type listSign struct {
	name    string // what the error names
	member  string // a JSON member of page 1, `"hasMore": true`
	header  string // a header of page 1, "X-Total-Count: 5"
	status  int    // page 1's status; 0: 200
	partial bool
	items   int // read when not partial: 1, or 2 when page 1 names page 2
}

// listSigns generates the table: each member seen on list answers of other services, with a value that may say
// the list goes on and with one that says nothing; counts above and equal to the items; statuses; headers; and
// next links of the body and the Link header that differ and that agree.
func listSigns() []listSign {
	members := []struct{ name, says, nothing string }{
		{"hasMore", `true`, `false`},
		{"more", `true`, `false`},
		{"truncated", `true`, `false`},
		{"isTruncated", `true`, `null`},
		{"isLastPage", `false`, `true`},
		{"lastPage", `"no"`, `null`},
		{"@odata.count", `5`, `0`},
		{"totalCount", `5`, `0`},
		{"count", `1`, `0`},
		{"totalItems", `5`, `null`},
		{"_links", `{"next": {"href": "?page=2"}}`, `{}`},
		{"links", `{"next": "?page=2"}`, `{}`},
		{"skipToken", `"abc"`, `""`},
		{"$skiptoken", `"abc"`, `""`},
		{"cursor", `"abc"`, `null`},
		{"next_cursor", `"abc"`, `""`},
		{"nextToken", `"abc"`, `null`},
		{"next_page_token", `"abc"`, `""`},
		{"odata.nextLink", `"?page=2"`, `null`},
		{"nextPageLink", `"?page=2"`, `""`},
		{"next_page", `2`, `null`},
		{"nextPage", `"?page=2"`, `""`},
		{"@nextLink", `"?page=2"`, `""`},
		{"continuationToken", `"abc"`, `""`},
		{"continuation", `{"token": "abc"}`, `null`},
		{"nextPageToken", `"abc"`, `""`},
		{"pages", `[1, 2]`, `[]`},
		{"Total", `0.5`, `0.0`},
	}
	var signs []listSign
	for _, m := range members {
		signs = append(signs, listSign{
			name:    strconv.Quote(m.name),
			member:  strconv.Quote(m.name) + ": " + m.says,
			partial: true,
		}, listSign{
			name:   strconv.Quote(m.name),
			member: strconv.Quote(m.name) + ": " + m.nothing,
			items:  1,
		})
	}
	for _, header := range []string{"X-Total-Count", "Total-Count"} {
		signs = append(signs, listSign{
			name:    header,
			header:  header + ": 5",
			partial: true,
		}, listSign{
			name:    header,
			header:  header + ": many",
			partial: true,
		}, listSign{
			name:   header,
			header: header + ": 1",
			items:  1,
		})
	}
	pagingHeaders := []string{"X-Ms-Continuation", "X-Next-Page", "Next-Cursor", "X-Has-More", "X-HasMore", "Content-Range",
		"X-Total-Pages", "X-NextPageToken", "X-Page-Token", "X-Offset", "X-Skip", "X-Pagination", "X-Paginated", "X-Truncated",
		"X-Partial-Content"}
	for _, header := range pagingHeaders {
		for _, says := range []string{"abc", "true", "items 0-0/2", "2"} {
			signs = append(signs, listSign{
				name:    http.CanonicalHeaderKey(header),
				header:  header + ": " + says,
				partial: true,
			})
		}
		for _, nothing := range []string{"", "0", "false", "null"} {
			signs = append(signs, listSign{
				name:   http.CanonicalHeaderKey(header),
				header: header + ": " + nothing,
				items:  1,
			})
		}
	}
	for _, unrelated := range []string{"X-Request-Id", "X-RateLimit-Remaining", "Accept-Ranges", "Access-Control-Expose-Headers"} {
		signs = append(signs, listSign{
			name:   unrelated,
			header: unrelated + ": 5",
			items:  1,
		})
	}
	signs = append(signs, listSign{
		name:    `"total" says 5`,
		member:  `"total": 5`,
		partial: true,
	}, listSign{
		name:   `"total"`,
		member: `"total": 1`,
		items:  1,
	}, listSign{
		name:   "an ordinary last page",
		member: `"total": 1, "nextLink": null, "@odata.nextLink": "", "next": null`,
		items:  1,
	})
	for _, status := range []int{http.StatusCreated, http.StatusAccepted, http.StatusNonAuthoritativeInfo, http.StatusPartialContent} {
		signs = append(signs, listSign{
			name:    StatusText(status),
			status:  status,
			partial: true,
		})
	}
	signs = append(signs, listSign{
		name:    "two next pages",
		member:  `"nextLink": "?page=2"`,
		header:  `Link: <?page=3>; rel="next"`,
		partial: true,
	}, listSign{
		name:    "two next pages",
		member:  `"nextLink": "?page=2", "@odata.nextLink": "?page=3"`,
		partial: true,
	}, listSign{
		name:   "agreeing next pages",
		member: `"nextLink": "?page=2", "next": "PATH?page=2"`,
		header: `Link: <PATH?page=2>; rel="next"`,
		items:  2,
	})
	return signs
}

// A list page that says in any way the client cannot follow that the list is partial fails with ErrPartialList
// naming the sign, on each list route; the same page with the sign's empty value reads as before. On a loopback
// service of the test's own: the emulator answers none of these.
func TestListSignsOfPartialPages(t *testing.T) {
	signs := listSigns()
	for routeName, route := range fakeListRoutes {
		var current atomic.Pointer[listSign]
		c, counts := fakeService(t, func(w http.ResponseWriter, r *http.Request) {
			sign := current.Load()
			switch {
			case r.URL.Path != route.path:
				http.NotFound(w, r)
			case r.URL.RawQuery == "page=2":
				_, _ = fmt.Fprintf(w, `{"items": [%s]}`, route.item("b"))
			case r.URL.RawQuery != "":
				http.NotFound(w, r)
			default:
				name, value, _ := strings.Cut(sign.header, ":")
				if name != "" {
					w.Header().Set(name, strings.ReplaceAll(strings.TrimSpace(value), "PATH", route.path))
				}
				w.WriteHeader(cmp.Or(sign.status, http.StatusOK))
				member := strings.ReplaceAll(sign.member, "PATH", route.path)
				if member != "" {
					member += ", "
				}
				_, _ = fmt.Fprintf(w, `{%s"items": [%s]}`, member, route.item("a"))
			}
		})
		for _, sign := range signs {
			current.Store(&sign)
			route.invalidate(c)
			before := counts.of("GET " + route.path)
			n, err := route.read(context.Background(), c)
			requests := counts.of("GET "+route.path) - before
			if sign.partial && (!errors.Is(err, ErrPartialList) || !strings.Contains(err.Error(), sign.name) || requests != 1) {
				t.Errorf("%s: page 1 with %s%s (status %d): read %d items in %d requests, err = %v; want ErrPartialList naming %s after page 1",
					routeName, sign.member, sign.header, sign.status, n, requests, err, sign.name)
			}
			if !sign.partial && (err != nil || n != sign.items) {
				t.Errorf("%s: page 1 with %s%s: read %d items, err = %v; want %d", routeName, sign.member, sign.header, n, err, sign.items)
			}
		}
	}
}
