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
phase "release tests"
(cd "$root/build/release" && ctest --output-on-failure -j "$jobs")
# The sanitized tests read the tables and libraries the Release run just
# built (they are byte-identical, and rebuilding them under ASan would cost
# minutes of CI's time).
phase "sanitize build"
"$root/scripts/build.sh" sanitize -DCHUNKER_TEST_DATA_FROM="$root/build/release/data"
phase "sanitize tests"
(cd "$root/build/sanitize" && ctest --output-on-failure -j "$jobs")
phase done
