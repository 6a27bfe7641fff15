// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	// The command name may hold spaces and parentheses.
	line := "4242 (terraform-pr) x) S 4000 4242 22075 0 -1 4194304 100 0 0 0 150 25 0 0 20 0 1 0 66417 3133440 358\n"
	ppid, ticks, ok := parseStat([]byte(line))
	if !ok || ppid != 4000 || ticks != 175 {
		t.Fatalf("parseStat = %d, %d, %v; want 4000, 175, true", ppid, ticks, ok)
	}
	if _, _, ok := parseStat([]byte("garbage")); ok {
		t.Fatal("parseStat accepted garbage")
	}
}

// The watcher finds a child of the given parent running the given binary and
// reads its peak RSS; other children are ignored.
func TestWatchChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	sleep, _ = filepath.EvalSymlinks(sleep)
	// A shell whose children are two sleeps: the watched binary is sleep.
	sh := exec.Command("sh", "-c", sleep+" 0.5 & "+sleep+" 0.5; wait")
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	w := watchChildren(sh.Process.Pid, sleep, 5*time.Millisecond)
	if err := sh.Wait(); err != nil {
		t.Fatal(err)
	}
	n, rss, _ := w.Stop()
	if n != 2 || rss <= 0 {
		t.Fatalf("watched %d processes with peak RSS %d; want 2 with a positive peak", n, rss)
	}

	other := watchChildren(os.Getpid(), "/nonexistent/binary", 5*time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	if n, _, _ := other.Stop(); n != 0 {
		t.Fatalf("watched %d processes of another binary", n)
	}
}
