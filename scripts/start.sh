#!/usr/bin/env bash
# `make start`: the server (with the sub-apps on their ports) and, in demo mode, the camera-platform
# simulators beside it. Ctrl+C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."

children=()
stop() {
  for pid in "${children[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

if [[ ${CITYOPS_MODE:-demo} == demo && ${SIMULATORS:-on} != off ]]; then
  (cd simulators && exec npx --no-install tsx src/main.ts) &
  children+=($!)
fi

(cd server && DATA_DIR=${DATA_DIR:-$PWD/../data} exec npx --no-install tsx src/main.ts) &
children+=($!)
# Whichever stops first (a port in use, a bad setting) stops the other.
wait -n
