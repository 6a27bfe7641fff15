// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"errors"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/esign-oss/terraform-provider-esign/internal/emulator"
)

// Ctrl-C (SIGINT) and SIGTERM are the normal way to stop the emulator.
func TestSignalStopsWithExitZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "esign-emulator")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			ready := filepath.Join(t.TempDir(), "ready")
			var stderr bytes.Buffer
			cmd := exec.Command(bin, "-listen", "127.0.0.1:0", "-ready-file", ready)
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				if _, err := os.Stat(ready); err == nil {
					break
				}
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					t.Fatalf("the emulator did not get ready; stderr:\n%s", stderr.String())
				}
			}

			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-waited:
				var exit *exec.ExitError
				if errors.As(err, &exit) {
					t.Fatalf("after %s the command ended with %s, want exit status 0; stderr:\n%s", sig, exit.ProcessState, stderr.String())
				} else if err != nil {
					t.Fatal(err)
				}
			case <-time.After(15 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("the emulator did not stop after %s; stderr:\n%s", sig, stderr.String())
			}
			if !strings.Contains(stderr.String(), "shutting down") {
				t.Errorf("stderr does not say it shuts down:\n%s", stderr.String())
			}
		})
	}
}

// A request whose answer is held longer than the grace period does not turn
// a Ctrl-C into a failed exit: it is cut off and the shutdown succeeds.
func TestShutdownClosesWhatOutlivesTheGrace(t *testing.T) {
	defer func(d time.Duration) { shutdownGrace = d }(shutdownGrace)
	shutdownGrace = 100 * time.Millisecond
	tenant := emulator.DevTenant()
	e, err := emulator.New(emulator.Options{HeldAnswers: map[string]time.Duration{emulator.RouteHooksList: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	base, err := e.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan error, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodGet, base+"/hooks/v1", nil)
		req.Header.Set("Ocp-Apim-Subscription-Key", tenant.SubscriptionKey)
		req.Header.Set("Authorization", "Bearer "+tenant.AccessToken)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_ = resp.Body.Close()
		}
		held <- err
	}()
	time.Sleep(200 * time.Millisecond) // the request is in, its answer held

	var logged bytes.Buffer
	started := time.Now()
	if err := shutdown(e, log.New(&logged, "", 0)); err != nil {
		t.Fatalf("shutdown: %v\n%s", err, logged.String())
	}
	if took := time.Since(started); took > 5*time.Second {
		t.Errorf("shutdown took %s", took)
	}
	if !strings.Contains(logged.String(), "closing them") {
		t.Errorf("log:\n%s", logged.String())
	}
	if err := <-held; err == nil {
		t.Error("the held request was answered, not cut off")
	}
}
