#!/usr/bin/env bash
# Checks the client (Terraform or OpenTofu) that tests, the demo or the
# benchmark are about to drive, and says what to install when it is missing
# or not the expected release.
#
#   check-terraform.sh <command or path>
#       make test, demo, bench, examples-check: any Terraform from 1.5 on.
#   MIN_MINOR=<n> NEEDED_FOR=<why> check-terraform.sh <command or path>
#       a newer 1.<n> for what needs it (make generate: 1.14).
#   check-terraform.sh <path> <version> <how to install> [<sha256>]
#       a client CI tests: exactly that release (and that binary, when a
#       sha256 is given), else an error that says how to install it.
set -euo pipefail
tf="${1:-terraform}"
want="${2:-}"
want="${want#v}"
install="${3:-}"
sha256="${4:-}"

# The oldest release the CI runs the acceptance suite on (see README.md,
# "Supported clients"); headers_wo needs Terraform >= 1.11.
min_major=1 min_minor="${MIN_MINOR:-5}"
needed_for="${NEEDED_FOR:-1.11 or newer for headers_wo}"
tested="Terraform 1.5.7, 1.11.4 and 1.15.9, OpenTofu 1.6.3 and 1.12.6"

if [ -n "$want" ]; then
  if [ ! -x "$tf" ]; then
    echo "error: client $want is missing: $tf does not exist or is not executable. Run \`$install\` to install it." >&2
    exit 1
  fi
  if [ -n "$sha256" ]; then
    got="$(sha256sum "$tf" | cut -d' ' -f1)"
    if [ "$got" != "$sha256" ]; then
      echo "error: $tf has sha256 $got, expected $sha256. Delete it and run \`$install\` again." >&2
      exit 1
    fi
  fi
elif ! command -v "$tf" >/dev/null 2>&1; then
  cat >&2 <<MSG
error: terraform was not found ('$tf' is not on PATH).
The acceptance tests, the demo and the example checks drive a real Terraform
binary: install Terraform 1.5 or newer (1.11 or newer for headers_wo;
https://developer.hashicorp.com/terraform/install), or point
TF_ACC_TERRAFORM_PATH at one, then run the command again.
CI tests $tested.
MSG
  exit 1
fi

# `version -json` reports "terraform_version" for Terraform and OpenTofu
# alike; the "Terraform v…" or "OpenTofu v…" line of `version` is the
# fallback. Warnings about the CLI configuration can come first (OpenTofu
# 1.12 prints them on stdout). sed and awk, unlike head, read all the output,
# so the client cannot die of SIGPIPE.
version="$({ "$tf" version -json 2>/dev/null || true; } | sed -n 's/.*"terraform_version": *"\([^"]*\)".*/\1/p' | sed -n 1p)"
banner="$({ "$tf" version 2>/dev/null || true; } | awk '/^(Terraform|OpenTofu) v/ && !seen { print; seen = 1 }')"
if [ -z "$version" ]; then
  version="$(echo "$banner" | sed -n 's/^[A-Za-z]* v\{0,1\}\([0-9][^ ]*\).*/\1/p')"
fi

if [ -n "$want" ]; then
  # Builds from source may add "-dev" (OpenTofu 1.6.3 from `go install`
  # reports 1.6.3-dev): the release number is what must match.
  if [ "${version%%-*}" != "$want" ]; then
    echo "error: $tf reports version '${version:-unknown}', expected $want. Delete it and run \`$install\` again." >&2
    exit 1
  fi
else
  major="${version%%.*}"; rest="${version#*.}"; minor="${rest%%.*}"
  if ! [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] ||
    [ "$major" -lt "$min_major" ] || { [ "$major" -eq "$min_major" ] && [ "$minor" -lt "$min_minor" ]; }; then
    echo "error: $tf reports version '${version:-unknown}'; Terraform $min_major.$min_minor or newer is required ($needed_for). CI tests $tested." >&2
    exit 1
  fi
fi
echo "client: $tf ($banner)"
