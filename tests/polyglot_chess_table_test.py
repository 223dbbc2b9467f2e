#!/usr/bin/python3
"""After Chunker's promotion the chess-exact table plays: `chunker uci`
behind PolyGlot, against Stockfish 15.1, from king-and-pawn positions that
Chunker's rules and chess both score won for Chunker (the pawn queens
safely; Gaviota's KQK tables mate from every position after it, which the
unit test chess_exact_test.cpp checks), plays to checkmate, and from the
promotion on asks its ChessEngine (Stockfish behind tests/recording_engine.py,
which logs every position it is asked about) for no move: each is the chess
table's. Every move is checked by tests/chess_referee.py.

usage: polyglot_chess_table_test.py CHUNKER DATA_DIR"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
import polyglot_chess_test  # noqa: E402
from missing_tool import missing_tool  # noqa: E402

# (name, FEN, Chunker's side, the promotion): the pawn cannot be caught.
GAMES = [
    ('kpk-white', '8/1P6/8/8/8/8/6k1/K7 w - - 0 1', 'w', 'b7b8'),
    ('kpk-black', 'k7/8/8/8/8/8/5p2/1K6 b - - 0 1', 'b', 'f2f1'),
]


class Arguments:
    seconds, increment, chunker_depth, max_plies = 300, 0, 8, 200
    stockfish_clock, stockfish_ms, stockfish_depth = False, 0, 10


def main():
    chunker_binary, data = sys.argv[1:3]
    polyglot = engines.find_polyglot()
    if not polyglot or not os.path.exists(polyglot_chess_test.STOCKFISH):
        return missing_tool('polyglot and stockfish')
    failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        log = os.path.join(workdir, 'asked.log')
        # One word for --chess-engine: a script that starts the recording engine.
        recording = os.path.join(workdir, 'engine.sh')
        with open(recording, 'w') as f:
            f.write('#!/bin/sh\nexec %s %s %s %s\n' % (
                sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'recording_engine.py'), log,
                polyglot_chess_test.STOCKFISH))
        os.chmod(recording, 0o755)
        command = '%s uci --libraries %s --data %s --hash 16 --cache %s --chess-engine %s' % (
            chunker_binary, data, data, os.path.join(workdir, 'cache'), recording)
        chunker = engines.Polyglot(polyglot, command)
        stockfish = engines.Uci([polyglot_chess_test.STOCKFISH], [('Threads', 1), ('Hash', 16)])
        try:
            for name, fen, side, promotion in GAMES:
                open(log, 'w').close()
                won, why = polyglot_chess_test.play(name, fen, side, chunker, stockfish, Arguments())
                asked = [line for line in open(log).read().splitlines() if promotion in line.split()]
                print('  chess engine asked after the promotion: %d times' % len(asked))
                ok = won and not asked
                print('  %s: %s' % ('ok' if ok else 'FAIL', why if not asked else 'asked: ' + asked[0]))
                failures += not ok
        finally:
            chunker.close()
            stockfish.close()
    print('%d passed, %d failed' % (len(GAMES) - failures, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
