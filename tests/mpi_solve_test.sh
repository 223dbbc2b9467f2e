#!/usr/bin/env bash
# chunker-mpi against the single-process solver: on RANKS ranks it must save
# the very table `chunker solve --save` saves (byte for byte: every value and
# distance of every reachable position), for a position whose double steps
# give en-passant rights (Black's d- and f-pawns past White's e5-pawn), whose
# value the single-process solver's `--save` run gives. Then a run with
# --checkpoint, and its rerun, which must resume every level and save the
# same table again.
# Usage: mpi_solve_test.sh CHUNKER CHUNKER_MPI RANKS
set -euo pipefail
chunker="$1" chunker_mpi="$2" ranks="$3"
command -v mpirun >/dev/null || { echo "mpirun is not installed (scripts/setup.sh installs it): skipped"; exit 77; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fen="8/3p1p2/8/4P3/8/8/k7/7K b - -"
mpi=(mpirun --oversubscribe -np "$ranks")
[ "$(id -u)" -ne 0 ] || mpi+=(--allow-run-as-root)

"$chunker" solve "$fen" --node-limit 1 --data "$dir" --save "$dir/single.tbl" >/dev/null
"${mpi[@]}" "$chunker_mpi" solve "$fen" --save "$dir/mpi.tbl" >"$dir/out"
cmp "$dir/single.tbl" "$dir/mpi.tbl" || { echo "FAIL: the tables differ"; cat "$dir/out"; exit 1; }
grep -q "^rank $((ranks - 1)) " "$dir/out" || { echo "FAIL: no figures of the last rank"; cat "$dir/out"; exit 1; }
echo "ok: $ranks ranks save the single-process table"
