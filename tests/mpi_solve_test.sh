#!/usr/bin/env bash
# chunker-mpi against the single-process solver: on RANKS ranks it must save
# the very table `chunker solve --save` saves (byte for byte: every value and
# distance of every reachable position), for a position whose double steps
# give en-passant rights (Black's d- and f-pawns past White's e5-pawn), whose
# value the single-process solver's `--save` run gives. Then the checkpoints:
# a run with --checkpoint, one level file of the last rank cut short (as a
# write stopped half-way would leave it, were it not written to a temporary
# name) and the next one removed: the rerun must take the damaged level as
# unfinished, resume from it and save the same table again, gathered this
# time in batches of 3 slices (CHUNKER_MPI_GATHER_SLICES, a knob for this
# test only: rank 0 then receives many batches from each rank into one
# buffer). Then the chess-exact solver (--rules chess) on the white
# trebuchet, whose black pawn promotes to each piece: the slices rank 0
# writes to its cache must be those `chunker solve --rules chess --cache`
# writes, file for file and byte for byte, and the value the same; the
# ranks' counts of slices solved and fetched must be those files'. Last, a
# rank started with other options must be refused.
# Usage: mpi_solve_test.sh CHUNKER CHUNKER_MPI RANKS
set -euo pipefail
chunker="$1" chunker_mpi="$2" ranks="$3"
. "$(dirname "$0")/missing_tool.sh"
command -v mpirun >/dev/null || missing_tool mpirun
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fen="8/3p1p2/8/4P3/8/8/k7/7K b - -"
# Open MPI keeps allocations of its run-time components (loaded with dlopen,
# so LeakSanitizer cannot name them) until exit: in the sanitizer build the
# ranks would fail on leaks that are not Chunker's. The single-process run
# keeps the leak check.
mpirun=(env ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe)
mpi=("${mpirun[@]}" -np "$ranks")
[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)

"$chunker" solve "$fen" --cache "" --data "$dir" --save "$dir/single.tbl" >/dev/null
"${mpi[@]}" "$chunker_mpi" solve "$fen" --save "$dir/mpi.tbl" >"$dir/out"
cmp "$dir/single.tbl" "$dir/mpi.tbl" || { echo "FAIL: the tables differ"; cat "$dir/out"; exit 1; }
grep -q "^rank $((ranks - 1)) " "$dir/out" || { echo "FAIL: no figures of the last rank"; cat "$dir/out"; exit 1; }

"${mpi[@]}" "$chunker_mpi" solve "$fen" --checkpoint "$dir/levels" >/dev/null
levels=$(ls "$dir/levels" | grep -c "rank-0-of-$ranks")
last="rank-$((ranks - 1))-of-$ranks.tbl"
truncate -s 100 "$dir/levels/level-3.$last"
rm "$dir/levels/level-4.$last"
"${mpi[@]}" -x CHUNKER_MPI_GATHER_SLICES=3 "$chunker_mpi" solve "$fen" --checkpoint "$dir/levels" \
  --save "$dir/resumed.tbl" >"$dir/out"
grep -q "3 of $levels levels from $dir/levels" "$dir/out" || {
  echo "FAIL: did not resume from level 3"
  cat "$dir/out"
  exit 1
}
cmp "$dir/single.tbl" "$dir/resumed.tbl" || { echo "FAIL: the resumed table differs"; exit 1; }

chess="8/8/8/3Kp3/4Pk2/8/8/8 w - -"
"$chunker" solve "$chess" --rules chess --cache "$dir/single" >"$dir/single.out"
"${mpi[@]}" "$chunker_mpi" solve "$chess" --rules chess --cache "$dir/ranks" >"$dir/out"
diff -r "$dir/single/chess" "$dir/ranks/chess" || { echo "FAIL: the chess slices differ"; cat "$dir/out"; exit 1; }
# The ranks solve every slice written and no other (a slice read through its
# colour-reversed twin is neither solved nor written); each is fetched by
# the other ranks.
solved=$(grep -o 'solved [0-9]*' "$dir/out" | awk '{s += $2} END {print s}')
fetched=$(grep -o 'fetched [0-9]*' "$dir/out" | awk '{s += $2} END {print s}')
files=$(ls "$dir/ranks/chess" | wc -l)
[ "$solved" -eq "$files" ] && [ "$fetched" -eq $((files * (ranks - 1))) ] || {
  echo "FAIL: the ranks solved $solved and fetched $fetched slices; $files written, $ranks ranks"
  cat "$dir/out"
  exit 1
}
[ "$(grep '^value' "$dir/single.out")" = "$(grep '^value' "$dir/out")" ] || {
  echo "FAIL: the chess values differ"
  cat "$dir/single.out" "$dir/out"
  exit 1
}

if "${mpirun[@]}" --allow-run-as-root -np 1 "$chunker_mpi" solve "$fen" : -np $((ranks - 1)) "$chunker_mpi" \
  solve "$fen" --threads 2 >"$dir/out" 2>&1; then
  echo "FAIL: ranks with other options ran"; exit 1
fi
grep -q "runs another binary or other options than rank 0; refused" "$dir/out" || { cat "$dir/out"; exit 1; }
echo "ok: $ranks ranks save the single-process table, resume from the checkpoints, write the chess slices,"\
  "refuse a foreign rank"
