#!/usr/bin/env python3
"""`chunker uci` behind PolyGlot, driven through the xboard protocol as xboard
itself drives it (no display): the engine plays both sides of the Szén
position (4k3/5ppp/8/8/8/8/PPP5/3K4 w, a White win in 51 plies by the oracle)
and White must promote safely before Black does. Every move is checked with
the referee's own legality test (tests/kp_referee.py), and PolyGlot must never
report an illegal move or resign for the engine.

With --ponder the engine plays White alone with pondering on (xboard's `hard`):
PolyGlot lets it ponder on the reply it names (`bestmove M ponder R`), Black
plays that reply, and PolyGlot's log (the UCI it exchanged) must show `go ...
ponder`, then `ponderhit`, and the game going on to White's safe promotion.

usage: polyglot_test.py CHUNKER DATA_DIR [--no-oracle] [--plies N] [--st SECONDS] [--ponder]
Exit status 77 (CTest's skip) when polyglot is not installed, 1 under CI=true.
"""
import argparse
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engines  # noqa: E402
import kp_referee  # noqa: E402
from missing_tool import missing_tool  # noqa: E402

SZEN = '4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('chunker')
    ap.add_argument('data')
    ap.add_argument('--no-oracle', action='store_true')
    ap.add_argument('--plies', type=int, default=160)
    ap.add_argument('--st', type=int, default=1, help='seconds a move (xboard st)')
    ap.add_argument('--ponder', action='store_true', help='the engine plays White and ponders on its expected reply')
    args = ap.parse_args()
    polyglot = engines.find_polyglot()
    if not polyglot:
        return missing_tool('polyglot')
    engine = '%s uci --libraries %s --data %s --hash 16%s' % (
        args.chunker, args.data, args.data, ' --no-oracle' if args.no_oracle else '')
    log = tempfile.NamedTemporaryFile(prefix='polyglot', suffix='.log')
    proc = subprocess.Popen([polyglot, '-noini', '-ec', engine, '-log', 'true' if args.ponder else 'false',
                             '-lf', log.name], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    transcript = []

    def send(line):
        proc.stdin.write(line + '\n')
        proc.stdin.flush()

    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(l) for l in proc.stdout] + [lines.put(None)], daemon=True).start()

    def read_until(pred, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                line = lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if line is None:
                break
            line = line.rstrip('\n')
            transcript.append(line)
            if line.startswith(('Illegal move', 'resign', 'tellusererror', 'Error')) or line == 'move 0000':
                raise AssertionError('polyglot says: ' + line)
            if pred(line):
                return line
        raise AssertionError('no answer within %ss; last lines: %s' % (seconds, transcript[-5:]))

    game = kp_referee.Game(SZEN)
    try:
        send('xboard')
        send('protover 2')
        read_until(lambda l: 'done=1' in l, 30)
        send('new')
        send('force')
        send('setboard ' + SZEN)
        send('st %d' % args.st)
        send('post')
        line_of_play = []
        if args.ponder:
            play_pondering(send, read_until, game, line_of_play, args, log.name)
        else:
            for ply in range(args.plies):
                send('go')
                line = read_until(lambda l: l.startswith('move '), 30 + 5 * args.st)
                move = line.split()[1]
                if not game.play(move):
                    raise AssertionError('illegal move %s after %s' % (move, ' '.join(line_of_play)))
                line_of_play.append(move)
                send('force')
                if game.result:
                    break
        send('quit')
    finally:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    print('moves: ' + ' '.join(line_of_play))
    print('result: %s (%s) after %d plies' % (game.result or 'none', game.reason or 'still going', len(line_of_play)))
    if game.result != '1-0' or not game.reason.startswith('safe promotion'):
        print('FAIL: White, to move in the Szén position, should have promoted safely first')
        return 1
    if args.ponder:
        with open(log.name) as f:
            sent = [l.split('Adapter->Engine: ', 1)[1].split() for l in f if 'Adapter->Engine: ' in l]
        ponders = sum(1 for words in sent if words[0] == 'go' and 'ponder' in words)
        hits = sum(1 for words in sent if words == ['ponderhit'])
        print('ponders: %d, ponderhits: %d' % (ponders, hits))
        if ponders == 0 or hits == 0:
            print('FAIL: PolyGlot never sent ponderhit: the engine did not ponder on the reply it named')
            return 1
    print('ok: White promoted safely first')
    return 0


def play_pondering(send, read_until, game, line_of_play, args, log):
    """The engine plays White with pondering on; Black plays the reply the engine named for it to ponder on
    (read from PolyGlot's log of the UCI it exchanged), else the referee's first legal move."""
    send('hard')
    send('go')
    for ply in range(args.plies):
        line = read_until(lambda l: l.startswith('move '), 30 + 5 * args.st)
        move = line.split()[1]
        if not game.play(move):
            raise AssertionError('illegal move %s after %s' % (move, ' '.join(line_of_play)))
        line_of_play.append(move)
        if game.result:
            return
        time.sleep(0.2)  # PolyGlot starts the ponder once the move is out
        with open(log) as f:
            named = [l.split(' ponder ')[1].split()[0] for l in f if 'bestmove' in l and ' ponder ' in l]
        reply = named[-1] if named else None
        if reply is None or reply not in game.legal():
            reply = sorted(game.legal())[0]
        game.play(reply)
        line_of_play.append(reply)
        if game.result:
            return
        send(reply)


if __name__ == '__main__':
    sys.exit(main())
