#!/usr/bin/env bash
# Runs every fuzz target on a fixed number of random inputs, one
# `go test -fuzz` per target: Go fuzzes one target of one package at a time.
# The seed corpora (f.Add calls and testdata/fuzz/<target>/) also run as
# ordinary tests in `go test`; this adds the random exploration. A failing
# input is written to the package's testdata/fuzz/<target>/: commit it with
# the fix, so it stays a regression test.
#
# Why a count (-fuzztime <N>x) and not a duration: with a duration, Go's
# fuzzing coordinator can race its own deadline and report the target as
# failed ("--- FAIL: ... context deadline exceeded", no failing input) when
# nothing failed (https://go.dev/issue/75804, fixed in Go 1.27, in no 1.26.x).
# A count sets no deadline, so that cannot happen, and on a busy machine the
# run takes longer instead of failing. Each target's count below took 6 to
# 15 seconds on a busy 2-core machine (load average 7 to 10), about what the
# old -fuzztime 10s gave each target.
#
# A target that passes is shown as one line; a failure shows go's whole
# output, and the script exits non-zero.
# -fuzzminimizetime 200x: by default Go spends up to a minute minimising each
# new interesting input, outside the count.
#
# Usage: scripts/fuzz.sh
#        FUZZTIME=100000x scripts/fuzz.sh   (that many inputs for every target)
#        FUZZTIME=2m scripts/fuzz.sh        (a duration: see duration_race)
set -euo pipefail
cd "$(dirname "$0")/.."

go_cmd="${GO:-go}"

# package                        target                   inputs
targets=(
  "./internal/client              FuzzDecodeResponses      5000x"
  "./internal/client              FuzzParseRetryAfter      100000x"
  "./internal/client              FuzzGate                 20000x"
  "./internal/provider/webhook    FuzzParseImportID        40000x"
  "./internal/provider/metadata   FuzzParseEntryID         40000x"
)

# duration_race tells whether a failed run's output ($1) is only the
# coordinator racing its deadline, which only a FUZZTIME duration can hit:
# the bare line "context deadline exceeded" and no failing input. Any other
# failure, and every failure that writes an input to testdata/fuzz/, is real.
# Drop this once go.mod requires Go 1.27.
duration_race() {
  ! grep -q 'Failing input written to' <<<"$1" &&
    [ "$(grep -cv -e '^fuzz: ' -e '^--- FAIL: ' -e '^    context deadline exceeded$' \
      -e '^FAIL' -e '^exit status 1$' -e '^warning: ' <<<"$1")" -eq 0 ] &&
    grep -qx '    context deadline exceeded' <<<"$1"
}

# fuzzed_nothing tells whether a run's output ($1) says that it fuzzed
# nothing: go prints "no fuzz tests to fuzz" and exits 0 when the pattern
# matches no target (one that was renamed or moved to another package), and
# a run that fuzzed prints its progress ("fuzz: elapsed: …").
fuzzed_nothing() {
  grep -q 'no fuzz tests to fuzz' <<<"$1" || ! grep -q '^fuzz: elapsed: ' <<<"$1"
}

# last_progress is go's last "fuzz: elapsed: …, execs: …" line, the run's
# summary.
last_progress() {
  grep '^fuzz: elapsed: ' <<<"$1" | tail -n 1 | sed 's/^fuzz: //'
}

# run_quietly <command...>: runs it with its output in $out and its exit
# status as its own, saying every 30 seconds that it still runs: the first
# fuzzing of a package compiles it and everything it imports with coverage
# instrumentation, minutes on an empty build cache, and go says nothing.
run_quietly() {
  local file pid rc=0 started=$SECONDS next=$((SECONDS + 30))
  file="$(mktemp)"
  "$@" >"$file" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if [ "$SECONDS" -ge "$next" ]; then
      echo "    still running after $((SECONDS - started))s (the first fuzzing of a package compiles it with coverage instrumentation: minutes with an empty build cache)"
      next=$((SECONDS + 30))
    fi
  done
  wait "$pid" || rc=$?
  out="$(cat "$file")"
  rm -f "$file"
  return "$rc"
}

for entry in "${targets[@]}"; do
  read -r pkg name count <<<"$entry"
  fuzztime="${FUZZTIME:-$count}"
  echo "+ $go_cmd test -run '^\$' -fuzz '^${name}\$' -fuzztime $fuzztime -fuzzminimizetime 200x $pkg"
  # TF_ACC is cleared: the provider package's acceptance tests are not run
  # here (-run '^$'), and nothing else should notice it.
  if run_quietly env -u TF_ACC "$go_cmd" test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -fuzzminimizetime 200x "$pkg"; then
    if fuzzed_nothing "$out"; then
      echo "$out"
      echo "error: $pkg has no fuzz target $name, so nothing was fuzzed: fix the list in scripts/fuzz.sh (go test -list '^Fuzz' ./... shows them)" >&2
      exit 1
    fi
    echo "ok    $name: $(last_progress "$out")"
    continue
  fi
  if [[ "$fuzztime" != *x ]] && duration_race "$out"; then
    echo "ok    $name: $(last_progress "$out")"
    echo "note: go reported $name as failed with a bare 'context deadline exceeded' and no failing input: Go's fuzzing coordinator racing its own -fuzztime $fuzztime deadline (https://go.dev/issue/75804), not the target. A count (FUZZTIME=<N>x) cannot hit it."
    continue
  fi
  echo "$out"
  echo "error: fuzzing $name ($pkg) failed; see above" >&2
  exit 1
done
