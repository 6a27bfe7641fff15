#!/usr/bin/env bash
# Condenses `go test -v` output (stdin) for CI logs: package results, every
# skipped test with its reason, the whole output of every failed test, lines
# that belong to no test (build errors, TestMain), the output of tests still
# running when a package died (panic, timeout), and at the end one line with
# the number of tests that passed, were skipped and failed.
# Usage: go test -v ./... 2>&1 | test-summary.sh <label> [<file to append the count line to>]
set -euo pipefail
label="${1:-tests}"
counts_file="${2:-/dev/null}"

awk -v label="$label" -v counts_file="$counts_file" '
# Headers say which test the following output lines belong to.
/^=== (RUN|CONT|NAME|PAUSE) / { current = $3; next }

# Results: top-level tests start in column 0, subtests are indented.
/^ *--- (PASS|FAIL|SKIP): / {
  status = $2; name = $3
  top = ($0 !~ /^ /)
  if (status == "PASS:") {
    if (top) pass++; else subpass++
  } else {
    if (status == "SKIP:") { if (top) skip++; else subskip++ }
    else { if (top) fail++; else subfail++ }
    print
    printf "%s", output[name]
  }
  delete output[name]
  next
}

/^(PASS|FAIL)$/ { next }

# A package result ends its tests: print the output of any that never
# finished (the package panicked or timed out).
/^(ok|FAIL|\?) / || /^(ok|FAIL)\t/ {
  for (name in output) {
    print "output of " name " (did not finish):"
    printf "%s", output[name]
    delete output[name]
  }
  current = ""
  print
  next
}

{
  if (current != "") output[current] = output[current] $0 "\n"
  else print
}

END {
  line = sprintf("%s: %d passed, %d skipped, %d failed (top-level tests; subtests: %d passed, %d skipped, %d failed)",
    label, pass, skip, fail, subpass, subskip, subfail)
  print line
  print line >> counts_file
}
'
