#!/usr/bin/env python3
"""A game Chunker wins by its rules goes on, in a chess GUI, to checkmate:
`chunker uci` (oracle built) behind PolyGlot, driven through the xboard
protocol as xboard drives it (no display), against Stockfish 15.1, from the
Szén position with Chunker to move (White from the `w` position, Black from
the `b` one) and from positions right after Chunker's safe promotion. Every
move is checked by tests/chess_referee.py, which also says when the chess
game is over. Pass: every game ends in checkmate by Chunker.

usage: polyglot_chess_test.py CHUNKER DATA_DIR [--chess-engine COMMAND] [--seconds S] [--increment I]
           [--chunker-depth D]
           [--stockfish-depth D | --stockfish-ms MS | --stockfish-clock] [--only NAME[,NAME...]] [--max-plies N]
Defaults: Chunker searches 8 plies a move (xboard's `sd 8`) on a 5-minute
clock it never nears, Stockfish 10 plies: fixed depths, so the games are the
same on every run and on a slower (sanitizer) build.
By hand, as a GUI game: --seconds 40 --increment 1 --chunker-depth 0 --stockfish-clock.
Exit status 77 (CTest's skip) when polyglot or stockfish is not installed, 1 under CI=true.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chess_referee  # noqa: E402
import engines  # noqa: E402
from missing_tool import missing_tool  # noqa: E402

STOCKFISH = '/usr/games/stockfish'
# (name, FEN, Chunker's side). The others are positions right after
# Chunker's safe promotion in Szén games this test played (printed as
# "Chunker's game over at"), Stockfish to move: a queen against pawns that
# may still promote, as in bench/match's games (Black's g- and h-pawns one and
# two steps from queening after 15.c8=Q). From this test's Szén games at
# 50 ms a move for Stockfish: szen-white-queen, szen-black-queen; from the
# run by hand at 40 s + 1 s: szen-white-queen-40s.
GAMES = [
    ('szen-white', '4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1', 'w'),
    ('szen-black', '4k3/5ppp/8/8/8/8/PPP5/3K4 b - - 0 1', 'b'),
    ('szen-white-queen', 'Q7/8/8/2k5/8/6p1/6Kp/8 b - - 0 1', 'w'),
    ('szen-black-queen', '8/8/1k4p1/1P6/P1P5/7K/8/5q2 w - - 0 1', 'b'),
    ('szen-white-queen-40s', '2Q5/8/6p1/1k5p/5p2/8/5K2/8 b - - 0 1', 'w'),
]


def play(name, fen, chunker_side, chunker, stockfish, args):
    game = chess_referee.ChessGame(fen)
    moves = []
    clock = {'chunker': args.seconds * 1000, 'stockfish': args.seconds * 1000}
    chunker.new_game(fen, args.seconds, args.increment, args.chunker_depth)
    stockfish.new_game()
    while not game.chess_result and len(moves) < args.max_plies:
        chunker_turn = game.side == chunker_side
        start = time.time()
        if chunker_turn:
            move = chunker.move(moves, clock['chunker'], clock['stockfish'])
        elif args.stockfish_clock:
            own, other = clock['stockfish'], clock['chunker']
            w, b = (own, other) if game.side == 'w' else (other, own)
            move = stockfish.move(fen, moves, go='wtime %d btime %d winc %d binc %d' % (
                w, b, args.increment * 1000, args.increment * 1000))
        elif args.stockfish_ms:
            move = stockfish.move(fen, moves, args.stockfish_ms)
        else:
            move = stockfish.move(fen, moves, go='depth %d' % args.stockfish_depth)
        who = 'chunker' if chunker_turn else 'stockfish'
        clock[who] -= int((time.time() - start) * 1000)
        if clock[who] < 0 and (chunker_turn or args.stockfish_clock):
            return False, '%s lost on time after %s' % (who, ' '.join(moves))
        clock[who] += args.increment * 1000
        if not game.play(move):
            return False, 'illegal move %s by %s after %s' % (move, who, ' '.join(moves))
        moves.append(move)
    print('%s: Chunker plays %s' % (name, 'White' if chunker_side == 'w' else 'Black'))
    print('  moves: ' + ' '.join(moves))
    if any(p in fen.split()[0].lower() for p in 'qrbn'):
        print('  Chunker\'s game: over before this position')
    else:
        print('  Chunker\'s rules: %s (%s)' % (game.result or 'not over', game.reason))
        print('  Chunker\'s game over at: %s' % game.over_at)
    print('  chess: %s (%s) after %d plies; Chunker\'s clock %.1f s'
          % (game.chess_result or 'not over', game.chess_reason or 'ply limit', len(moves), clock['chunker'] / 1000))
    won = game.chess_result == ('1-0' if chunker_side == 'w' else '0-1') and game.chess_reason == 'checkmate'
    return won, 'checkmate by Chunker' if won else 'not a checkmate by Chunker'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('chunker')
    ap.add_argument('data')
    ap.add_argument('--chess-engine', help="Chunker's ChessEngine ('' for its built-in search; default: its own)")
    ap.add_argument('--seconds', type=int, default=300)
    ap.add_argument('--increment', type=int, default=0)
    ap.add_argument('--chunker-depth', type=int, default=8, help='xboard sd; 0: the clock alone')
    ap.add_argument('--stockfish-depth', type=int, default=10)
    ap.add_argument('--stockfish-ms', type=int, default=0, help='a fixed time a move instead of a depth')
    ap.add_argument('--stockfish-clock', action='store_true', help='Stockfish on the same clock as Chunker')
    ap.add_argument('--only', help='play only the games of these names (comma-separated)')
    ap.add_argument('--max-plies', type=int, default=300)
    args = ap.parse_args()
    polyglot = engines.find_polyglot()
    missing = [name for name, found in (('polyglot', polyglot), ('stockfish', os.path.exists(STOCKFISH))) if not found]
    if missing:
        return missing_tool(' and '.join(missing))
    unknown = set(args.only.split(',')) - {name for name, _, _ in GAMES} if args.only else set()
    if unknown:
        print('no game named %s' % ', '.join(sorted(unknown)))
        return 2
    command = '%s uci --libraries %s --data %s --hash 16' % (args.chunker, args.data, args.data)
    if args.chess_engine is not None:
        # The option alone, where no engine is wanted: PolyGlot passes no empty word.
        command += ' --chess-engine' + (' ' + args.chess_engine if args.chess_engine else '')
    chunker = engines.Polyglot(polyglot, command)
    stockfish = engines.Uci([STOCKFISH], [('Threads', 1), ('Hash', 16)])
    failures = 0
    try:
        for name, fen, side in GAMES:
            if args.only and name not in args.only.split(','):
                continue
            won, why = play(name, fen, side, chunker, stockfish, args)
            print('  %s: %s' % ('ok' if won else 'FAIL', why))
            sys.stdout.flush()
            failures += not won
    finally:
        chunker.close()
        stockfish.close()
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
