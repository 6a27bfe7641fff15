// Command terraform-provider-esign serves the esign Terraform provider over
// plugin protocol 6.
package main

import (
	"flag"
	"log"

	"github.com/esign-oss/terraform-provider-esign/internal/provider"
)

// version is set by the release build (goreleaser's ldflags).
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "start the provider in debug mode for debuggers such as delve")
	flag.Parse()
	provider.QuietSDKLogsUnlessAsked()

	if err := provider.Serve(version, debug); err != nil {
		log.Fatal(err.Error())
	}
}
