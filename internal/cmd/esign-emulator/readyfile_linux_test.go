// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The -ready-file of an earlier run is removed before the emulator listens, and the new one appears whole:
// renamed into place, never written there (inotify says which), and every read while the emulator starts
// gives the old URL or the whole new one.
func TestReadyFileIsNeverStale(t *testing.T) {
	bin := emulatorBinary(t)
	dir := t.TempDir()
	ready := filepath.Join(dir, "ready")
	stale := "http://127.0.0.1:1\n"
	if err := os.WriteFile(ready, []byte(stale), 0o600); err != nil {
		t.Fatal(err)
	}
	watch, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = syscall.Close(watch) }()
	_, err = syscall.InotifyAddWatch(watch, dir, syscall.IN_CREATE|syscall.IN_MODIFY|syscall.IN_CLOSE_WRITE|syscall.IN_DELETE|syscall.IN_MOVED_TO)
	if err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(bin, "-quiet", "-listen", "127.0.0.1:0", "-ready-file", ready)
	var stdout syncBuffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill() }()
	seen := map[string]bool{}
	url := ""
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); {
		b, err := os.ReadFile(ready) // as often as it can while the emulator starts
		if err == nil {
			seen[string(b)] = true
		}
		if err == nil && string(b) != stale {
			url = string(b)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	port, _ := strings.CutPrefix(strings.TrimSuffix(url, "\n"), "http://127.0.0.1:")
	_, err = strconv.ParseUint(port, 10, 16)
	if err != nil || !strings.HasSuffix(url, "\n") || !strings.Contains(stdout.String(), "listening on "+strings.TrimSpace(url)) {
		t.Fatalf("-ready-file holds %q; stdout:\n%s", url, stdout.String())
	}
	for content := range seen {
		if content != stale && content != url {
			t.Errorf("-ready-file read as %q while the emulator started", content)
		}
	}

	var events []string
	buf := make([]byte, 64*1024)
	n, err := syscall.Read(watch, buf)
	if err != nil && !errors.Is(err, syscall.EAGAIN) {
		t.Fatal(err)
	}
	for off := 0; off+syscall.SizeofInotifyEvent <= n; {
		mask := binary.NativeEndian.Uint32(buf[off+4:])
		length := int(binary.NativeEndian.Uint32(buf[off+12:]))
		name := string(bytes.TrimRight(buf[off+syscall.SizeofInotifyEvent:off+syscall.SizeofInotifyEvent+length], "\x00"))
		off += syscall.SizeofInotifyEvent + length
		switch {
		case name != "ready":
		case mask&syscall.IN_DELETE != 0:
			events = append(events, "removed")
		case mask&syscall.IN_MOVED_TO != 0:
			events = append(events, "renamed into place")
		default:
			events = append(events, "written in place")
		}
	}
	if strings.Join(events, ", ") != "removed, renamed into place, removed" {
		t.Errorf("what happened to the -ready-file: %q, want removed, then renamed into place, then removed at stop", events)
	}
}
