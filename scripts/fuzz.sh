#!/usr/bin/env bash
# Fuzzes the FEN/EPD readers, with FUZZ_TARGET=uci the UCI command reader, or
# with FUZZ_TARGET=serve the server's request path: builds the libFuzzer
# target fen_fuzz / uci_fuzz / serve_fuzz (clang, ASan + UBSan, tests/fuzz/)
# in build/fuzz and runs it for $1 seconds (default 60) on build/fuzz/corpus
# (corpus-uci, corpus-serve), a working copy of tests/fuzz/corpus
# (corpus-uci, corpus-serve) that keeps growing from run to run. Any further arguments go
# to libFuzzer. uci_fuzz reads the chunk libraries from $CHUNKER_FUZZ_DATA.
#   scripts/fuzz.sh            # one minute
#   scripts/fuzz.sh 600 -max_len=256
#   FUZZ_TARGET=uci CHUNKER_FUZZ_DATA=data scripts/fuzz.sh 600
#   FUZZ_TARGET=serve scripts/fuzz.sh 600
# The whole output goes to build/fuzz/<target>_fuzz.log too. Exit status: 0 when
# no crash or broken invariant was found; otherwise non-zero, and the input is
# saved under build/fuzz/artifacts/ (replay it: build/fuzz/tests/fuzz/<target>_fuzz FILE).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
(($# > 0)) && shift
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || ((seconds == 0)); then
  echo "fuzz.sh: the run time must be a positive number of seconds, got '$seconds'" >&2
  exit 2
fi

target="${FUZZ_TARGET:-fen}"
# Inputs up to max_len bytes: a request passes the server's 4 KB target and
# 16 KB header limits.
max_len=1024
case "$target" in
  fen) corpus_name=corpus; dict=fen.dict ;;
  uci) corpus_name=corpus-uci; dict=uci.dict ;;
  serve) corpus_name=corpus-serve; dict=serve.dict; max_len=20000 ;;
  *) echo "fuzz.sh: FUZZ_TARGET must be fen, uci or serve, got '$target'" >&2; exit 2 ;;
esac
"$root/scripts/setup.sh" clang libclang-rt-dev  # clang++ and its libFuzzer
build="$root/build/fuzz"
generator=()
if [ ! -f "$build/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
echo "== configure $build"
CXX=clang++ cmake -S "$root" -B "$build" "${generator[@]}" \
  -DCHUNKER_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
echo "== build ${target}_fuzz"
cmake --build "$build" --target "${target}_fuzz" -j "$(nproc)"

corpus="$build/$corpus_name"
artifacts="$build/artifacts"
log="$build/${target}_fuzz.log"
mkdir -p "$corpus" "$artifacts"
cp -n "$root"/tests/fuzz/"$corpus_name"/* "$corpus"/
marker="$build/.fuzz_run_started"
touch "$marker"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
echo "== fuzz for ${seconds}s on $corpus ($(find "$corpus" -type f | wc -l) inputs)"
set +e
"$build/tests/fuzz/${target}_fuzz" \
  -max_total_time="$seconds" -timeout=10 -max_len="$max_len" -print_final_stats=1 \
  -dict="$root/tests/fuzz/$dict" -artifact_prefix="$artifacts/" \
  "$@" "$corpus" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

new_artifacts=$(find "$artifacts" -type f -newer "$marker" | sort)
echo "== summary"
grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1 || true
grep -E '^(Done [0-9]+ runs|stat::)' "$log" || true
echo "corpus: $(find "$corpus" -type f | wc -l) files in $corpus"
if ((status != 0)) || [ -n "$new_artifacts" ]; then
  echo "fuzz.sh: CRASH or broken invariant found (${target}_fuzz exit status $status); inputs in $artifacts:" >&2
  echo "${new_artifacts:-  (none written)}" >&2
  ((status != 0)) && exit "$status"
  exit 1
fi
echo "fuzz.sh: no crash in ${seconds}s"
