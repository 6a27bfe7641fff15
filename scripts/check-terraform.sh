#!/usr/bin/env bash
# Fails with a clear message unless a Terraform >= 1.11 binary (or 1.<minor>,
# for what needs a newer one) is available.
# Usage: check-terraform.sh <terraform command or path> [minor [what needs it]]
set -euo pipefail
tf="${1:-terraform}"
min_minor="${2:-11}"
needed_for="${3:-write-only attributes}"
if ! command -v "$tf" >/dev/null 2>&1; then
  cat >&2 <<MSG
error: terraform was not found ('$tf' is not on PATH).
The acceptance tests and the demo drive a real Terraform binary (>= 1.11).
Install Terraform 1.11 or newer (https://developer.hashicorp.com/terraform/install),
or point TF_ACC_TERRAFORM_PATH at one, then run the command again.
MSG
  exit 1
fi
version="$("$tf" version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"\([0-9.]*\).*/\1/p' | head -1)"
if [ -z "$version" ]; then
  version="$("$tf" version | head -1 | sed -n 's/^[A-Za-z]* v\{0,1\}\([0-9.]*\).*/\1/p')"
fi
major="${version%%.*}"; rest="${version#*.}"; minor="${rest%%.*}"
if [ -z "$version" ] || [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt "$min_minor" ]; }; then
  echo "error: $tf reports version '${version:-unknown}'; Terraform >= 1.$min_minor is required ($needed_for)." >&2
  exit 1
fi
