// Copyright (c) The terraform-provider-esign Authors
// SPDX-License-Identifier: MPL-2.0

// Command terraform-provider-esign serves the esign Terraform provider over plugin protocol 6.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/esign-oss/terraform-provider-esign/internal/server"
)

// version is set by the release build (goreleaser's ldflags).
var version = "dev"

func main() {
	debug := flag.Bool("debug", false, "start the provider in debug mode for debuggers such as delve")
	flag.Parse()
	server.QuietLogsUnlessAsked()

	err := server.Serve(version, *debug)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
