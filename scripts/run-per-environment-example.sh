#!/usr/bin/env bash
# Runs examples/per-environment-webhooks for real: each of its three layouts
# (nonprod: two hosts through aliased providers in one state; prod: its own
# configuration and state; workspaces: one configuration, a workspace and a
# tfvars file per environment) is applied, planned again (it must show no
# changes) and destroyed, against two emulators standing for two service
# hosts, each accepting only its own subscription key and token: a provider
# that sent one environment's calls to the other host, or with the other's
# credentials, would be answered 401 and fail the run. The workspaces layout
# must also refuse the tfvars of one environment in the workspace of another.
# Each layout gets two fresh emulators. Runs in a copy (no state is left in
# examples/), with the provider of the given CLI configuration (dev_overrides;
# so `terraform get` for the local module, no `terraform init`).
# Usage: run-per-environment-example.sh <terraform> <CLI configuration file>
set -euo pipefail
tf="${1:?usage: run-per-environment-example.sh <terraform> <CLI configuration>}"
export TF_CLI_CONFIG_FILE="${2:?usage: run-per-environment-example.sh <terraform> <CLI configuration>}"
cd "$(dirname "$0")/.."
example=examples/per-environment-webhooks

# The example needs write-only attributes and ephemeral variables (1.11).
version="$("$tf" version -json | sed -n 's/.*"terraform_version": *"\([0-9.]*\).*/\1/p')"
IFS=. read -r major minor _ <<<"$version"
if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 11 ]; }; then
  echo "skip  $example (run against two emulators): needs Terraform 1.11 or later (write-only headers, ephemeral variables); this one is $version"
  exit 0
fi

work="$(mktemp -d)"
pids=()
stop_emulators() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  pids=()
}
trap 'stop_emulators; rm -rf "$work"' EXIT

go build -o "$work/esign-emulator" ./internal/cmd/esign-emulator
cp -R "$example" "$work/example"
unset TF_PLUGIN_CACHE_DIR TF_CLI_ARGS TF_WORKSPACE
for name in $(compgen -e); do
  case "$name" in ESIGN_* | TF_VAR_*) unset "$name" ;; esac
done
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
log="$work/log"

# start_emulator <name> <subscription key> <token>: a fresh emulator on a
# free port, whose base URL is then in $url.
start_emulator() {
  local ready="$work/$1.ready"
  rm -f "$ready"
  "$work/esign-emulator" -listen 127.0.0.1:0 -ready-file "$ready" -quiet \
    -subscription-key "$2" -access-token "$3" >>"$work/$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    [ -s "$ready" ] && break
    sleep 0.1
  done
  [ -s "$ready" ] || { cat "$work/$1.log" >&2; echo "error: the emulator $1 did not start" >&2; exit 1; }
  url="$(cat "$ready")"
}

# two_hosts: fresh emulators; $host_a and $host_b are their base URLs.
two_hosts() {
  stop_emulators
  start_emulator host-a key-a token-a
  host_a="$url"
  start_emulator host-b key-b token-b
  host_b="$url"
}

# tf_ok <layout> <args>: runs terraform in the layout's folder; on failure
# shows its output and stops.
tf_ok() {
  local dir="$1"
  shift
  if ! "$tf" -chdir="$work/example/$dir" "$@" -no-color >"$log" 2>&1; then
    echo "FAIL  $example/$dir: terraform $*"
    sed 's/^/      /' "$log"
    exit 1
  fi
}

# apply_plan_destroy <layout> [args]: apply, a plan that must be empty, destroy.
apply_plan_destroy() {
  local dir="$1"
  shift
  tf_ok "$dir" apply -input=false -auto-approve "$@"
  tf_ok "$dir" plan -input=false -detailed-exitcode "$@"
  tf_ok "$dir" destroy -input=false -auto-approve "$@"
}

tf_ok modules/environment-webhooks version # reads nothing; fails early on a broken terraform

# nonprod: dev on host A, test on host B, one state.
two_hosts
tf_ok nonprod get
TF_VAR_hosts="{\"dev\": {\"base_url\": \"$host_a\", \"subscription_key\": \"key-a\", \"access_token\": \"token-a\"},
                \"test\": {\"base_url\": \"$host_b\", \"subscription_key\": \"key-b\", \"access_token\": \"token-b\"}}" \
  TF_VAR_client_secrets='{"dev":"dev-secret","test":"test-secret"}' \
  apply_plan_destroy nonprod
echo "ok    $example/nonprod: applied, planned (no changes) and destroyed against two emulators (dev, test)"

# prod: its own configuration and state; host B plays the prod host.
two_hosts
tf_ok prod get
ESIGN_BASE_URL="$host_b" ESIGN_SUBSCRIPTION_KEY=key-b ESIGN_ACCESS_TOKEN=token-b TF_VAR_client_secret=prod-secret \
  apply_plan_destroy prod
echo "ok    $example/prod: applied, planned (no changes) and destroyed against its own emulator"

# workspaces: dev on host A, prod on host B, a workspace (and state) each.
two_hosts
tf_ok workspaces get
export TF_VAR_client_secret=a-secret
tf_ok workspaces workspace new dev
ESIGN_BASE_URL="$host_a" ESIGN_SUBSCRIPTION_KEY=key-a ESIGN_ACCESS_TOKEN=token-a \
  apply_plan_destroy workspaces -var-file=dev.tfvars
tf_ok workspaces workspace new prod
if ESIGN_BASE_URL="$host_b" ESIGN_SUBSCRIPTION_KEY=key-b ESIGN_ACCESS_TOKEN=token-b \
  "$tf" -chdir="$work/example/workspaces" plan -input=false -no-color -var-file=dev.tfvars >"$log" 2>&1 ||
  ! grep -q 'The selected workspace is "prod" but the variables are for "dev"' "$log"; then
  echo "FAIL  $example/workspaces: dev.tfvars in the prod workspace was not refused"
  sed 's/^/      /' "$log"
  exit 1
fi
ESIGN_BASE_URL="$host_b" ESIGN_SUBSCRIPTION_KEY=key-b ESIGN_ACCESS_TOKEN=token-b \
  apply_plan_destroy workspaces -var-file=prod.tfvars
echo "ok    $example/workspaces: workspaces dev and prod applied, planned (no changes) and destroyed against two emulators; dev.tfvars refused in the prod workspace"
