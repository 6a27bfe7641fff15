// Command profiled-provider is the provider with CPU and heap profiles, for
// `esign-bench -profile DIR` only; it is never released. It serves exactly
// what terraform-provider-esign serves and, when ESIGN_BENCH_PROFILE_DIR is
// set, writes cpu-<pid>.pprof and heap-<pid>.pprof there when Terraform
// stops it.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

func main() {
	provider.QuietSDKLogsUnlessAsked()
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
	err := provider.Serve("bench", false)
	if dir != "" {
		pprof.StopCPUProfile()
		_ = heap.writeTo(filepath.Join(dir, fmt.Sprintf("memory-%d.txt", os.Getpid())))
		runtime.GC()
		if f, ferr := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", os.Getpid()))); ferr == nil {
			_ = pprof.Lookup("allocs").WriteTo(f, 0)
			_ = f.Close()
		}
		// Goroutines still alive when Terraform stops the provider: a
		// count that grows with the number of requests is a leak.
		if f, ferr := os.Create(filepath.Join(dir, fmt.Sprintf("goroutine-%d.txt", os.Getpid()))); ferr == nil {
			_ = pprof.Lookup("goroutine").WriteTo(f, 1)
			_ = f.Close()
		}
	}
	if err != nil {
		log.Fatal(err.Error())
	}
}
