#!/usr/bin/env bash
# The main job: set up, build, generate the chunk libraries, and solve the
# default suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" release
"$root/build/release/cli/chunker" libgen
"$root/build/release/cli/chunker" solve --epd "$root/testpositions/level0.epd"
