#!/usr/bin/env bash
# Runs a long `go build -v` or `go install -v` (or a script that runs one) so
# that nobody stares at a silent terminal: it says what is being built and
# how long that usually takes, then every 15 seconds how far it got (modules
# downloaded, packages compiled, the latest one). `-v` makes go print each
# package it compiles, and only those: packages from Go's build cache are not
# printed, so a warm build says "nothing to compile". Every other line (a
# compiler error, a warning) is passed through as it comes; the exit status
# is the command's.
# Usage: with-progress.sh "<what, and how long it usually takes>" <command> [args...]
set -euo pipefail
what="${1:?usage: with-progress.sh <what> <command> [args...]}"
shift

echo "==> $what"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkfifo "$tmp/out"
"$@" >"$tmp/out" 2>&1 &
pid=$!
exec 3<"$tmp/out"

started=$SECONDS
packages=0
modules=0
latest=""
next_report=$((SECONDS + 15))

elapsed() {
  local s=$((SECONDS - started))
  if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

# count 1 package -> "1 package", count 2 package -> "2 packages"
count() {
  if [ "$1" -eq 1 ]; then echo "1 $2"; else echo "$1 $2s"; fi
}

report() {
  if [ "$packages" -eq 0 ] && [ "$modules" -eq 0 ]; then
    echo "    $(elapsed): no package compiled yet (go is reading its build cache, or linking)"
    return
  fi
  local line="    $(elapsed): $(count "$packages" package) compiled"
  [ "$modules" -eq 0 ] || line="$line, $(count "$modules" module) downloaded"
  [ -z "$latest" ] || line="$line (latest: $latest)"
  echo "$line"
}

while :; do
  if IFS= read -r -t 5 line <&3; then
    case "$line" in
    "go: downloading "*) modules=$((modules + 1)) ;;
    *)
      # A package path alone on its line is go's -v report of a compiled
      # package; anything else is for the reader.
      if [[ "$line" =~ ^[A-Za-z0-9_.~+-]+(/[A-Za-z0-9_.~+-]+)*$ ]]; then
        packages=$((packages + 1))
        latest="$line"
      else
        echo "$line"
      fi
      ;;
    esac
  elif [ $? -le 128 ]; then
    break # end of output: the command has finished
  fi
  if [ "$SECONDS" -ge "$next_report" ]; then
    report
    next_report=$((SECONDS + 15))
  fi
done

rc=0
wait "$pid" || rc=$?
if [ "$rc" -ne 0 ]; then
  echo "    failed after $(elapsed) (exit status $rc)"
  exit "$rc"
fi
if [ "$packages" -eq 0 ]; then
  echo "    done in $(elapsed) (nothing to compile: Go's build cache had it all)"
else
  echo "    done in $(elapsed) ($(count "$packages" package) compiled)"
fi
