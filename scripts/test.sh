#!/usr/bin/env bash
# Every test: set up, then build and run the test suite twice, in the Release
# build and under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
for kind in release sanitize; do
  echo "== $kind build"
  "$root/scripts/build.sh" "$kind"
  (cd "$root/build/$kind" && ctest --output-on-failure)
done
