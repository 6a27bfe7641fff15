// Command profiled-provider is the provider with CPU and memory profiles,
// for `esign-bench -profile DIR` only; it is never released. It serves
// exactly what terraform-provider-esign serves and, when
// ESIGN_BENCH_PROFILE_DIR is set, writes there cpu-<pid>.pprof,
// heap-<pid>.pprof, memory-<pid>.txt and goroutine-<pid>.txt when Terraform
// stops it (and peak-* files at a new peak of the live heap; see
// bench/README.md).
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
