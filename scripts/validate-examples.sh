#!/usr/bin/env bash
# Runs `terraform validate` in every examples/ directory that holds .tf files,
# against a provider built once from this tree. The provider is reached through
# dev_overrides in a temporary CLI configuration (TF_CLI_CONFIG_FILE): the
# user's ~/.terraformrc is never read or changed, and nothing is downloaded.
# Local modules (of the configuration or of its tests) are installed with
# `terraform get` into a temporary data dir (TF_DATA_DIR), so no .terraform/
# directory is left in examples/.
# The documentation snippets (examples/resources/*, examples/data-sources/*)
# are bare blocks without a terraform block, as tfplugindocs expects; they are
# validated in a temporary copy with required_providers added (esign-oss/esign).
# Query files (*.tfquery.hcl: examples/list-resources/*, examples/adopt-existing)
# are validated too (`terraform validate -query`) when the terraform given
# has `terraform query` (1.14 and later); older ones skip them, saying so.
# Examples with blocks the given client does not know are skipped, saying so:
# action blocks (Terraform >= 1.14; no OpenTofu release yet) and ephemeral
# blocks (Terraform >= 1.10, OpenTofu >= 1.11).
# `terraform validate` checks the *.tftest.hcl files of each directory too;
# run-per-environment-example.sh (make examples-test) runs them.
# Usage: validate-examples.sh [terraform command or path]
set -euo pipefail
tf="${1:-terraform}"
cd "$(dirname "$0")/.."
root="$PWD"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "+ go build -o $work/plugins/terraform-provider-esign ."
go build -o "$work/plugins/terraform-provider-esign" .

cat >"$work/terraform.rc" <<RC
provider_installation {
  dev_overrides {
    "registry.terraform.io/esign-oss/esign" = "$work/plugins"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE="$work/terraform.rc"
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1
unset TF_PLUGIN_CACHE_DIR TF_CLI_ARGS TF_CLI_ARGS_validate TF_CLI_ARGS_get

mapfile -t dirs < <(find examples -name '.terraform' -prune -o -type f \( -name '*.tf' -o -name '*.tfquery.hcl' \) -printf '%h\n' | sort -u)
query_flag=""
if "$tf" validate -help 2>/dev/null | grep -q -- '-query'; then
  query_flag="-query"
fi

# The client's minor version, and the ones that know action and ephemeral blocks.
tf_minor="$("$tf" version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"1\.\([0-9]*\).*/\1/p')"
actions_minor=14 ephemeral_minor=10
if "$tf" version 2>/dev/null | head -n 1 | grep -q OpenTofu; then
  actions_minor=999 ephemeral_minor=11
fi

# tf_files_match tells whether a pattern occurs in the .tf files of a
# directory (false when it has none).
tf_files_match() {
  local files=()
  mapfile -t files < <(find "$2" -maxdepth 1 -type f -name '*.tf')
  [ "${#files[@]}" -gt 0 ] && grep -qE "$1" "${files[@]}"
}
if [ "${#dirs[@]}" -eq 0 ]; then
  echo "error: no .tf files under examples/" >&2
  exit 1
fi

failed=()
n=0
for dir in "${dirs[@]}"; do
  if tf_files_match '^[[:space:]]*action[[:space:]]+"' "$dir" && [ "${tf_minor:-0}" -lt "$actions_minor" ]; then
    echo "skip  $dir (action blocks need Terraform >= 1.14)"
    continue
  fi
  if tf_files_match '^[[:space:]]*ephemeral[[:space:]]+"' "$dir" && [ "${tf_minor:-0}" -lt "$ephemeral_minor" ]; then
    echo "skip  $dir (ephemeral blocks need Terraform >= 1.10 or OpenTofu >= 1.11)"
    continue
  fi
  n=$((n + 1))
  export TF_DATA_DIR="$work/data/$n"
  log="$work/log-$n"
  ok=1
  : >"$log"
  run_dir="$root/$dir"
  note=""
  if ! tf_files_match '^[[:space:]]*required_providers[[:space:]]*\{' "$dir"; then
    run_dir="$work/copy/$n"
    mkdir -p "$run_dir"
    cp -R "$dir"/. "$run_dir"/
    cat >"$run_dir/zz_validate_required_providers.tf" <<'TF'
terraform {
  required_providers {
    esign = {
      source = "esign-oss/esign"
    }
  }
}
TF
    note=" (snippet, with required_providers added)"
  fi
  if tf_files_match '^[[:space:]]*module[[:space:]]+"' "$dir" || compgen -G "$dir/*.tftest.hcl" >/dev/null ||
    compgen -G "$dir/tests/*.tftest.hcl" >/dev/null; then
    "$tf" -chdir="$run_dir" get -no-color >>"$log" 2>&1 || ok=0
  fi
  validate_args=(-no-color)
  if compgen -G "$dir/*.tfquery.hcl" >/dev/null; then
    if [ -n "$query_flag" ]; then
      validate_args+=("$query_flag")
      note="$note (with its query files)"
    else
      note="$note (query files not validated: they need Terraform >= 1.14)"
    fi
  fi
  if [ "$ok" -eq 1 ]; then
    "$tf" -chdir="$run_dir" validate "${validate_args[@]}" >>"$log" 2>&1 || ok=0
  fi
  if [ "$ok" -eq 1 ]; then
    echo "ok    $dir$note"
  else
    echo "FAIL  $dir"
    sed 's/^/      /' "$log"
    failed+=("$dir")
  fi
done

if [ "${#failed[@]}" -ne 0 ]; then
  echo "error: terraform validate failed in ${#failed[@]} of $n example directories: ${failed[*]}" >&2
  exit 1
fi
echo "all $n example directories validate"
