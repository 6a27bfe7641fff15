#!/usr/bin/env bash
# Fails when docs/ (or the formatting of examples/) differs from what
# `make generate` produces: changed, deleted and new untracked files all count.
# Usage: check-docs.sh [make command]
set -euo pipefail
make_cmd="${1:-make}"
cd "$(dirname "$0")/.."

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "error: check-docs.sh compares docs/ with git and needs a git work tree" >&2
  exit 1
fi

echo "+ $make_cmd generate"
"$make_cmd" --no-print-directory generate

stale=0
if ! git diff --exit-code --stat -- docs examples; then
  stale=1
fi
untracked="$(git ls-files --others --exclude-standard -- docs)"
if [ -n "$untracked" ]; then
  echo "new files under docs/ that are not in git:"
  echo "$untracked"
  stale=1
fi
if [ "$stale" -ne 0 ]; then
  cat >&2 <<'MSG'
error: docs/ is stale. Run `make generate` and commit docs/ (and any examples/
it reformatted). Never edit docs/ by hand: change the schema's
MarkdownDescription, templates/ or examples/ instead.
MSG
  exit 1
fi
echo "docs/ is up to date"
