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

# coordinator_race tells whether a failed run's output ($1) is only the race
# in Go's fuzzing coordinator (https://go.dev/issue/75804, fixed in Go 1.27,
# in no 1.26.x): when -fuzztime runs out while a worker is mid-call, the
# coordinator's own deadline is reported as the target failing, with the bare
# line "context deadline exceeded" and no failing input. Any other failure,
# and every failure that writes an input to testdata/fuzz/, is real.
# Drop this once go.mod requires Go 1.27.
coordinator_race() {
  ! grep -q 'Failing input written to' <<<"$1" &&
    [ "$(grep -cv -e '^fuzz: ' -e '^--- FAIL: ' -e '^    context deadline exceeded$' \
      -e '^FAIL' -e '^exit status 1$' -e '^warning: ' <<<"$1")" -eq 0 ] &&
    grep -qx '    context deadline exceeded' <<<"$1"
}

for entry in "${targets[@]}"; do
  read -r pkg name <<<"$entry"
  echo "+ $go_cmd test -run '^\$' -fuzz '^${name}\$' -fuzztime $fuzztime $pkg"
  # TF_ACC is cleared: the provider package's acceptance tests are not run
  # here (-run '^$'), and nothing else should notice it.
  if out="$(env -u TF_ACC "$go_cmd" test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" "$pkg" 2>&1)"; then
    echo "$out"
    continue
  fi
  echo "$out"
  if coordinator_race "$out"; then
    echo "note: $name explored for $fuzztime without a failing input; the failure above is Go's fuzzing coordinator racing its own deadline (https://go.dev/issue/75804), not the target"
    continue
  fi
  exit 1
done
