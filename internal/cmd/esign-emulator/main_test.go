// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// syncBuffer lets the test read output the running command writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// startRun runs the command until ctx ends and returns its base URL, read from its ready file.
func startRun(ctx context.Context, t *testing.T, args []string, env map[string]string, stdout, stderr *syncBuffer) (string, <-chan error) {
	t.Helper()
	ready := filepath.Join(t.TempDir(), "ready")
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append(args, "-listen", "127.0.0.1:0", "-ready-file", ready), func(k string) string { return env[k] }, stdout, stderr)
	}()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(ready); err == nil && len(b) > 0 {
			return strings.TrimSpace(string(b)), done
		}
	}
	t.Fatalf("not ready; stderr:\n%s", stderr.String())
	return "", nil
}

// send makes a request with a tenant's credentials and returns its status.
func send(t *testing.T, method, url, body, key, token string) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Ocp-Apim-Subscription-Key", key)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestRunServesAndStops(t *testing.T) {
	env := map[string]string{"ESIGN_EMULATOR_ACCESS_TOKEN": "user-secret-token", "ESIGN_EMULATOR_LISTEN": "127.0.0.1:1"}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	base, done := startRun(ctx, t, []string{"-subscription-key", "user-secret-key"}, env, &stdout, &stderr)
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("ready file: %q", base)
	}
	if status := send(t, "GET", base+"/hooks/v1", "", "user-secret-key", "user-secret-token"); status != 200 {
		t.Fatalf("GET /hooks/v1: %d", status)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("run did not stop")
	}
	out := stdout.String() + stderr.String()
	for _, secret := range []string{"user-secret-token", "user-secret-key"} {
		if strings.Contains(out, secret) {
			t.Errorf("output shows a value the user passed in:\n%s", out)
		}
	}
	if !strings.Contains(out, "ESIGN_BASE_URL="+base) || !strings.Contains(out, "ESIGN_PASSWORD=dev-password") {
		t.Errorf("banner:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "GET /hooks/v1 200") {
		t.Errorf("request log:\n%s", stderr.String())
	}
}

func TestRunRefusesRemoteListen(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:80"} {
		err := run(context.Background(), []string{"-listen", addr}, func(string) string { return "" }, &bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "-allow-remote") {
			t.Errorf("%s: %v", addr, err)
		}
	}
}

func TestEnvFallbackErrors(t *testing.T) {
	err := run(context.Background(), nil, func(k string) string {
		if k == "ESIGN_EMULATOR_ERROR_RATE" {
			return "lots"
		}
		return ""
	}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "ESIGN_EMULATOR_ERROR_RATE") {
		t.Errorf("bad env value: %v", err)
	}
}

func TestHoldAnswersFlag(t *testing.T) {
	c, err := parseFlags([]string{"-hold-answers", "POST /hooks/v1/subscription=3s, DELETE /hooks/v1/subscription/{id}=250ms"},
		func(string) string { return "" }, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.holds) != 2 || c.holds["POST /hooks/v1/subscription"] != 3*time.Second || c.holds["DELETE /hooks/v1/subscription/{id}"] != 250*time.Millisecond {
		t.Errorf("holds %v", c.holds)
	}

	c, err = parseFlags(nil, func(k string) string {
		if k == "ESIGN_EMULATOR_HOLD_ANSWERS" {
			return "GET /hooks/v1=1s"
		}
		return ""
	}, &bytes.Buffer{})
	if err != nil || c.holds["GET /hooks/v1"] != time.Second {
		t.Errorf("from the environment: %v %v", c, err)
	}

	for _, bad := range []string{"POST /hooks/v1/subscription", "GET /hooks/v1=soon", "GET /hooks/v1=-1s"} {
		if _, err := parseFlags([]string{"-hold-answers", bad}, func(string) string { return "" }, &bytes.Buffer{}); err == nil {
			t.Errorf("-hold-answers %q accepted", bad)
		}
	}
	err = run(context.Background(), []string{"-listen", "127.0.0.1:0", "-hold-answers", "GET /nope=1s"}, func(string) string { return "" }, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "GET /nope") {
		t.Errorf("an unknown route: %v", err)
	}
}

// A -state-file that cannot be written stops the command at start, naming
// it; one that fails later answers the write 500, printed even with -quiet.
func TestRunStateFileUnwritable(t *testing.T) {
	noEnv := func(string) string { return "" }
	missing := filepath.Join(t.TempDir(), "missing", "state.json")
	stopped, stop := context.WithCancel(context.Background())
	stop() // were it to start, it would stop at once
	var banner bytes.Buffer
	err := run(stopped, []string{"-listen", "127.0.0.1:0", "-state-file", missing}, noEnv, &banner, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), missing) || banner.Len() > 0 {
		t.Errorf("a state file in a missing folder: %v; stdout:\n%s", err, banner.String())
	}

	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(dir, "state.json")
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	base, done := startRun(ctx, t, []string{"-quiet", "-state-file", state}, nil, &syncBuffer{}, &stderr)
	if err := os.RemoveAll(dir); err != nil { // as root too, unlike a read-only folder
		t.Fatal(err)
	}
	dev := emulator.DevTenant()
	if status := send(t, "PUT", base+"/metadata/Signatory/s1/k", `{"value":"v"}`, dev.SubscriptionKey, dev.AccessToken); status != http.StatusInternalServerError {
		t.Errorf("a write that could not be saved answered %d", status)
	}
	if !strings.Contains(stderr.String(), "state file "+state) {
		t.Errorf("-quiet hid the save failure; stderr:\n%s", stderr.String())
	}
	cancel()
	if err := <-done; err == nil || !strings.Contains(err.Error(), state) {
		t.Errorf("run after the state file was lost: %v", err)
	}
}
