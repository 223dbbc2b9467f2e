#!/usr/bin/env bash
# Every test: set up, then build and run the test suite twice, in the Release
# build and under AddressSanitizer + UndefinedBehaviorSanitizer. Each phase
# prints its wall time (CI's budget is 15 minutes on 2 cores).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
start=$SECONDS
phase_start=$SECONDS
phase() {
  echo "== $1 (previous phase $((SECONDS - phase_start)) s, total $((SECONDS - start)) s)"
  phase_start=$SECONDS
}
phase setup
"$root/scripts/setup.sh"
phase style
"$root/scripts/check_style.sh"
phase "release build"
"$root/scripts/build.sh" release
# Two tests at a time: most are single-threaded, and CTest keeps the
# fixtures' order (the tables are built before the tests that read them).
jobs="$(nproc)"
# The sanitize build runs beside the Release tests at a lower priority: it
# takes what they leave of the cores (single-threaded tests, waits on
# engines and GUIs). Its tests read the tables and libraries the Release run
# builds (byte-identical; rebuilding them under ASan would cost minutes).
phase "release tests (and the sanitize build beside them)"
sanitize_log="$root/build/sanitize-build.log"
nice -n 10 "$root/scripts/build.sh" sanitize -DCHUNKER_TEST_DATA_FROM="$root/build/release/data" \
  >"$sanitize_log" 2>&1 &
sanitize_build=$!
release_status=0
(cd "$root/build/release" && ctest --output-on-failure -j "$jobs") || release_status=$?
phase "rest of the sanitize build"
wait "$sanitize_build" || { cat "$sanitize_log"; echo "test.sh: the sanitize build failed" >&2; exit 1; }
[ "$release_status" -eq 0 ] || exit "$release_status"
phase "sanitize tests"
(cd "$root/build/sanitize" && ctest --output-on-failure -j "$jobs")
phase done
