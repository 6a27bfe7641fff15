#!/usr/bin/env bash
# Builds OpenTofu <version> into <binary>. From 1.8 on, OpenTofu's go.mod has
# a replace directive (hcl/v2), which `go install module@version` refuses;
# building inside the downloaded module honours it.
# Usage: build-tofu.sh <version> <binary>
set -euo pipefail
version="$1" out="$2"
go_cmd="${GO:-go}"
module=github.com/opentofu/opentofu

# Run from / so that no go.mod around (such as this repository's) is involved.
echo "+ go mod download $module@$version (its source; nothing is printed while it downloads)"
dir="$(cd / && "$go_cmd" mod download -json "$module@$version" |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
if [ -z "$dir" ] || [ ! -d "$dir" ]; then
  echo "error: go mod download $module@$version did not give a module directory" >&2
  exit 1
fi

mkdir -p "$(dirname "$out")"
tmp="$out.partial.$$"
trap 'rm -f "$tmp"' EXIT
# -v lists each package compiled (scripts/with-progress.sh counts them).
echo "+ (cd $dir && $go_cmd build -v -ldflags '-s -w' -o $out ./cmd/tofu)"
(cd "$dir" && "$go_cmd" build -v -ldflags "-s -w" -o "$tmp" ./cmd/tofu)
mv "$tmp" "$out"
