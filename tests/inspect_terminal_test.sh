#!/usr/bin/env bash
# `chunker inspect` in a real terminal: tmux runs it, send-keys types, and
# capture-pane reads the screen. Checks the board diagram of the Szén
# position and the output of `moves`, whose values are the oracle's (a win
# in 51 plies for White to move, the Szén position: Szén 1836, Fine no. 68;
# Ke1 and Ke2 keep it, `chunker oracle probe`).
# Usage: inspect_terminal_test.sh CHUNKER DATA_DIR
set -euo pipefail
chunker="$1" data="$2"
. "$(dirname "$0")/missing_tool.sh"
command -v tmux >/dev/null || missing_tool tmux
export LC_ALL=C.UTF-8  # the diagram's chess glyphs
socket="chunker-test-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true' EXIT

# Waits until the screen shows the text $1 (fixed string), at most 30 s.
wait_for() {
  for _ in $(seq 300); do
    tmux_ capture-pane -p -J -S - -t inspect | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  echo "FAIL: the screen never showed: $1"; tmux_ capture-pane -p -J -S - -t inspect; exit 1
}
expect() {
  tmux_ capture-pane -p -J -S - -t inspect | grep -qF -- "$1" || { echo "FAIL: not on the screen: $1"; exit 1; }
}

tmux_ new-session -d -s inspect -x 110 -y 80 \
  "'$chunker' inspect '4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1' --data '$data' --libraries '$data';"\
" echo \"session ended with status \$?\"; sleep 30"
wait_for "chunker> "
expect "chunker inspect: type help for the commands, quit to leave"
expect "    a b c d e f g h          chunks"
expect "  8 · · · · ♚ · · ·  8      · · · · A · · ·"
expect "  7 · · · · · ♟ ♟ ♟  7      · · · · · B B B"
expect "  2 ♙ ♙ ♙ · · · · ·  2      A A A · · · · ·"
expect "  1 · · · ♔ · · · ·  1      · · · B · · · ·"
expect "  White to move      4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"
tmux_ send-keys -t inspect "moves" Enter
wait_for "  Ke1     d1e1   win in 51"
expect "  Ke2     d1e2   win in 51"
# Line editing: the up arrow brings `moves` back from the history.
tmux_ send-keys -t inspect Up
for _ in $(seq 100); do
  [ "$(tmux_ capture-pane -p -t inspect | grep -v '^$' | tail -n 1)" = "chunker> moves" ] && break
  sleep 0.1
done
[ "$(tmux_ capture-pane -p -t inspect | grep -v '^$' | tail -n 1)" = "chunker> moves" ] ||
  { echo "FAIL: the up arrow did not recall 'moves'"; exit 1; }
tmux_ send-keys -t inspect C-u "quit" Enter
wait_for "session ended with status 0"
echo "inspect in tmux: board diagram, moves and line history as expected"
