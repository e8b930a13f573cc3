#!/usr/bin/env bash
# Starts the CityOps video plug-in: what `make plugin` and the cityops-plugin:// handler run.
# Arguments go to the plug-in (see README.md); a cityops-plugin:// address among them is ignored.
# A second start while one runs exits quietly. Started from the desktop (no terminal), the output
# goes to ~/.cache/cityops/plugin.log.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -t 1 ]]; then
  log_dir="${XDG_CACHE_HOME:-$HOME/.cache}/cityops"
  mkdir -p "$log_dir"
  exec >>"$log_dir/plugin.log" 2>&1
fi
exec npm --silent run start -w @cityops/video-plugin -- "$@"
