#!/usr/bin/env bash
# Compiles every package the tests import (the standard library and the
# modules; not this repository's own packages, which go test compiles as
# they change), so that `make test` is not silent while it compiles: go test
# prints nothing until its first package has run, and with an empty build
# cache that is minutes. Run it through with-progress.sh: go build -v lists
# each package it compiles, and skips those Go's build cache has, so a warm
# run costs a second or two. go test then finds them all in the cache (same
# build flags).
# Usage: GO=go TEST_PACKAGES=./... bash scripts/compile-test-deps.sh
set -euo pipefail
cd "$(dirname "$0")/.."
go_cmd="${GO:-go}"

# -deps -test: what the packages and their tests import; test variants
# (ForTest) and test mains are go test's own.
mapfile -t deps < <("$go_cmd" list -deps -test \
  -f '{{if not .ForTest}}{{if ne .Name "main"}}{{.ImportPath}}{{end}}{{end}}' ${TEST_PACKAGES:-./...} |
  grep -v '^github.com/esign-oss/terraform-provider-esign\(/\|$\)')
"$go_cmd" build -v "${deps[@]}"
