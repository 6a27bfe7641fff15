// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"time"
)

// heapWatch samples the heap every 50 ms: a large live heap means something retains memory, a large gap to
// what the runtime holds means collection pacing.
type heapWatch struct {
	dir  string
	stop chan struct{}
	done sync.WaitGroup

	peakLive, peakTotal, peakGoroutines uint64
}

var heapWatchMetrics = []string{"/gc/heap/live:bytes", "/memory/classes/total:bytes", "/sched/goroutines:goroutines"}

func startHeapWatch(dir string) *heapWatch {
	w := &heapWatch{dir: dir, stop: make(chan struct{})}
	samples := make([]metrics.Sample, len(heapWatchMetrics))
	for i, name := range heapWatchMetrics {
		samples[i].Name = name
	}
	w.done.Add(1)
	go func() {
		defer w.done.Done()
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			if live := samples[0].Value.Uint64(); live > w.peakLive+w.peakLive/4 && live > 16<<20 {
				w.writePeakProfiles()
			}
			w.peakLive = max(w.peakLive, samples[0].Value.Uint64())
			w.peakTotal = max(w.peakTotal, samples[1].Value.Uint64())
			w.peakGoroutines = max(w.peakGoroutines, samples[2].Value.Uint64())
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

// writePeakProfiles writes the in-use heap and the goroutines as they are
// at a new peak of the live heap (overwriting the previous peak's).
func (w *heapWatch) writePeakProfiles() {
	writeProfile(w.dir, "heap", 0, "peak-heap-%d.pprof")
	writeProfile(w.dir, "goroutine", 1, "peak-goroutine-%d.txt")
}

// writeProfile writes the named runtime/pprof profile to dir, in a file
// named by fileFormat and the pid: debug 0 is binary (for go tool pprof),
// 1 is text.
func writeProfile(dir, name string, debug int, fileFormat string) {
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf(fileFormat, os.Getpid())))
	if err != nil {
		return
	}
	_ = pprof.Lookup(name).WriteTo(f, debug)
	_ = f.Close()
}

// writeTo stops the sampling and writes the peaks to path.
func (w *heapWatch) writeTo(path string) error {
	close(w.stop)
	w.done.Wait()
	text := fmt.Sprintf("peak live heap %.1f MB\npeak memory held by the Go runtime %.1f MB\npeak goroutines %d\n",
		float64(w.peakLive)/1e6, float64(w.peakTotal)/1e6, w.peakGoroutines)
	return os.WriteFile(path, []byte(text), 0o600)
}
