// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command profiled-provider is the provider with CPU and memory profiles for `esign-bench -profile DIR`, never
// released; it writes them to ESIGN_BENCH_PROFILE_DIR (bench/README.md).
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

func main() {
	server.QuietSDKLogsUnlessAsked()
	dir := os.Getenv("ESIGN_BENCH_PROFILE_DIR")
	var heap *heapWatch
	if dir != "" {
		heap = startHeapWatch(dir)
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", os.Getpid())))
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
	}
	err := server.Serve("bench", false)
	if dir != "" {
		pprof.StopCPUProfile()
		_ = heap.writeTo(filepath.Join(dir, fmt.Sprintf("memory-%d.txt", os.Getpid())))
		runtime.GC()
		writeProfile(dir, "allocs", 0, "heap-%d.pprof")
		// Goroutines still alive when Terraform stops the provider: a
		// count that grows with the number of requests is a leak.
		writeProfile(dir, "goroutine", 1, "goroutine-%d.txt")
	}
	if err != nil {
		log.Fatal(err.Error())
	}
}
