#!/usr/bin/env bash
# Installs the Terraform test build kept beside the clones (../shared/tools,
# see its README.md) into the tool cache, after checking the sha256 of the
# unpacked binary. Releases this new do not build from the Go module proxy,
# so CI takes this build rather than skipping the client: a missing archive
# or a wrong checksum is an error.
# Usage: install-terraform-test-build.sh <archive.gz> <destination> <sha256>
set -euo pipefail
archive="$1" dest="$2" want="$3"

if [ ! -f "$archive" ]; then
  cat >&2 <<MSG
error: $archive is missing, so $dest cannot be installed.
It is the Terraform test build described in ../shared/tools/README.md
(sha256 of the unpacked binary: $want).
Put it there, or point TERRAFORM_1_15_ARCHIVE at a copy, and run the command again.
MSG
  exit 1
fi

mkdir -p "$(dirname "$dest")"
tmp="$dest.partial.$$"
trap 'rm -f "$tmp"' EXIT
echo "Unpacking $archive into $dest"
gunzip -c "$archive" >"$tmp"
got="$(sha256sum "$tmp" | cut -d' ' -f1)"
if [ "$got" != "$want" ]; then
  echo "error: the binary unpacked from $archive has sha256 $got, expected $want; not installed." >&2
  exit 1
fi
chmod +x "$tmp"
mv "$tmp" "$dest"
