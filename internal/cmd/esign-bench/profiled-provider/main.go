// Command profiled-provider is the provider with CPU and heap profiles, for
// `esign-bench -profile DIR` only; it is never released. It serves exactly
// what terraform-provider-esign serves and, when ESIGN_BENCH_PROFILE_DIR is
// set, writes cpu-<pid>.pprof and heap-<pid>.pprof there when Terraform
// stops it.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

func main() {
	dir := os.Getenv("ESIGN_BENCH_PROFILE_DIR")
	if dir != "" {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("cpu-%d.pprof", os.Getpid())))
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
	}
	err := providerserver.Serve(context.Background(), provider.New("bench"), providerserver.ServeOpts{Address: provider.RegistryAddress})
	if dir != "" {
		pprof.StopCPUProfile()
		runtime.GC()
		if f, ferr := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pprof", os.Getpid()))); ferr == nil {
			_ = pprof.Lookup("allocs").WriteTo(f, 0)
			_ = f.Close()
		}
	}
	if err != nil {
		log.Fatal(err.Error())
	}
}
