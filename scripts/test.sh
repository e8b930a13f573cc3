#!/usr/bin/env bash
# `make test`: every phase in order, each timed; at the end, even after a failure, the phases' times
# and the ten slowest test files (written by scripts/test-times.mjs), so a slow suite names its cause.
set -uo pipefail
cd "$(dirname "$0")/.."
export CITYOPS_TEST_TIMES
CITYOPS_TEST_TIMES=$(mktemp -d "${TMPDIR:-/tmp}/cityops-test-times.XXXXXX")
# CITYOPS_TEST_PHASES runs some of them, in the same way (for instance "test-api test-e2e").
read -ra PHASES <<<"${CITYOPS_TEST_PHASES:-typecheck lint test-unit test-sim test-plugin test-api test-api-pg test-e2e}"
started=$(date +%s)

summary() {
  local status=$?
  echo
  echo "==> test phases"
  if [[ -s "$CITYOPS_TEST_TIMES/phases.tsv" ]]; then
    awk -F'\t' '{ printf "  %-12s %6ds  %s\n", $1, $2, $3 }' "$CITYOPS_TEST_TIMES/phases.tsv"
  fi
  printf "  %-12s %6ds\n" total "$(($(date +%s) - started))"
  if [[ -s "$CITYOPS_TEST_TIMES/files.tsv" ]]; then
    echo "==> the ten slowest test files"
    sort -t$'\t' -k3,3nr "$CITYOPS_TEST_TIMES/files.tsv" | head -10 |
      awk -F'\t' '{ printf "  %7.1fs  %-12s %s\n", $3 / 1000, $1, $2 }'
  fi
  rm -rf "$CITYOPS_TEST_TIMES"
  exit "$status"
}
trap summary EXIT

for phase in "${PHASES[@]}"; do
  phase_started=$(date +%s)
  CITYOPS_TEST_PHASE=$phase make --no-print-directory "$phase"
  code=$?
  printf '%s\t%s\t%s\n' "$phase" "$(($(date +%s) - phase_started))" \
    "$([[ $code -eq 0 ]] && echo ok || echo "failed ($code)")" >>"$CITYOPS_TEST_TIMES/phases.tsv"
  [[ $code -eq 0 ]] || exit "$code"
done
echo "==> all checks passed"
