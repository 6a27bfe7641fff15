#!/usr/bin/env bash
# Writes the state that the provider at <commit> stores for
# internal/provider/testdata/upgrade/main.tf, as
# internal/provider/testdata/upgrade/<name>.tfstate, for
# TestAccUpgradeFromEarlierStates (states written by earlier versions must plan
# clean with the current one). Run it once for each commit that changes a
# resource schema, naming the fixture after the change, e.g.:
#
#   scripts/capture-state-fixture.sh f76db50 first-resources
#
# It builds the provider at <commit> (in a temporary git worktree), runs this
# checkout's emulator on a free loopback port, and applies with the oldest
# Terraform CI tests (1.5.7, `make terraform-1.5`), so that every client can
# read the fixture.
set -euo pipefail
commit=${1:?usage: capture-state-fixture.sh <commit> <name>}
name=${2:?usage: capture-state-fixture.sh <commit> <name>}
repo=$(git rev-parse --show-toplevel)
cd "$repo"
terraform=${TERRAFORM_1_5:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-esign/terraform-v1.5.7/terraform}
if [ ! -x "$terraform" ]; then
  echo "Terraform 1.5.7 is missing: run make terraform-1.5 (or set TERRAFORM_1_5)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/esign-fixture.XXXXXX")
emulator_pid=""
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null || true
  git worktree remove --force "$work/src" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "==> Building the provider at $commit"
git worktree add --detach --quiet "$work/src" "$commit"
mkdir -p "$work/plugins"
(cd "$work/src" && go build -o "$work/plugins/terraform-provider-esign" .)

echo "==> Starting the emulator"
go build -o "$work/esign-emulator" ./internal/cmd/esign-emulator
"$work/esign-emulator" -listen 127.0.0.1:0 -ready-file "$work/url" -quiet &
emulator_pid=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.1; done
[ -s "$work/url" ] || { echo "the emulator did not start" >&2; exit 1; }

cat >"$work/terraform.rc" <<RC
provider_installation {
  dev_overrides {
    "registry.terraform.io/esign-oss/esign" = "$work/plugins"
  }
  direct {}
}
RC
mkdir "$work/config"
cp internal/provider/testdata/upgrade/main.tf "$work/config/"
cat >"$work/config/provider.tf" <<'TF'
terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}
TF

echo "==> Applying with $("$terraform" version | head -1)"
(
  cd "$work/config"
  export TF_CLI_CONFIG_FILE="$work/terraform.rc" CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
  export ESIGN_BASE_URL="$(cat "$work/url")" ESIGN_SUBSCRIPTION_KEY=dev-subscription-key ESIGN_ACCESS_TOKEN=dev-token
  export TF_VAR_uri=https://hooks.example.com/upgrade
  "$terraform" apply -auto-approve -input=false -no-color >"$work/apply.log" 2>&1 || { cat "$work/apply.log" >&2; exit 1; }
)
cp "$work/config/terraform.tfstate" "internal/provider/testdata/upgrade/$name.tfstate"
echo "wrote internal/provider/testdata/upgrade/$name.tfstate (the state of $commit)"
