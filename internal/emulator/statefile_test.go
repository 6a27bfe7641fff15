// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package emulator

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestStateFileSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	recv, got := newReceiver(t)
	f := newFixture(t, Options{StateFile: path, DeliveryClient: recv.Client()})
	key := f.tenant.SubscriptionKey
	id := f.createSubscription("signatorysigned", recv.URL+"/h", map[string]string{"client-secret": "keep-me"})
	f.do("PUT", "/metadata/Signatory/s1/k", map[string]string{"value": "v", "referenceId": "r1"}, http.StatusOK)
	f.e.PutDocument(key, "doc", []byte("hello"))
	f.e.PutSyntheticDocument(key, "big", 1<<30)

	// Written after each write, owner-only.
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("state file: %v %v", info, err)
	}
	if err := f.e.Close(); err != nil {
		t.Fatal(err)
	}

	e2, err := New(Options{StateFile: path, DeliveryClient: recv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	f2 := startFixture(t, e2)
	f2.tenant = f.tenant
	if subs := e2.Subscriptions(key); len(subs) != 1 || subs[0].ID != id {
		t.Errorf("subscriptions after restart %+v", subs)
	}
	if m := e2.Metadata(key); len(m) != 1 || m[0].ReferenceID != "r1" || m[0].Value != "v" {
		t.Errorf("metadata after restart %+v", m)
	}
	if tenants := e2.snapshot().Tenants; len(tenants) < 2 || tenants[0].Tenant != DevTenant() {
		t.Errorf("tenants after restart %+v", tenants)
	}
	if _, err := e2.SimulateSignatorySigned(key, Event{}); err != nil {
		t.Fatal(err)
	}
	if r := got(); len(r) != 1 || r[0].header.Get("Client-Secret") != "keep-me" {
		t.Errorf("headers lost in the state file: %+v", r)
	}
	if body := f2.do("GET", "/storage/document/doc", nil, http.StatusOK); string(body) != "hello" {
		t.Errorf("document after restart %q", body)
	}
	// A synthetic document is saved as its size, not its bytes.
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"syntheticSize": 1073741824`) || len(b) > 64<<10 {
		t.Errorf("synthetic document not saved as a size (file of %d bytes)", len(b))
	}
}

// A state file that cannot be read or written is refused at start, naming it; one that cannot be saved later
// answers the write 500.
func TestStateFileUnwritable(t *testing.T) {
	corrupt := filepath.Join(t.TempDir(), "state.json")
	if err := os.WriteFile(corrupt, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	for path, why := range map[string]string{filepath.Join(t.TempDir(), "missing", "state.json"): "",
		os.DevNull: "not a regular file", corrupt: ""} { // a device: /dev/zero would be read forever
		if _, err := New(Options{StateFile: path}); err == nil || !strings.Contains(err.Error(), path+": "+why) {
			t.Errorf("New with the state file %s: %v", path, err)
		}
	}

	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var printed strings.Builder
	f := newFixture(t, Options{StateFile: filepath.Join(dir, "state.json"), ErrorLogf: func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(&printed, format+"\n", args...)
	}})
	if err := os.RemoveAll(dir); err != nil { // works as root too, unlike a read-only folder
		t.Fatal(err)
	}
	for _, w := range []struct {
		method, path string
		body         any
	}{
		{"PUT", "/metadata/Signatory/s1/k", map[string]string{"value": "v"}},
		{"POST", "/hooks/v1/subscription", map[string]any{"Uri": "https://localhost/h", "EventType": "signatorysigned"}},
		{"POST", "/_emulator/tenants", nil},
	} {
		body := f.do(w.method, w.path, w.body, http.StatusInternalServerError)
		if e := decode[errorBody](t, body); e.StatusCode != 500 || !strings.Contains(e.Message, "could not be saved") {
			t.Errorf("%s %s answered %s", w.method, w.path, body)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(printed.String(), "emulator: state file "+filepath.Join(dir, "state.json")); n != 3 {
		t.Errorf("%d of 3 save failures printed:\n%s", n, printed.String())
	}
}
