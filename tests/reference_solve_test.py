"""`chunker solve` against scripts/reference_solve.py, the independent solver
(Python, standard library only, no code or data shared with the engine): on a
sample of small positions, inside the oracle's domain (answered from the
oracle tables) and outside it (answered by the exact solver), the value and
the distance must be the same.

Usage: reference_solve_test.py CHUNKER DATA REFERENCE_SOLVE
"""
import json
import subprocess
import sys

SAMPLE = [
    # In the oracle's domain (a king and pawns on a-c against a king and pawns on f-h or e-g):
    '8/8/1P3k2/8/8/6p1/2K5/8 w - -',
    '8/1k6/8/1P4p1/8/8/8/6K1 w - -',
    '8/2k5/8/1P6/8/8/5pK1/8 b - -',
    '8/8/8/8/8/1k6/p7/2K5 w - -',
    # Outside it: a centre pawn, pawns facing each other, an en-passant right.
    '3k4/8/3K4/3P4/8/8/8/8 w - -',
    '8/8/4k3/8/4P3/4K3/8/8 w - -',
    '8/8/8/2k5/2p5/2P5/3K4/8 w - -',
    '8/8/2k5/8/1pP5/8/8/5K2 b - c3',
]


def reference(script):
    """{FEN: (value, distance or None)} from one run of the reference solver."""
    out = subprocess.run([sys.executable, script] + SAMPLE, capture_output=True, text=True, check=True).stdout
    answers = {}
    for line in out.splitlines():
        fen, value, distance, _, _ = [field.strip() for field in line.split('|')]
        answers[fen] = (value, None if distance == '-' else int(distance))
    return answers


def main():
    chunker, data, script = sys.argv[1:4]
    expected = reference(script)
    failures = 0
    for fen in SAMPLE:
        run = subprocess.run([chunker, 'solve', fen, '--json', '--data', data, '--libraries', data, '--cache', ''],
                             capture_output=True, text=True, check=True)
        answer = json.loads(run.stdout)
        got = (answer['value'], answer['distance'])
        ok = got == expected[fen]
        failures += not ok
        print('%-32s reference %-10s chunker %-10s (%s)%s' % (fen, '%s %s' % expected[fen], '%s %s' % got,
                                                           answer['source'], '' if ok else '  MISMATCH'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
