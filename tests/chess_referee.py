"""The chess a GUI goes on playing once Chunker's game is over: the referee
of tests/kp_referee.py (its own legality test, Chunker's result) carried on
to the chess result xboard records — checkmate, stalemate, insufficient
material (no pawn, rook or queen and at most one minor piece), threefold
repetition, the 50-move rule.

Used by tests/chess_polyglot_test.py and bench/match.
"""
import re

import kp_referee


class ChessGame(kp_referee.Game):
    def __init__(self, fen):
        super().__init__(fen)
        fields = fen.split()
        self.halfmoves = int(fields[4]) if len(fields) > 4 else 0
        self.chess_result = None  # '1-0', '0-1' or '1/2-1/2' under the rules of chess
        self.chess_reason = ''
        self.over_at = None       # the FEN right after the move that ended Chunker's game
        self.counts = {self.chess_key(): 1}

    def chess_key(self):
        return (tuple(sorted(self.board.items())), self.side, self.capturable_ep())

    def fen(self):
        # Each empty square as '1', then runs of them counted.
        rows = [''.join(self.board.get((f, r), '1') for f in range(8)) for r in range(7, -1, -1)]
        placement = re.sub('1+', lambda run: str(len(run.group())), '/'.join(rows))
        ep = kp_referee.name(self.ep) if self.ep else '-'
        return '%s %s - %s %d 1' % (placement, self.side, ep, self.halfmoves)

    def play(self, move):
        """Plays a chess move; False when it is not legal in chess or the
        chess game is over. Sets result (Chunker's rules) and chess_result."""
        if self.chess_result:
            return False
        frm, to = kp_referee.square(move[:2]), kp_referee.square(move[2:4])
        mover = self.side
        irreversible = to in self.board or (frm in self.board and self.board[frm].lower() == 'p')
        if self.result is None:
            if not super().play(move):
                return False
            if self.result:
                self.over_at = self.fen()
        else:
            promo = move[4:5]
            if (promo and promo not in 'qrbn') or move[:4] + ('q' if promo else '') not in self.legal():
                return False
            g = self.after(frm, to, promo or 'q')
            self.board, self.side, self.ep = g.board, g.side, g.ep
        self.halfmoves = 0 if irreversible else self.halfmoves + 1
        key = self.chess_key()
        self.counts[key] = self.counts.get(key, 0) + 1
        others = [p.lower() for p in self.board.values() if p.lower() != 'k']
        if not self.legal():
            if self.attacked(self.king(self.side == 'w'), self.side != 'w'):
                self.chess_result, self.chess_reason = ('1-0' if mover == 'w' else '0-1'), 'checkmate'
            else:
                self.chess_result, self.chess_reason = '1/2-1/2', 'stalemate'
        elif not others or (len(others) == 1 and others[0] in 'nb'):
            self.chess_result, self.chess_reason = '1/2-1/2', 'insufficient material'
        elif self.counts[key] >= 3:
            self.chess_result, self.chess_reason = '1/2-1/2', 'threefold repetition'
        elif self.halfmoves >= 100:
            self.chess_result, self.chess_reason = '1/2-1/2', '50-move rule'
        return True
