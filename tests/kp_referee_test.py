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
print('%d passed, %d failed' % (5 - failures, failures))
sys.exit(1 if failures else 0)
