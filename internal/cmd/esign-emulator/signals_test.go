package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C (SIGINT) and SIGTERM are the normal way to stop the emulator: the
// command shuts down and exits 0, so that `make emulator` stopped with
// Ctrl-C does not end in "make: *** [emulator] Error 1". This runs the real
// command, since only a process of its own can receive the signal.
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
