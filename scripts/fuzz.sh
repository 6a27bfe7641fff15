#!/usr/bin/env bash
# Runs every fuzz target for a bounded time (FUZZTIME, default 10s), one
# `go test -fuzz` per target: Go fuzzes one target of one package at a time.
# The seed corpora (f.Add calls and testdata/fuzz/<target>/) also run as
# ordinary tests in `go test`; this adds the random exploration. A failing
# input is written to the package's testdata/fuzz/<target>/: commit it with
# the fix, so it stays a regression test.
# Usage: scripts/fuzz.sh            FUZZTIME=30s scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime="${FUZZTIME:-10s}"
go_cmd="${GO:-go}"

# package        target
targets=(
  "./internal/client    FuzzDecodeResponses"
  "./internal/client    FuzzParseRetryAfter"
  "./internal/client    FuzzReplaceWholeTokens"
  "./internal/provider  FuzzParseWebhookImportID"
  "./internal/provider  FuzzParseMetadataEntryID"
)

for entry in "${targets[@]}"; do
  read -r pkg name <<<"$entry"
  echo "+ $go_cmd test -run '^\$' -fuzz '^${name}\$' -fuzztime $fuzztime $pkg"
  # TF_ACC is cleared: the provider package's acceptance tests are not run
  # here (-run '^$'), and nothing else should notice it.
  env -u TF_ACC "$go_cmd" test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg"
done
