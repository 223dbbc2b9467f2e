"""A referee for games of kings and pawns played through chess front ends:
its own legality test (chess moves of kings, pawns and the pieces promotions
make, each of its kind: a GUI plays chess, and Stockfish may underpromote;
written apart from the engine's generator so that it checks it) and
Chunker's game end (docs/design.md §1): the first safe promotion wins, an unsafe
one must be taken at once (or answered by a safe one), checkmate loses,
stalemate and bare kings draw, a repeated position draws.

Used by tests/polyglot_test.py and bench/match.
"""

KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
# The lines a promoted queen, rook or bishop slides along, and a knight's jumps.
SLIDES = {'q': KING_STEPS, 'r': [(1, 0), (0, 1), (-1, 0), (0, -1)], 'b': [(1, 1), (-1, 1), (-1, -1), (1, -1)]}
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def square(name):
    return (ord(name[0]) - 97, int(name[1]) - 1)


def name(sq):
    return chr(97 + sq[0]) + str(sq[1] + 1)


class Game:
    """A position: board {(file, rank): piece letter as in FEN}, side 'w'/'b',
    en passant square; the positions seen; Chunker's result once over."""

    def __init__(self, fen):
        fields = fen.split()
        self.board = {}
        for r, row in enumerate(fields[0].split('/')):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    if c not in 'KPQRBNkpqrbn':
                        raise ValueError('piece %s: kings, pawns and promoted pieces only' % c)
                    self.board[(f, 7 - r)] = c
                    f += 1
        self.side = fields[1]
        self.ep = square(fields[3]) if len(fields) > 3 and fields[3] != '-' else None
        self.pending = None  # the square of an unsafe promotion the side to move must answer
        self.result = None   # '1-0', '0-1' or '1/2-1/2' under Chunker's rules
        self.reason = ''
        self.seen = [self.key()]

    def key(self):
        return (tuple(sorted(self.board.items())), self.side, self.capturable_ep(), self.pending)

    def capturable_ep(self):
        """The en passant square where a legal capture lands on it, else None:
        a right no pawn can use leaves the position the same (Chunker's
        Position keeps it only then, as the rules of chess count repetitions).
        bench/match, one-draw-3: 3.b4 ... 5.Kh4 repeated the position after
        3.b4, which this referee missed while it kept b3 in the key."""
        if self.ep is None:
            return None
        pawn = 'P' if self.side == 'w' else 'p'
        return self.ep if any(square(m[2:4]) == self.ep and self.board[square(m[:2])] == pawn
                              for m in self.legal()) else None

    @staticmethod
    def white(piece):
        return piece.isupper()

    def ours(self, piece):
        return piece is not None and self.white(piece) == (self.side == 'w')

    def attacked(self, sq, by_white):
        """Is sq attacked by the side by_white (a promoted piece as its kind)?"""
        f, r = sq
        for (pf, pr), p in self.board.items():
            if self.white(p) != by_white:
                continue
            kind = p.lower()
            df, dr = f - pf, r - pr
            if kind == 'k' and max(abs(df), abs(dr)) == 1:
                return True
            if kind == 'p' and abs(df) == 1 and dr == (1 if by_white else -1):
                return True
            if kind == 'n' and (df, dr) in KNIGHT_JUMPS:
                return True
            sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            if kind in SLIDES and (sf, sr) in SLIDES[kind] and (df == 0 or dr == 0 or abs(df) == abs(dr)) \
                    and (df, dr) != (0, 0):
                x, y = pf + sf, pr + sr
                while (x, y) != sq and (x, y) not in self.board:
                    x, y = x + sf, y + sr
                if (x, y) == sq:
                    return True
        return False

    def king(self, white):
        return next(s for s, p in self.board.items() if p == ('K' if white else 'k'))

    def pseudo(self):
        out = []
        white = self.side == 'w'
        for (f, r), p in list(self.board.items()):
            if not self.ours(p):
                continue
            kind = p.lower()
            if kind == 'n':
                for sf, sr in KNIGHT_JUMPS:
                    x, y = f + sf, r + sr
                    if 0 <= x < 8 and 0 <= y < 8 and not self.ours(self.board.get((x, y))):
                        out.append(((f, r), (x, y)))
            elif kind == 'k' or kind in SLIDES:
                for sf, sr in KING_STEPS if kind == 'k' else SLIDES[kind]:
                    x, y = f + sf, r + sr
                    while 0 <= x < 8 and 0 <= y < 8 and not self.ours(self.board.get((x, y))):
                        out.append(((f, r), (x, y)))
                        if kind == 'k' or (x, y) in self.board:
                            break
                        x, y = x + sf, y + sr
            else:
                d = 1 if white else -1
                if (f, r + d) not in self.board:
                    out.append(((f, r), (f, r + d)))
                    if r == (1 if white else 6) and (f, r + 2 * d) not in self.board:
                        out.append(((f, r), (f, r + 2 * d)))
                for x in (f - 1, f + 1):
                    t = (x, r + d)
                    if 0 <= x < 8 and ((t in self.board and not self.ours(self.board[t])) or t == self.ep):
                        out.append(((f, r), t))
        return out

    def after(self, frm, to, promo='q'):
        g = Game.__new__(Game)
        g.board = dict(self.board)
        p = g.board.pop(frm)
        if p.lower() == 'p' and to == self.ep:
            g.board.pop((to[0], frm[1]), None)
        g.board[to] = (promo.upper() if p == 'P' else promo) if p.lower() == 'p' and to[1] in (0, 7) else p
        g.ep = ((frm[0], (frm[1] + to[1]) // 2) if p.lower() == 'p' and abs(to[1] - frm[1]) == 2 else None)
        g.side = 'b' if self.side == 'w' else 'w'
        return g

    def legal(self):
        """Chess-legal moves in coordinates, promotions as queens."""
        white = self.side == 'w'
        out = []
        for frm, to in self.pseudo():
            g = self.after(frm, to)
            if not g.attacked(g.king(white), not white):
                promo = 'q' if self.board[frm].lower() == 'p' and to[1] in (0, 7) else ''
                out.append(name(frm) + name(to) + promo)
        return out

    def safe_promotion(self, to):
        """After a promotion on `to` by the side that just moved (self is the
        position after it): may the enemy king not take the piece?"""
        mover_white = self.side == 'b'
        enemy_king = self.king(not mover_white)
        if max(abs(enemy_king[0] - to[0]), abs(enemy_king[1] - to[1])) > 1:
            return True
        piece = self.board.pop(to)
        defended = self.attacked(to, mover_white)
        self.board[to] = piece
        return defended

    def play(self, move):
        """Plays a move (coordinates; the promoted piece stands as its kind,
        for chess, though Chunker's promotions are nominal); returns False
        when it is not legal in chess. Sets result once Chunker's game is over."""
        promo = move[4:5]
        if promo and promo not in 'qrbn':
            return False
        move = move[:4] + ('q' if promo else '')  # legal() names promotions as queens
        if self.result or move not in self.legal():
            return False
        mover = self.side
        frm, to = square(move[:2]), square(move[2:4])
        g = self.after(frm, to, promo or 'q')
        winner = '1-0' if mover == 'w' else '0-1'
        loser = '0-1' if mover == 'w' else '1-0'
        if self.pending is not None and to != self.pending and not (len(move) == 5 and g.safe_promotion(to)):
            self.result, self.reason = loser, 'left the promoted piece standing'
        elif len(move) == 5:
            if g.safe_promotion(to):
                self.result, self.reason = winner, 'safe promotion ' + move
            else:
                g.pending = to
        self.board, self.side, self.ep = g.board, g.side, g.ep
        self.pending = getattr(g, 'pending', None)
        if self.result:
            return True
        if set(p.lower() for p in self.board.values()) == {'k'}:
            self.result, self.reason = '1/2-1/2', 'bare kings'
        elif not self.legal():
            white = self.side == 'w'
            if self.attacked(self.king(white), not white):
                self.result, self.reason = winner, 'checkmate'
            else:
                self.result, self.reason = '1/2-1/2', 'stalemate'
        elif self.key() in self.seen:
            self.result, self.reason = '1/2-1/2', 'repetition'
        self.seen.append(self.key())
        return True
