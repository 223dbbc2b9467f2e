#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and test Chunker, and
# nothing it already has: every tool a test uses is here, since under CI=true
# a test whose tool is missing fails. Safe to run any number of times.
# Further packages a script needs beside these may be named as arguments
# (scripts/package.sh: lintian).
set -euo pipefail

packages=(cmake ninja-build g++ libboost-graph-dev libboost-serialization-dev libboost-program-options-dev
          clang libclang-rt-dev       # the sanitized builds (scripts/build.sh sanitize|tsan)
          doctest-dev libzstd-dev libmd-dev
          clang-format git            # the style check of the tests (scripts/check_style.sh)
          gaviotatb libgaviotatb-dev  # the Gaviota tablebase the KPK test compares with
          libedit-dev                 # line editing in chunker inspect (BSD licence, readline's interface)
          tmux python3-jsonschema     # the inspect tests: a real terminal, and --json against its schema
          polyglot                    # the uci test through the xboard protocol, as xboard runs UCI engines
          stockfish                   # the chess after Chunker's game (UCI option ChessEngine), and its tests
          python3 procps              # the Python tests; pgrep in the MPI fault test
          libboost-mpi-dev openmpi-bin libopenmpi-dev  # chunker-mpi: the exact solver over Open MPI
          nlohmann-json3-dev          # chunker serve's JSON (Debian 12's Boost.JSON would replace its Boost 1.74)
          chromium python3-websocket  # chunker serve's board page, tested in a headless browser
          pybind11-dev python3-dev    # the Python module (python/)
          "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
