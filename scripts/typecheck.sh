#!/usr/bin/env bash
# tsc in every workspace, as many at once as there are cores (TYPECHECK_JOBS overrides): each tsc is one
# single-threaded process, so one after another they left the other cores idle. A workspace's errors
# are printed together, after its name; the exit status is non-zero when any workspace fails.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${TYPECHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}"
node -e 'for (const w of require("./package.json").workspaces) console.log(w)' |
  xargs -P "$jobs" -I{} bash -c '
    if out=$(node_modules/.bin/tsc -p "$1" 2>&1); then echo "typecheck $1: ok"
    else printf "typecheck %s: FAILED\n%s\n" "$1" "$out"; exit 1; fi' _ {}
