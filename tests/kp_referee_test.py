#!/usr/bin/env python3
"""The referee of bench/match and the polyglot test (tests/kp_referee.py)
judges chess legality as a GUI does, with each promoted piece of its own
kind (Stockfish may underpromote). Expected values from the rules of chess
(FIDE Laws, art. 3): a rook on g1 does not attack f2, a queen there does, a
knight on g1 attacks e2; and from Chunker's rules (docs/design.md §1): a7-a8 with
the black king on d5 is a safe promotion and wins."""
import sys
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chess_referee  # noqa: E402
import kp_referee  # noqa: E402

# From the suite's level1-root position, as in a bench/match game: Black's
# unsafe promotion on g1 next to White's king, then White's reply.
START = '8/8/PP2k3/2P5/8/6p1/5p2/5K2 b - - 0 1'
failures = 0


def game(moves):
    g = kp_referee.Game(START)
    for m in moves:
        assert g.play(m), m
    return g


def check(what, ok):
    global failures
    print(('ok    ' if ok else 'FAIL  ') + what)
    failures += not ok


rook = game(['e6d5', 'a6a7', 'g3g2', 'f1f2', 'g2g1r'])
check('after g1=R White is not in check: a7a8q is legal', 'a7a8q' in rook.legal())
check('and a7a8q is a safe promotion that wins', rook.play('a7a8q') and rook.result == '1-0')
queen = game(['e6d5', 'a6a7', 'g3g2', 'f1f2', 'g2g1q'])
check('after g1=Q White is in check: only king moves', sorted(queen.legal()) == ['f2e2', 'f2f3', 'f2g1'])
knight = game(['e6d5', 'a6a7', 'g3g2', 'f1e2', 'g2g1n'])
check('after g1=N+ the king on e2 must move', all(m.startswith('e2') for m in knight.legal()) and knight.legal())
check('a promotion to a king is refused', not game(['e6d5', 'a6a7', 'g3g2', 'f1f2']).play('g2g1k'))

# Chess after Chunker's game (tests/chess_referee.py), by the FIDE Laws
# (art. 5: mate, stalemate, no sequence of moves that mates; art. 9:
# threefold repetition, 50 moves): the same safe promotion, then on in chess.
after = chess_referee.ChessGame(START)
for m in ['e6d5', 'a6a7', 'g3g2', 'f1f2', 'g2g1r', 'a7a8q']:
    after.play(m)
check('the safe promotion is recorded, with the position after it (set up by hand)',
      after.result == '1-0' and after.over_at == 'Q7/8/1P6/2Pk4/8/8/5K2/6r1 b - - 0 1')
mate = chess_referee.ChessGame('7k/8/6K1/8/8/8/8/Q7 w - - 0 1')
check('Qa1-a8 is mate', mate.play('a1a8') and mate.chess_result == '1-0' and mate.chess_reason == 'checkmate')
bare = chess_referee.ChessGame('8/8/8/8/8/3k4/1q6/K7 w - - 0 1')
check('Kxb2 leaves bare kings: insufficient material', bare.play('a1b2') and bare.chess_result == '1/2-1/2')
shuffle = chess_referee.ChessGame('7k/8/8/8/8/8/8/1Q5K w - - 0 1')
for m in ['h1g1', 'h8g8', 'g1h1', 'g8h8', 'h1g1', 'h8g8', 'g1h1', 'g8h8']:
    shuffle.play(m)
check('the third time the position stands: a draw', shuffle.chess_reason == 'threefold repetition')
# An en passant right no pawn can use leaves the position the same (FIDE
# art. 9.2.3: "the same possible moves"): after 3.b4 Black's f- and h-pawns
# cannot take on b3, so 5.Kh4 repeats the position after 3.b4
# (bench/match, one-draw-3, which the referee missed).
race = kp_referee.Game('2k5/5p2/7p/7K/2P5/8/1P6/8 b - - 0 1')
for m in ['f7f5', 'h5h4', 'c8b7', 'c4c5', 'b7c6', 'b2b4', 'c6b5', 'h4h5', 'b5c6', 'h5h4']:
    race.play(m)
check('a repetition across an unusable en passant right draws', race.reason == 'repetition')
print('%d passed, %d failed' % (10 - failures, failures))
sys.exit(1 if failures else 0)
