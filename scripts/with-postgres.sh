#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server started for it, then stops the server and
# deletes its data whatever the command's outcome. The command sees DATABASE_URL.
#   scripts/with-postgres.sh npm test -w @cityops/server
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[[ -n $bin ]] || { echo "PostgreSQL is not installed (scripts/ensure-deps.sh --system installs it)" >&2; exit 1; }

dir=$(mktemp -d /tmp/cityops-pg.XXXXXX)
port=${PG_TEST_PORT:-$(( 55000 + RANDOM % 5000 ))}
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[[ $(id -u) -eq 0 ]] && chown postgres "$dir"

cleanup() {
  as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-locale >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }

echo "==> PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
