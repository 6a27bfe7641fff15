#!/usr/bin/env bash
# Regenerates docs/ with tfplugindocs. tfplugindocs reads the provider's
# schema through the `terraform` it finds on PATH, and that schema holds list
# resources (docs/list-resources/) and resource identities (the import
# sections) only from Terraform 1.14 on; so the given binary is put first on
# PATH under the name tfplugindocs looks for.
# Usage: generate-docs.sh <terraform >= 1.14> [go command]
set -euo pipefail
tf="$(command -v "${1:?usage: generate-docs.sh <terraform> [go]}")"
go="${2:-go}"
cd "$(dirname "$0")/.."

bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
ln -s "$tf" "$bin/terraform"
PATH="$bin:$PATH" "$go" tool tfplugindocs generate --provider-name esign --rendered-provider-name esign
