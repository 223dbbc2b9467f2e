"""Chess engines driven as a GUI drives them: `Uci` speaks UCI directly
(Stockfish, `chunker uci`), `Polyglot` speaks the xboard protocol to an
engine behind PolyGlot, as xboard itself does. Both answer move(fen, moves, ...)
with the engine's move in coordinates.

Used by bench/match and tests/polyglot_chess_test.py.
"""
import os
import queue
import shutil
import subprocess
import threading
import time


def find_polyglot():
    return shutil.which('polyglot') or ('/usr/games/polyglot' if os.path.exists('/usr/games/polyglot') else None)


class Engine:
    """A child process whose output lines are read on a thread of their own."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(l.rstrip('\n')) for l in self.proc.stdout]
                         + [self.lines.put(None)],
                         daemon=True).start()

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def wait(self, prefix, seconds, refuse=()):
        deadline = time.time() + seconds
        while True:
            line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            if line is None:
                raise RuntimeError('engine exited')
            if line.startswith(tuple(refuse)):
                raise RuntimeError('the engine says: ' + line)
            if line.startswith(prefix):
                return line

    def close(self):
        self.send('quit')
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Uci(Engine):
    def __init__(self, argv, options):
        super().__init__(argv)
        self.send('uci')
        self.wait('uciok', 30)
        for name, value in options:
            self.send('setoption name %s value %s' % (name, value))
        self.send('isready')
        self.wait('readyok', 60)

    def new_game(self):
        self.send('ucinewgame')

    def move(self, fen, moves, movetime=1000, go=None):
        """The engine's move after `moves` from `fen`, in `movetime` ms or by
        the `go` arguments given (a clock: `wtime ... btime ...`)."""
        self.send('position fen %s%s' % (fen, (' moves ' + ' '.join(moves)) if moves else ''))
        self.send('go ' + (go or 'movetime %d' % movetime))
        return self.wait('bestmove', 60 + movetime / 1000 * 5).split()[1]


    def score(self, fen, movetime=0, depth=0):
        """The engine's last score for the side to move of `fen` after
        `movetime` ms, or at `depth` plies where given (so that runs compare):
        ('cp', N) or ('mate', N), or None."""
        self.send('position fen ' + fen)
        self.send('go depth %d' % depth if depth else 'go movetime %d' % movetime)
        score = None
        while True:
            line = self.wait('', 60 + movetime / 1000 * 5)
            if ' score ' in line:
                kind, value = line.split(' score ')[1].split()[:2]
                score = (kind, int(value))
            if line.startswith('bestmove'):
                return score


class Polyglot(Engine):
    """The engine command behind PolyGlot; every game starts from a FEN with
    `level 0 MINUTES:SECONDS INCREMENT` (and `sd DEPTH`), and each move is asked with the
    engine's clock and the opponent's (`time`, `otim`, in centiseconds)."""
    REFUSALS = ('Illegal move', 'tellusererror', 'Error', 'resign', 'move 0000')

    def __init__(self, polyglot, command):
        super().__init__([polyglot, '-noini', '-ec', command, '-log', 'false'])
        self.send('xboard')
        self.send('protover 2')
        self.wait('feature done=1', 30)

    def new_game(self, fen, seconds, increment, depth=0):
        self.send('new')
        self.send('force')
        self.send('setboard ' + fen)
        self.send('level 0 %d:%02d %d' % (seconds // 60, seconds % 60, increment))
        if depth:
            self.send('sd %d' % depth)  # PolyGlot adds `depth N` to every go
        self.send('post')
        self.played = 0  # moves of the game the engine has been told

    def move(self, moves, clock_ms, other_ms):
        for m in moves[self.played:]:
            self.send('usermove ' + m)
        self.send('time %d' % (clock_ms // 10))
        self.send('otim %d' % (other_ms // 10))
        self.send('go')
        line = self.wait('move ', 60 + clock_ms / 1000, self.REFUSALS)
        self.send('force')
        self.played = len(moves) + 1
        return line.split()[1]
