#!/usr/bin/env bash
# Whole-table symmetry check of the a-c vs f-h oracle, which is its own
# colour-reversed mirror and so stores one pawn configuration of each twin
# pair: the build solves every other configuration as well, from its own
# side, and compares each of its 8,192 entries with the stored entry of its
# twin (and, in the configurations that are their own twins, each entry with
# its twin there). Exits 1 if any differ. Writes to a scratch directory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
chunker="${CHUNKER:-$root/build/native/cli/chunker}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$chunker" oracle build --layout abc-fgh --data "$work" --check-twins
