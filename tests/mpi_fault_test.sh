#!/usr/bin/env bash
# A rank of chunker-mpi killed mid-run (kill -9, rank RANK of 2, while the
# levels of Fine no. 70 are being solved with --checkpoint and --save): the
# run must end with one line from chunker-mpi naming the rank, its level and
# the levels kept (mpirun -q says nothing itself), leave no --save file, and
# the same command run again must resume from the level the line names, drop
# a level file left half-written under its temporary name, and save the very
# table `chunker solve --save` saves (byte for byte).
# Usage: mpi_fault_test.sh CHUNKER CHUNKER_MPI RANK
set -euo pipefail
chunker="$1" chunker_mpi="$2" victim="$3"
. "$(dirname "$0")/missing_tool.sh"
command -v mpirun >/dev/null || missing_tool mpirun
command -v pgrep >/dev/null || missing_tool "pgrep (Debian's procps)"
dir="$(mktemp -d)"
mpirun_pid=""
trap '[ -z "$mpirun_pid" ] || kill "$mpirun_pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
fen="8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"  # 27 levels, about a second on 2 ranks
# mpi_solve_test.sh says why the ranks run without the leak check.
mpi=(env ASAN_OPTIONS=detect_leaks=0 mpirun -q --oversubscribe -np 2)
[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)
run=("${mpi[@]}" "$chunker_mpi" solve "$fen" --checkpoint "$dir/levels" --save "$dir/mpi.tbl")

"$chunker" solve "$fen" --cache "" --data "$dir" --save "$dir/single.tbl" >/dev/null

# The process of rank $1 of this run: a child of mpirun, with its rank in its environment.
rank_pid() {
  for p in $(pgrep -P "$mpirun_pid"); do
    grep -qz "^OMPI_COMM_WORLD_RANK=$1\$" "/proc/$p/environ" 2>/dev/null && echo "$p" && return
  done
  true
}

"${run[@]}" >"$dir/out" 2>"$dir/err" &
mpirun_pid=$!
pid=""
for _ in $(seq 1 500); do
  pid=$(rank_pid "$victim")
  [ -z "$pid" ] || break
  sleep 0.02
done
[ -n "$pid" ] || { echo "FAIL: no process of rank $victim"; cat "$dir/err"; exit 1; }
# Killed once both ranks have kept level 3: mid-run.
for _ in $(seq 1 1000); do
  [ -e "$dir/levels/level-3.rank-0-of-2.tbl" ] && [ -e "$dir/levels/level-3.rank-1-of-2.tbl" ] && break
  sleep 0.01
done
kill -9 "$pid" || { echo "FAIL: rank $victim ended before it was killed"; cat "$dir/err"; exit 1; }
if wait "$mpirun_pid"; then echo "FAIL: the run went on after rank $victim was killed"; exit 1; fi
mpirun_pid=""

pattern="^chunker-mpi: rank $victim of 2 died at level [0-9]+ of 27; levels 0 to [0-9]+ are kept in $dir/levels; "
pattern+="run the same command again to resume from level ([0-9]+)$"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -Eq "$pattern" "$dir/err" || {
  echo "FAIL: not the one line expected:"
  cat "$dir/err" "$dir/out"
  exit 1
}
[ ! -e "$dir/mpi.tbl" ] || { echo "FAIL: the killed run left a --save file"; exit 1; }
kept=$(sed -E "s/.*resume from level ([0-9]+)$/\1/" "$dir/err")

touch "$dir/levels/level-$kept.rank-1-of-2.tbl.tmp.99999"  # as a rank killed while writing leaves it
"${run[@]}" >"$dir/out"
# At least the levels the line names: a rank killed after it kept a level but
# before it told the others leaves one level more than the line counts.
resumed=$(grep -Eo "[0-9]+ of 27 levels from $dir/levels" "$dir/out" | cut -d' ' -f1)
[ -n "$resumed" ] && [ "$resumed" -ge "$kept" ] && [ "$resumed" -le $((kept + 1)) ] || {
  echo "FAIL: the rerun did not resume from level $kept"
  cat "$dir/out"
  exit 1
}
[ ! -e "$dir/levels/level-$kept.rank-1-of-2.tbl.tmp.99999" ] || { echo "FAIL: a half-written file was kept"; exit 1; }
cmp "$dir/single.tbl" "$dir/mpi.tbl" || { echo "FAIL: the resumed table differs"; exit 1; }
killed_at=$(grep -Eo 'level [0-9]+ of 27' "$dir/err")
echo "ok: rank $victim killed at $killed_at, one line naming $kept levels; the rerun resumed $resumed"
