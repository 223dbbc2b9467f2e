#!/usr/bin/env bash
# Every test: set up, then build and run the test suite twice, in the Release
# build and under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
echo "== style"
"$root/scripts/check_style.sh"
echo "== release build"
"$root/scripts/build.sh" release
# Two tests at a time: most are single-threaded, and CTest keeps the
# fixtures' order (the tables are built before the tests that read them).
jobs="$(nproc)"
(cd "$root/build/release" && ctest --output-on-failure -j "$jobs")
# The sanitized tests read the tables and libraries the Release run just
# built (they are byte-identical, and rebuilding them under ASan would cost
# minutes of CI's time).
echo "== sanitize build"
"$root/scripts/build.sh" sanitize -DCHUNKER_TEST_DATA_FROM="$root/build/release/data"
(cd "$root/build/sanitize" && ctest --output-on-failure -j "$jobs")
