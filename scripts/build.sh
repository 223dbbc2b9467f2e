#!/usr/bin/env bash
# Builds Chunker: `scripts/build.sh` for the Release build in build/release, a portable
# binary, `scripts/build.sh native` for one compiled for this machine's instruction set in
# build/native (scripts/run.sh and the benches),
# `scripts/build.sh sanitize` for the AddressSanitizer + UBSan build in build/sanitize,
# `scripts/build.sh tsan` for the ThreadSanitizer build of the threaded code and its
# tests in build/tsan. Further arguments go to cmake's configure step.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kind="${1:-release}"
shift $(( $# > 0 ? 1 : 0 ))
case "$kind" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release -DCHUNKER_NATIVE=OFF) ;;
  native) flags=(-DCMAKE_BUILD_TYPE=Release -DCHUNKER_NATIVE=ON) ;;
  # -O1 without debug information: half the compile time of -O2 -g, and a
  # quarter less than with line tables (-g1), which CI's time cannot spare.
  # The reports still name each function of a stack, and UndefinedBehavior-
  # Sanitizer's the file and line of the check (compiled into the check).
  # Clang: it compiles the instrumented code faster than GCC, and the
  # program meets a second compiler's warnings.
  sanitize) flags=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo
                   "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -DNDEBUG" -DCHUNKER_SANITIZE=ON) ;;
  tsan) flags=(-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo
               "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -DNDEBUG" -DCHUNKER_TSAN=ON) ;;
  *) echo "build.sh: unknown build kind '$kind' (release, native, sanitize or tsan)" >&2; exit 2 ;;
esac
# Unity builds: each target's files compiled as one translation unit, so the
# headers they share (Boost, nlohmann-json, the standard library) are parsed
# once per target, not per file: a clean build takes far less CPU time.
# Ninja, not Make: it compiles a target's files while the libraries it links are
# still being built, where Make waits for each library, so both cores stay busy.
# A directory configured for Make, or with another compiler, before is
# reconfigured; its data/ (tables the tests built) is kept.
dir="$root/build/$kind"
configured_for() {  # whether $dir's cache matches the grep pattern $1
  grep -q "$1" "$dir/CMakeCache.txt"
}
if [ -f "$dir/CMakeCache.txt" ] && { ! configured_for '^CMAKE_GENERATOR:INTERNAL=Ninja$' ||
  { [[ "$kind" == sanitize || "$kind" == tsan ]] && ! configured_for '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++$'; }; }; then
  rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles"
fi
cmake -G Ninja -S "$root" -B "$dir" "${flags[@]}" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 "$@" \
  >/dev/null
cmake --build "$dir" -j "$(nproc)"
