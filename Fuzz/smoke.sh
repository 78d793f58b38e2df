#!/usr/bin/env bash
# Runs every fuzz target briefly (FUZZ_SMOKE_SECONDS each, default 8) and fails on the first crash,
# time-out or out-of-memory. Called by .ci/run before `swift test`.
#
# Building the five sanitized targets from scratch takes about 2-3 minutes on two cores (the YAML modules
# are compiled once and shared); the fuzzing itself about 45 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SMOKE_SECONDS:-8}
log=$(mktemp "${TMPDIR:-/tmp}/pureyaml-fuzz-smoke.XXXXXX")
trap 'rm -f "$log"' EXIT
for target in parser composer formatter config framer message; do
  status=0
  Fuzz/run.sh "$target" "$seconds" >"$log" 2>&1 || status=$?
  grep -E '^(run\.sh|build\.sh|SUMMARY|Done )|==ERROR|Fatal error|fuzz invariant|deadly signal|out-of-memory' "$log" || true
  if [[ $status -ne 0 ]]; then
    tail -40 "$log" >&2
    echo "fuzz smoke: $target failed (exit $status)" >&2
    exit "$status"
  fi
done
echo "fuzz smoke: all targets passed" >&2
