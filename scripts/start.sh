#!/usr/bin/env bash
# `make start`: the server (with the sub-apps on their ports) and, in demo mode, the simulators beside
# it: the camera platforms, the device fleet and the alarm columns. Ctrl+C stops both.
# The fleet starts first and keeps trying, quietly, until the server's MQTT broker is up. Both sides read
# DEMO_DEVICES (default 200, up to 10,000): the server's demo seed registers that many devices and the
# fleet plays the same ones. The fleet talks to the server's embedded broker (MQTT_PORT, default 1883)
# or to the external broker of MQTT_URL; FLEET_MQTT_URL overrides both. The 8 demo alarm columns
# (ALARMBOX_COUNT) sign in to the same broker; their admin routes are on ALARMBOX_ADMIN_PORT (10804).
set -euo pipefail
cd "$(dirname "$0")/.."

# The server runs from its production build (`make build`), as `npm start -w @cityops/server` runs it.
[[ -f server/dist/main.js ]] || { echo "server/dist/main.js is missing: run make build first" >&2; exit 1; }

children=()
stop() {
  for pid in "${children[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

if [[ ${CITYOPS_MODE:-demo} == demo && ${SIMULATORS:-on} != off ]]; then
  fleet_url=${FLEET_MQTT_URL:-${MQTT_URL:-mqtt://127.0.0.1:${MQTT_PORT:-1883}}}
  if [[ ${MQTT_PORT:-1883} == -1 && -z ${MQTT_URL:-} && -z ${FLEET_MQTT_URL:-} ]]; then
    fleet_devices=0 # no broker to talk to
    alarm_boxes=0
  else
    fleet_devices=${DEMO_DEVICES:-}
    alarm_boxes=${ALARMBOX_COUNT:-}
  fi
  (cd simulators && FLEET_MQTT_URL=$fleet_url DEMO_DEVICES=$fleet_devices ALARMBOX_COUNT=$alarm_boxes \
    exec npx --no-install tsx src/main.ts) &
  children+=($!)
fi

(cd server && DATA_DIR=${DATA_DIR:-$PWD/../data} exec node --enable-source-maps dist/main.js) &
children+=($!)
# Whichever stops first (a port in use, a bad setting) stops the other.
wait -n
