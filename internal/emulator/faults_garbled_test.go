// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Each garbled kind carries the create out, then sends an answer a client
// cannot use, in its own way.
func TestGarbledAnswersCommitFirst(t *testing.T) {
	create := map[string]string{"Uri": "https://localhost/garbled", "EventType": "signatorysigned"}
	f := newFixture(t, Options{})
	key := f.tenant.SubscriptionKey
	checks := map[FaultKind]func(t *testing.T, resp *answer, body []byte, err error){
		FaultCommitThenHTML: func(t *testing.T, resp *answer, body []byte, err error) {
			if err != nil || resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
				!bytes.Contains(body, []byte("<html>")) {
				t.Errorf("want a 200 HTML page, got %v %v %s", resp, err, body)
			}
		},
		FaultCommitThenTruncatedJSON: func(t *testing.T, resp *answer, body []byte, err error) {
			var v map[string]any
			if err != nil || resp.StatusCode != http.StatusOK || len(body) == 0 || json.Unmarshal(body, &v) == nil {
				t.Errorf("want a complete 200 message with cut JSON, got %v %v %q", resp, err, body)
			}
		},
		FaultCommitThenEmptyObject: func(t *testing.T, resp *answer, body []byte, err error) {
			if err != nil || resp.StatusCode != http.StatusOK || string(body) != "{}" {
				t.Errorf("want 200 {}, got %v %v %q", resp, err, body)
			}
		},
		FaultCommitThenCutBody: func(t *testing.T, _ *answer, _ []byte, err error) {
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Errorf("want the body cut short (unexpected EOF), got %v", err)
			}
		},
		FaultCommitThenSlowBody: func(t *testing.T, resp *answer, body []byte, err error) {
			if err == nil || resp == nil || resp.StatusCode != http.StatusOK || len(body) == 0 {
				t.Errorf("want the status and half the body, then a timeout; got %v %v %q", resp, err, body)
			}
		},
	}
	for kind, check := range checks {
		t.Run(string(kind), func(t *testing.T) {
			before := len(f.e.Subscriptions(key))
			f.e.ScriptFault(key, RouteSubscriptionCreate, kind, 1)
			// Long against a loopback request on a loaded machine: only
			// the slow body outlasts it.
			resp, body, err := f.sendWithin(2*time.Second, "POST", "/hooks/v1/subscription", create)
			check(t, resp, body, err)
			if n := len(f.e.Subscriptions(key)); n != before+1 {
				t.Errorf("%d subscriptions after the create, want %d: the request must be carried out", n, before+1)
			}
		})
	}
}

// An answer without a body (a delete's 202) is cut too.
func TestCutBodyCutsAnEmptyAnswer(t *testing.T) {
	f := newFixture(t, Options{})
	id := f.createSubscription("signatorysigned", "https://localhost/cut", nil)
	f.e.ScriptFault(f.tenant.SubscriptionKey, RouteSubscriptionDelete, FaultCommitThenCutBody, 1)
	_, _, err := f.send("DELETE", "/hooks/v1/subscription/"+id+"?eventType=signatorysigned", nil)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("err = %v, want the empty body cut (unexpected EOF)", err)
	}
	if subs := f.e.Subscriptions(f.tenant.SubscriptionKey); len(subs) != 0 {
		t.Errorf("the delete was not carried out: %+v", subs)
	}
}

// sendWithin is send with a client that gives up after d, headers and body
// included.
func (f *fixture) sendWithin(d time.Duration, method, path string, body any) (*answer, []byte, error) {
	f.t.Helper()
	saved := f.client
	defer func() { f.client = saved }()
	f.client = &http.Client{Timeout: d, Transport: &http.Transport{DisableKeepAlives: true}}
	return f.send(method, path, body)
}
