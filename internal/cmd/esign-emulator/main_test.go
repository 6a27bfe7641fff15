// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"context"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
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

// send makes a request with a tenant's credentials and returns its status, 0 when no answer came.
func send(method, url, body, key, token string) int {
	req, _ := http.NewRequest(method, url, strings.NewReader(body)) //nolint:gosec // the test's own emulator on loopback
	req.Header.Set("Ocp-Apim-Subscription-Key", key)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req) //nolint:gosec // the test's own emulator on loopback
	if err != nil {
		return 0
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}

// The command serves with the flags and ESIGN_EMULATOR_* it is given (a flag wins), logs each request and stops
// when its context ends; its banner never shows a value the user passed in.
func TestRunServesAndStops(t *testing.T) {
	env := map[string]string{"ESIGN_EMULATOR_ACCESS_TOKEN": "user-secret-token", "ESIGN_EMULATOR_LISTEN": "127.0.0.1:1"}
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr syncBuffer
	base, done := startRun(ctx, t, []string{"-subscription-key", "user-secret-key"}, env, &stdout, &stderr)
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("ready file: %q", base)
	}
	if status := send("GET", base+"/hooks/v1", "", "user-secret-key", "user-secret-token"); status != 200 {
		t.Fatalf("GET /hooks/v1: %d", status)
	}

	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
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

// Each way run refuses to start names what is wrong, before any banner.
func TestRunRefuses(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing", "state.json")
	stopped, stop := context.WithCancel(context.Background())
	stop() // were it to start, it would stop at once
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"-listen", "0.0.0.0:0"}, nil, "-allow-remote"},
		{[]string{"-listen", ":0"}, nil, "-allow-remote"},
		{[]string{"-listen", "192.0.2.1:80"}, nil, "-allow-remote"},
		{nil, map[string]string{"ESIGN_EMULATOR_ERROR_RATE": "lots"}, "ESIGN_EMULATOR_ERROR_RATE"},
		{[]string{"-hold-answers", "POST /hooks/v1/subscription"}, nil, "route=duration"},
		{[]string{"-hold-answers", "GET /hooks/v1=soon"}, nil, "route=duration"},
		{[]string{"-hold-answers", "GET /hooks/v1=-1s"}, nil, "route=duration"},
		{[]string{"-listen", "127.0.0.1:0", "-hold-answers", "GET /nope=1s"}, nil, "GET /nope"},
		{[]string{"-listen", "127.0.0.1:0", "-state-file", missing}, nil, missing},
	} {
		var banner bytes.Buffer
		if err := run(stopped, c.args, func(k string) string { return c.env[k] }, &banner, io.Discard); err == nil ||
			!strings.Contains(err.Error(), c.want) || banner.Len() > 0 {
			t.Errorf("%v %v: %v, want %q; stdout:\n%s", c.args, c.env, err, c.want, banner.String())
		}
	}
}

// -hold-answers reads route=duration pairs; on the command line it replaces what the environment says.
func TestHoldAnswersFlag(t *testing.T) {
	getenv := func(k string) string { return map[string]string{"ESIGN_EMULATOR_HOLD_ANSWERS": "GET /hooks/v1=1s"}[k] }
	c, err := parseFlags([]string{"-hold-answers", "POST /hooks/v1/subscription=3s, DELETE /hooks/v1/subscription/{id}=250ms"}, getenv, io.Discard)
	if err != nil || len(c.HeldAnswers) != 2 || c.HeldAnswers["POST /hooks/v1/subscription"] != 3*time.Second ||
		c.HeldAnswers["DELETE /hooks/v1/subscription/{id}"] != 250*time.Millisecond {
		t.Errorf("-hold-answers: %v %v", c, err)
	}
	if c, err := parseFlags(nil, getenv, io.Discard); err != nil || len(c.HeldAnswers) != 1 || c.HeldAnswers["GET /hooks/v1"] != time.Second {
		t.Errorf("from the environment: %v %v", c, err)
	}
}

// -h shows the exec form with its example, and the answer-forms admin route with every field of its JSON body.
func TestHelpNamesExecAndAnswerForms(t *testing.T) {
	var help bytes.Buffer
	_, err := parseFlags([]string{"-h"}, func(string) string { return "" }, &help)
	if err == nil {
		t.Fatal("-h: no flag.ErrHelp")
	}
	want := []string{execForm, "esign-emulator exec -- terraform test", "/_emulator/answer-forms"}
	fields := reflect.TypeFor[emulator.AnswerForms]()
	for i := range fields.NumField() {
		want = append(want, fields.Field(i).Tag.Get("json"))
	}
	for _, w := range want {
		if !strings.Contains(help.String(), w) {
			t.Errorf("-h does not name %q:\n%s", w, help.String())
		}
	}
}

// A -state-file that fails after the start answers the write 500, printed even with -quiet; run then fails.
func TestRunStateFileLost(t *testing.T) {
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
	if status := send("PUT", base+"/metadata/Signatory/s1/k", `{"value":"v"}`, dev.SubscriptionKey, dev.AccessToken); status != http.StatusInternalServerError {
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

// Ctrl-C (SIGINT) and SIGTERM are the normal way to stop the emulator: it says it shuts down and exits 0.
func TestSignalStopsWithExitZero(t *testing.T) {
	bin := emulatorBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ready := filepath.Join(t.TempDir(), "ready")
		var stderr syncBuffer
		cmd := exec.Command(bin, "-listen", "127.0.0.1:0", "-ready-file", ready)
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
			if _, err := os.Stat(ready); err == nil {
				break
			}
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-waited:
			if err != nil || !strings.Contains(stderr.String(), "shutting down") {
				t.Errorf("after %s: %v, want exit status 0 and a word that it shuts down; stderr:\n%s", sig, err, stderr.String())
			}
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("the emulator did not stop after %s; stderr:\n%s", sig, stderr.String())
		}
	}
}

// A request whose answer is held longer than the grace period does not turn a Ctrl-C into a failed exit: it
// is cut off and the shutdown succeeds.
func TestShutdownClosesWhatOutlivesTheGrace(t *testing.T) {
	defer func(d time.Duration) { shutdownGrace = d }(shutdownGrace)
	shutdownGrace = 100 * time.Millisecond
	e, err := emulator.New(emulator.Options{HeldAnswers: map[string]time.Duration{emulator.RouteHooksList: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	base, err := e.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan int, 1)
	go func() {
		held <- send(http.MethodGet, base+"/hooks/v1", "", emulator.DevTenant().SubscriptionKey, emulator.DevTenant().AccessToken)
	}()
	time.Sleep(200 * time.Millisecond) // the request is in, its answer held

	var logged bytes.Buffer
	started := time.Now()
	if err := shutdown(e, log.New(&logged, "", 0).Printf); err != nil || time.Since(started) > 5*time.Second ||
		!strings.Contains(logged.String(), "closing them") {
		t.Fatalf("shutdown: %v after %s\n%s", err, time.Since(started), logged.String())
	}
	if status := <-held; status != 0 {
		t.Errorf("the held request was answered %d, not cut off", status)
	}
}
