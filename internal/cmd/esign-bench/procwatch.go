// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// procWatch polls /proc for terraform's children running the given binary (several per plan) and keeps the
// last VmHWM (peak RSS: it only grows) and CPU time of each.
type procWatch struct {
	parent   int
	binary   string
	interval time.Duration

	mu    sync.Mutex
	procs map[int]procSample
	stop  chan struct{}
	done  chan struct{}
}

type procSample struct {
	hwmKB    int64
	cpuTicks int64
}

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat;
// it is 100 on every Linux architecture Go supports.
const clockTicks = 100

func watchChildren(parent int, binary string, interval time.Duration) *procWatch {
	w := &procWatch{parent: parent, binary: binary, interval: interval, procs: map[int]procSample{},
		stop: make(chan struct{}), done: make(chan struct{})}
	go w.loop()
	return w
}

func (w *procWatch) loop() {
	defer close(w.done)
	t := time.NewTicker(w.interval)
	defer t.Stop()
	known := map[int]bool{} // pid: is one of ours (false: not a child of parent)
	for {
		w.poll(known)
		select {
		case <-w.stop:
			return
		case <-t.C:
		}
	}
}

func (w *procWatch) poll(known map[int]bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		// Children get higher pids than their parent unless the pid space
		// wrapped; skipping lower ones keeps each poll cheap.
		if err != nil || (pid <= w.parent && !known[pid]) {
			continue
		}
		ours, seen := known[pid]
		if seen && !ours {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		ppid, ticks, ok := parseStat(stat)
		if !ok {
			continue
		}
		if !seen {
			if ppid != w.parent {
				known[pid] = false
				continue
			}
			// Between fork and exec a child still shows its parent's
			// binary, so a child that is not (yet) the provider is looked
			// at again next time rather than written off.
			exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
			if err != nil || exe != w.binary {
				continue
			}
			known[pid] = true
		}
		hwm := readVMHWM(filepath.Join("/proc", e.Name(), "status"))
		w.mu.Lock()
		s := w.procs[pid]
		s.hwmKB = max(s.hwmKB, hwm)
		s.cpuTicks = max(s.cpuTicks, ticks)
		w.procs[pid] = s
		w.mu.Unlock()
	}
}

// Stop ends the polling and answers the number of provider processes seen,
// the highest peak RSS among them (bytes) and their summed CPU time.
func (w *procWatch) Stop() (processes int, peakRSS int64, cpu time.Duration) {
	close(w.stop)
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	var ticks int64
	for _, s := range w.procs {
		peakRSS = max(peakRSS, s.hwmKB*1024)
		ticks += s.cpuTicks
	}
	return len(w.procs), peakRSS, time.Duration(ticks) * time.Second / clockTicks
}

// parseStat reads the parent pid and utime+stime from /proc/<pid>/stat. The
// command name (field 2) may hold spaces and parentheses, so fields are
// counted from the last ')'.
func parseStat(b []byte) (ppid int, ticks int64, ok bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state); ppid is field 4, utime 14, stime 15.
	if len(f) < 13 {
		return 0, 0, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	utime, err2 := strconv.ParseInt(f[11], 10, 64)
	stime, err3 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, false
	}
	return ppid, utime + stime, true
}

// readVMHWM answers the VmHWM line of /proc/<pid>/status in kB (0 if absent).
func readVMHWM(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer func() { _ = f.Close() }()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}
