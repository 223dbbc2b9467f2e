#!/usr/bin/env bash
# Every test: set up, then build and run the test suite three times: in the
# Release build, under AddressSanitizer + UndefinedBehaviorSanitizer, and the
# threaded code's tests under ThreadSanitizer. Each phase prints its wall time
# (CI's budget is 15 minutes on 2 cores).
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
# The sanitized builds run beside the Release tests at a lower priority: they
# take what the tests leave of the cores (single-threaded tests, waits on
# engines and GUIs). The ThreadSanitizer build comes first, so that its tests
# (mostly waits on servers and GUIs) run while the sanitize build goes on
# beside them, and the sanitize tests, which keep both cores busy, come last.
# Both read the tables and libraries the Release run builds (byte-identical;
# rebuilding them sanitized would cost minutes).
phase "release tests (and the sanitized builds beside them)"
tables=-DCHUNKER_TEST_DATA_FROM="$root/build/release/data"
background_build() {  # KIND: the build, its output in build/KIND-build.log, exit status in build/KIND-build.status
  local status=0
  nice -n 10 "$root/scripts/build.sh" "$1" "$tables" >"$root/build/$1-build.log" 2>&1 || status=$?
  echo "$status" >"$root/build/$1-build.status"
}
finished() {  # KIND: waits for the build, and stops the run where it failed
  while [ ! -f "$root/build/$1-build.status" ]; do sleep 1; done
  [ "$(cat "$root/build/$1-build.status")" -eq 0 ] || {
    cat "$root/build/$1-build.log"
    echo "test.sh: the $1 build failed" >&2
    exit 1
  }
}
mkdir -p "$root/build"
rm -f "$root/build/sanitize-build.status" "$root/build/tsan-build.status"
(background_build tsan; background_build sanitize) &
builds=$!
release_status=0
(cd "$root/build/release" && ctest --output-on-failure -j "$jobs") || release_status=$?
phase "rest of the ThreadSanitizer build"
finished tsan
[ "$release_status" -eq 0 ] || { kill "$builds" 2>/dev/null || true; exit "$release_status"; }
phase "ThreadSanitizer tests (and the sanitize build beside them)"
(cd "$root/build/tsan" && ctest --output-on-failure -j "$jobs")
phase "rest of the sanitize build"
finished sanitize
wait "$builds"
phase "sanitize tests"
# A report names the calls that led to it, not only the line.
(cd "$root/build/sanitize" && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j "$jobs")
phase done
