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
# Each environment's esign_webhook_subscriptions_exclusive is tried too: a
# subscription made outside the example's configuration (by a configuration
# of its own, in the same copy) under prod's receiver is named by prod's plan
# and deleted by its apply, while one to another address is left alone; one
# under dev's receiver (on_unmanaged = "warn") is named and kept, and
# destroying the example deletes no subscription it does not own.
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

# tf_status <layout> <args>: like tf_ok, but any exit status is the
# caller's to judge: it is in $status, the output in $log.
tf_status() {
  local dir="$1"
  shift
  status=0
  "$tf" -chdir="$work/example/$dir" "$@" -no-color >"$log" 2>&1 || status=$?
}

# expect <what> <condition...>: fails the run, showing the last output,
# unless the condition holds.
expect() {
  local what="$1"
  shift
  if ! "$@"; then
    echo "FAIL  $example: $what"
    sed 's/^/      /' "$log"
    exit 1
  fi
}

# made_outside <uri>...: subscriptions to these URIs, made by a
# configuration of its own (the "outside" layout, with the provider
# settings of the caller's environment), so that none of the example's
# states knows them.
mkdir -p "$work/example/outside"
cat >"$work/example/outside/main.tf" <<'TF'
terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}

variable "uris" {
  type = list(string)
}

resource "esign_webhook_subscription" "made_by_hand" {
  for_each    = toset(var.uris)
  event_type  = "SignatureRequestCompleted"
  uri         = each.key
  description = "made outside the example's configuration"
}
TF
made_outside() {
  outside_uris="[$(printf '"%s",' "$@")]"
  outside_uris="${outside_uris/,]/]}"
  rm -f "$work/example/outside/terraform.tfstate"
  tf_ok outside apply -input=false -auto-approve -var "uris=$outside_uris"
}

# exists_outside <uri>: whether the subscription made_outside made to <uri>
# still exists (its configuration's plan would not create it again).
exists_outside() {
  tf_ok outside plan -input=false -var "uris=$outside_uris"
  ! grep -qF "made_by_hand[\"$1\"] will be created" "$log"
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

# nonprod: dev on host A, test on host B, one state. Then a subscription
# to dev's receiver made outside it: with on_unmanaged = "warn" the plan
# names it without a change, the apply keeps it, and so does the destroy.
two_hosts
tf_ok nonprod get
export TF_VAR_hosts="{\"dev\": {\"base_url\": \"$host_a\", \"subscription_key\": \"key-a\", \"access_token\": \"token-a\"},
                \"test\": {\"base_url\": \"$host_b\", \"subscription_key\": \"key-b\", \"access_token\": \"token-b\"}}"
export TF_VAR_client_secrets='{"dev":"dev-secret","test":"test-secret"}'
tf_ok nonprod apply -input=false -auto-approve
tf_ok nonprod plan -input=false -detailed-exitcode
by_hand=https://dev.app.example.com/hooks/esign/tried-by-hand
ESIGN_BASE_URL="$host_a" ESIGN_SUBSCRIPTION_KEY=key-a ESIGN_ACCESS_TOKEN=token-a made_outside "$by_hand"
# The plan changes the output unmanaged (so -detailed-exitcode says 2), and
# no resource.
warned_not_planned() {
  [ "$status" -ne 1 ] && ! grep -q '^Plan: ' "$log" &&
    grep -qF "Warning: Webhook subscription not managed by Terraform: signaturerequestcompleted events to $by_hand (id " "$log"
}
tf_status nonprod plan -input=false -detailed-exitcode
expect "the nonprod plan (on_unmanaged = \"warn\") does not name the subscription made by hand, or plans a change" warned_not_planned
tf_ok nonprod apply -input=false -auto-approve
tf_ok nonprod output -json unmanaged
expect "the nonprod output unmanaged does not list the subscription made by hand" grep -qF "$by_hand" "$log"
tf_status nonprod plan -input=false -detailed-exitcode
expect "the nonprod plan after the apply is not empty, or no longer names the subscription made by hand" \
  eval '[ "$status" -eq 0 ] && warned_not_planned'
tf_ok nonprod destroy -input=false -auto-approve
ESIGN_BASE_URL="$host_a" ESIGN_SUBSCRIPTION_KEY=key-a ESIGN_ACCESS_TOKEN=token-a \
  expect "the subscription made by hand did not survive nonprod's apply and destroy" exists_outside "$by_hand"
unset TF_VAR_hosts TF_VAR_client_secrets
echo "ok    $example/nonprod: applied, planned (no changes) and destroyed against two emulators (dev, test); a subscription made by hand to dev's receiver named by the plan and kept (warn)"

# prod: its own configuration and state; host B plays the prod host. Then
# two subscriptions made outside it: one to prod's receiver, which the plan
# names and the apply deletes, and one to another address, out of scope.
two_hosts
tf_ok prod get
export ESIGN_BASE_URL="$host_b" ESIGN_SUBSCRIPTION_KEY=key-b ESIGN_ACCESS_TOKEN=token-b TF_VAR_client_secret=prod-secret
tf_ok prod apply -input=false -auto-approve
tf_ok prod plan -input=false -detailed-exitcode
by_hand=https://app.example.com/hooks/esign/added-by-hand
elsewhere=https://collector.example.net/esign
made_outside "$by_hand" "$elsewhere"
tf_status prod plan -input=false -detailed-exitcode
expect "the prod plan does not show the subscription made by hand to prod's receiver as a change to delete (exit status $status)" \
  eval '[ "$status" -eq 2 ] && grep -q "module.prod.esign_webhook_subscriptions_exclusive.this will be updated in-place" "$log" &&
    grep -qF "Warning: Webhook subscription not managed by Terraform will be deleted: signaturerequestcompleted events to $by_hand (id " "$log" &&
    ! grep -qF "$elsewhere" "$log"'
tf_ok prod apply -input=false -auto-approve
tf_ok prod plan -input=false -detailed-exitcode
expect "prod's apply did not delete the subscription made by hand to prod's receiver" eval '! exists_outside "$by_hand"'
expect "prod's apply deleted a subscription out of its scope ($elsewhere)" exists_outside "$elsewhere"
tf_ok prod destroy -input=false -auto-approve
unset ESIGN_BASE_URL ESIGN_SUBSCRIPTION_KEY ESIGN_ACCESS_TOKEN TF_VAR_client_secret
echo "ok    $example/prod: applied, planned (no changes) and destroyed against its own emulator; a subscription made by hand to prod's receiver named by the plan and deleted, one to another address left alone"

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
