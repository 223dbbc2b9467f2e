#!/usr/bin/env bash
# The main job: set up, build for this machine (build/native), generate the
# chunk libraries, and print the paper's Table 4-1 for the default suite
# (nodes and ply at each level).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" native
"$root/build/native/cli/chunker" libgen
"$root/build/native/cli/chunker" table "$root/testpositions/default.epd"
