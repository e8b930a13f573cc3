#!/usr/bin/env bash
# Installs what is missing: the npm workspaces (when the lock file changed), and on request the
# Debian packages the tests need. Safe to run again; it does nothing when everything is present.
#   scripts/ensure-deps.sh           npm packages only
#   scripts/ensure-deps.sh --ffmpeg  also ffmpeg (the camera simulators of the demo)
#   scripts/ensure-deps.sh --mosquitto  also Mosquitto (the external-broker API tests)
#   scripts/ensure-deps.sh --plugin  also what the desktop video plug-in runs: ffmpeg (with ffplay), xdotool, xdg-utils
#   scripts/ensure-deps.sh --system  also chromium, CJK fonts, the PostgreSQL server, Mosquitto, nginx, ffmpeg,
#                                    and for the plug-in's tests Xvfb, xdotool and x11-utils (xwininfo)
set -euo pipefail
cd "$(dirname "$0")/.."

need_major=20 need_minor=19
ver=$(node -p 'process.versions.node')
IFS=. read -r major minor _ <<<"$ver"
if (( major < need_major || (major == need_major && minor < need_minor) )); then
  echo "CityOps needs Node.js >= ${need_major}.${need_minor}; this machine has ${ver}." >&2
  exit 1
fi

stamp=node_modules/.cityops-installed
if [[ ! -f $stamp || package-lock.json -nt $stamp || package.json -nt $stamp ]]; then
  echo "==> installing npm packages"
  npm ci --no-audit --no-fund 2>&1 | grep -v 'Unknown user config "nodedir"' || true
  [[ -d node_modules ]] || { echo "npm ci failed" >&2; exit 1; }
  touch "$stamp"
fi

[[ ${1:-} == --system || ${1:-} == --ffmpeg || ${1:-} == --mosquitto || ${1:-} == --plugin ]] || exit 0

missing=()
[[ ${1:-} == --mosquitto ]] || command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
if [[ ${1:-} == --system ]]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  # Read the whole list first: `fc-list | grep -q` fails under pipefail when grep stops reading early.
  fonts=$(fc-list : family 2>/dev/null || true)
  [[ ${fonts,,} == *"noto sans cjk"* ]] || missing+=(fonts-noto-cjk)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
  # The cluster test (server/src/cluster.test.ts) runs its own nginx from a config of its own; on a
  # machine with an init system the package also starts Debian's default site on port 80.
  command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || missing+=(nginx)
fi
# The video plug-in: Debian's ffmpeg package brings ffplay; xdotool places its windows on X11.
if [[ ${1:-} == --system || ${1:-} == --plugin ]]; then
  command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
fi
[[ ${1:-} != --plugin ]] || command -v xdg-mime >/dev/null 2>&1 || missing+=(xdg-utils)
if [[ ${1:-} == --system ]]; then
  command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
  command -v xwininfo >/dev/null 2>&1 || missing+=(x11-utils)
fi
if [[ ${1:-} == --system || ${1:-} == --mosquitto ]]; then
  # The external-broker tests (server/src/modules/iot/external.test.ts): Mosquitto 2 has shared subscriptions.
  command -v mosquitto >/dev/null 2>&1 || [[ -x /usr/sbin/mosquitto ]] || missing+=(mosquitto)
fi
if (( ${#missing[@]} )); then
  echo "==> installing Debian packages: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
