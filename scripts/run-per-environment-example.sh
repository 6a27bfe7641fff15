#!/usr/bin/env bash
# Runs the tests of examples/per-environment-webhooks (its *.tftest.hcl
# files) with each client given, against a fresh emulator, as a user's CI
# would: the provider reads ESIGN_*, and `terraform test` does the rest.
# Left here is only what terraform test cannot do itself: build the provider
# and the emulator, start the emulator seeded with a second tenant
# (emulator-state.json) to stand for nonprod's second host, whose hosts come
# from TF_VAR_hosts as in its pipeline, install the local modules (`get`:
# with dev_overrides there is no `init`), and run the workspaces layout once
# per environment, in its workspace with its tfvars. Runs in a
# copy, so no state or .terraform/ is left in examples/.
# Usage: run-per-environment-example.sh <terraform or tofu binary>...
set -euo pipefail
cd "$(dirname "$0")/.."
example=examples/per-environment-webhooks
work="$(mktemp -d)"
pid=""
trap '[ -z "$pid" ] || { kill "$pid"; wait "$pid"; } 2>/dev/null; rm -rf "$work"' EXIT

go build -o "$work/plugins/terraform-provider-esign" .
go build -o "$work/esign-emulator" ./internal/cmd/esign-emulator
cat >"$work/cli.tfrc" <<RC
provider_installation {
  dev_overrides {
    "registry.terraform.io/esign-oss/esign" = "$work/plugins"
    "registry.opentofu.org/esign-oss/esign" = "$work/plugins"
  }
  direct {}
}
RC
for name in $(compgen -e); do
  case "$name" in ESIGN_* | TF_VAR_* | TF_CLI_ARGS* | TF_WORKSPACE | TF_DATA_DIR | TF_PLUGIN_CACHE_DIR) unset "$name" ;; esac
done
export TF_CLI_CONFIG_FILE="$work/cli.tfrc" CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1

# run_tests <client> <folder> [test arguments]: `get`, then `test`; on failure
# shows the output and stops.
run_tests() {
  local tf="$1" dir="$2" what
  shift 2
  what="$example/$dir with $("$tf" version | sed -n 1p)${TF_WORKSPACE:+, workspace $TF_WORKSPACE}${*:+, $*}"
  if ! (cd "$work/example/$dir" && "$tf" get -no-color && "$tf" test -no-color "$@") >"$work/log" 2>&1; then
    echo "FAIL  $what"
    sed 's/^/      /' "$work/log"
    exit 1
  fi
  echo "ok    $what: $(grep -E '^Success!' "$work/log")"
}

for tf in "$@"; do
  # The example needs write-only attributes and ephemeral variables (1.11).
  minor="$("$tf" version -json | sed -n 's/.*"terraform_version": *"1\.\([0-9]*\).*/\1/p')"
  if [ "${minor:-0}" -lt 11 ]; then
    echo "skip  $example with $tf: needs Terraform or OpenTofu 1.11 or later"
    continue
  fi
  rm -rf "$work/example" "$work/ready"
  cp -R "$example" "$work/example"
  cp "$example/emulator-state.json" "$work/state.json"
  "$work/esign-emulator" -listen 127.0.0.1:0 -ready-file "$work/ready" -state-file "$work/state.json" -quiet \
    >"$work/emulator.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -s "$work/ready" ] && break; sleep 0.1; done
  [ -s "$work/ready" ] || { cat "$work/emulator.log" >&2; echo "error: the emulator did not start" >&2; exit 1; }
  export ESIGN_BASE_URL="$(cat "$work/ready")" ESIGN_SUBSCRIPTION_KEY=dev-subscription-key ESIGN_ACCESS_TOKEN=dev-token

  run_tests "$tf" modules/environment-webhooks
  run_tests "$tf" prod
  TF_VAR_hosts="$(printf '{"dev": {"base_url": "%s", "subscription_key": "dev-subscription-key", "access_token": "dev-token"},
    "test": {"base_url": "%s", "subscription_key": "test-subscription-key", "access_token": "test-token"}}' \
    "$ESIGN_BASE_URL" "$ESIGN_BASE_URL")" run_tests "$tf" nonprod
  TF_WORKSPACE=dev run_tests "$tf" workspaces -var-file=dev.tfvars
  TF_WORKSPACE=prod run_tests "$tf" workspaces -var-file=prod.tfvars

  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
done
