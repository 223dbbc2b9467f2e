#!/usr/bin/env bash
# The main job: set up, build, generate the chunk libraries, and print the
# paper's Table 4-1 for the default suite (nodes and ply at each level).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" release
"$root/build/release/cli/chunker" libgen
"$root/build/release/cli/chunker" table "$root/testpositions/default.epd"
