#!/usr/bin/env python3
"""Independent reference solver for king-and-pawn endgames.

This script is deliberately separate from the C++ engine: it shares no code or data
with it and uses only the Python standard library.  It is the source of expected
values for Chunker's tests.

Rules (king-and-pawn positions only)
  * Kings move one square; a king may not move onto a square attacked by an enemy
    pawn or adjacent to the enemy king; it may capture an undefended enemy pawn.
  * Pawns: single push, double push from the second rank, diagonal captures,
    en passant right after the enemy double step.  A side in check (only pawns
    give check) must get out of check.
  * A pawn reaching its last rank is promoted.  The promotion is SAFE if its square
    is not adjacent to the enemy king, or is adjacent to the promoting side's king,
    or is defended by another pawn of the promoting side.  A safe promotion wins at
    once.  An UNSAFE promotion leaves an inert piece on the square; the opponent
    may then only (a) take it with the king or (b) promote safely itself (win).
  * Checkmate loses (distance 0), stalemate and bare kings draw, and anything not
    forced to a win or loss (endless play) is a draw.
  * Values are for the side to move with the distance in plies: the winner
    minimises it, the loser maximises it; the ending ply counts (a safe promotion
    now is "win 1").

Method: breadth-first enumeration of every position reachable from the start
position(s), then retrograde analysis over that closure, level by level in order
of increasing distance.

Usage:
  reference_solve.py FEN [FEN ...]      one line "FEN | value | distance | positions | seconds"
  reference_solve.py --best FEN ...     also every legal move with its value and distance
  reference_solve.py --selftest         consistency checks (asserts) and KPK statistics
  reference_solve.py --kpk-sample N     N random legal KPK positions as EPD lines with their values
"""

import sys
import time
from array import array

WHITE, BLACK = 0, 1
NO_SQUARE = -1
WIN, LOSS = 1, 2           # node values; 0 (undecided after solving) means draw
FILES = "abcdefgh"

# Squares are 0..63, square = 8 * rank + file, rank 0 is the first rank (a1 = 0, h8 = 63).
KING_ADJ = tuple(
    tuple(8 * r + f
          for r in range(s // 8 - 1, s // 8 + 2) for f in range(s % 8 - 1, s % 8 + 2)
          if 0 <= r < 8 and 0 <= f < 8 and 8 * r + f != s)
    for s in range(64))
ADJ_MASK = tuple(sum(1 << t for t in KING_ADJ[s]) for s in range(64))
# KING_TARGETS[own * 64 + enemy]: king steps from `own` not adjacent to the king on `enemy`.
KING_TARGETS = tuple(
    tuple(t for t in KING_ADJ[own] if not (ADJ_MASK[enemy] >> t) & 1)
    for own in range(64) for enemy in range(64))
PAWN_DIR = (8, -8)
PAWN_START_RANK = (1, 6)
PAWN_LAST_RANK = (7, 0)
# PAWN_ATT[colour][s]: squares a pawn of `colour` on `s` attacks.
PAWN_ATT = tuple(
    tuple(tuple(s + PAWN_DIR[c] + df for df in (-1, 1)
                if 0 <= s % 8 + df < 8 and 0 <= s // 8 + (1 if c == WHITE else -1) < 8)
          for s in range(64))
    for c in (WHITE, BLACK))


def square_name(s):
    """Algebraic name of square index `s` (0 -> 'a1')."""
    return FILES[s % 8] + str(s // 8 + 1)


def parse_square(name):
    """Square index of an algebraic name such as 'e4'."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise ValueError("bad square %r" % name)
    return 8 * (int(name[1]) - 1) + FILES.index(name[0])


def pawn_attacks(colour, pawns):
    """Bitmask of the squares attacked by `colour` pawns standing on `pawns`."""
    mask = 0
    for p in pawns:
        for t in PAWN_ATT[colour][p]:
            mask |= 1 << t
    return mask


def ep_target(mover, pawn_from, enemy_pawns):
    """Passed-over square after `mover`'s double step from `pawn_from`, if the enemy can use it.

    The square is recorded only when an enemy pawn stands beside the pawn's new square,
    so positions that differ only in a useless en-passant square are identified.
    """
    passed = pawn_from + PAWN_DIR[mover]
    arrived = passed + PAWN_DIR[mover]
    for p in enemy_pawns:
        if p // 8 == arrived // 8 and abs(p % 8 - arrived % 8) == 1:
            return passed
    return NO_SQUARE


def config_key(stm, white_pawns, black_pawns, ep, promo):
    """Canonical key of everything but the kings: (stm, white pawns, black pawns, ep, promo).

    `promo` is the square of an unsafely promoted piece of the side NOT to move, or NO_SQUARE.
    """
    return (stm, tuple(sorted(white_pawns)), tuple(sorted(black_pawns)), ep, promo)


class Config:
    """Pawn configuration plus side to move, with its king-independent move data.

    Fields (filled by Solver.prepare):
      terminal     bare kings: a draw, no moves
      blocked      squares the side to move's king may not enter (own pawns, enemy pawn attacks)
      enemy_att    squares attacked by the pawns of the side not to move (check test)
      quiet        config id after a non-capturing king move (None in an unsafe-promotion state)
      capture      {square: config id after the king takes what stands there}
      pawn_moves   tuples (from, to, needs_empty_mask, enemy_att_after, child_cid, defended)
                   where `defended` is None for non-promotions and for promotions tells whether
                   another own pawn defends the square; `child_cid` of a promotion is the
                   unsafe-promotion state (None where an unsafe promotion is not allowed).
    """
    __slots__ = ("key", "prepared", "terminal", "blocked", "enemy_att", "quiet", "capture",
                 "pawn_moves")

    def __init__(self, key):
        self.key = key
        self.prepared = False


class Solver:
    """Closure enumeration and retrograde analysis for one set of start positions.

    A node (position) is coded as the int  config_id << 12 | white_king << 6 | black_king.
    """

    def __init__(self):
        self.configs = []
        self.config_ids = {}
        self.dense = []        # per config: array of 4096 dense node ids (-1 = not reached)
        self.value = None
        self.dist = None

    # ----------------------------------------------------------------- configurations
    def config_id(self, key):
        """Id of the configuration with `key`, created on first use."""
        cid = self.config_ids.get(key)
        if cid is None:
            cid = len(self.configs)
            self.config_ids[key] = cid
            self.configs.append(Config(key))
            self.dense.append(array("i", [-1]) * 4096)
        return cid

    def child_config(self, mover, own_after, enemy_after, ep=NO_SQUARE, promo=NO_SQUARE):
        """Config id after a move of `mover`, given both sides' pawns after the move."""
        if mover == WHITE:
            return self.config_id(config_key(BLACK, own_after, enemy_after, ep, promo))
        return self.config_id(config_key(WHITE, enemy_after, own_after, ep, promo))

    def prepare(self, cid):
        """Fill in the king-independent move data of configuration `cid` and return it."""
        cfg = self.configs[cid]
        if cfg.prepared:
            return cfg
        stm, wp, bp, ep, promo = cfg.key
        own, enemy = (wp, bp) if stm == WHITE else (bp, wp)
        own_set, enemy_set = set(own), set(enemy)
        cfg.terminal = not wp and not bp and promo == NO_SQUARE
        cfg.enemy_att = pawn_attacks(1 - stm, enemy)
        cfg.blocked = cfg.enemy_att | sum(1 << p for p in own)
        if promo == NO_SQUARE:
            cfg.quiet = self.child_config(stm, own, enemy)
            cfg.capture = {e: self.child_config(stm, own, tuple(q for q in enemy if q != e))
                           for e in enemy}
        else:
            cfg.quiet = None
            cfg.capture = {promo: self.child_config(stm, own, enemy)}
        occupied = own_set | enemy_set | ({promo} if promo != NO_SQUARE else set())
        step, last = PAWN_DIR[stm], PAWN_LAST_RANK[stm]
        moves = []
        for p in own:
            rest = tuple(q for q in own if q != p)
            targets = []                          # (to, needs_empty_mask, captured, ep_after)
            to = p + step
            if to not in occupied:
                targets.append((to, 1 << to, NO_SQUARE, NO_SQUARE))
                to2 = to + step
                if p // 8 == PAWN_START_RANK[stm] and to2 not in occupied:
                    targets.append((to2, 1 << to | 1 << to2, NO_SQUARE,
                                    ep_target(stm, p, enemy)))
            for to in PAWN_ATT[stm][p]:
                if to in enemy_set:
                    targets.append((to, 0, to, NO_SQUARE))
                elif to == ep:
                    targets.append((to, 0, to - step, NO_SQUARE))
            for to, needs_empty, captured, ep_after in targets:
                enemy_after = tuple(q for q in enemy if q != captured)
                att_after = pawn_attacks(1 - stm, enemy_after)
                if to // 8 == last:
                    defended = bool((pawn_attacks(stm, rest) >> to) & 1)
                    child = (self.child_config(stm, rest, enemy_after, promo=to)
                             if promo == NO_SQUARE else None)
                elif promo != NO_SQUARE:
                    continue                      # after an unsafe promotion: no other moves
                else:
                    defended = None
                    child = self.child_config(stm, rest + (to,), enemy_after, ep=ep_after)
                moves.append((p, to, needs_empty, att_after, child, defended))
        cfg.pawn_moves = tuple(moves)
        cfg.prepared = True
        return cfg

    # ----------------------------------------------------------------- positions
    def node_of(self, stm, wk, bk, wp, bp, ep=NO_SQUARE):
        """Node code of a normal position (ep is normalised to 'usable or none')."""
        if ep != NO_SQUARE:
            ep = ep_target(1 - stm, ep - PAWN_DIR[1 - stm], wp if stm == WHITE else bp)
        return self.config_id(config_key(stm, wp, bp, ep, NO_SQUARE)) << 12 | wk << 6 | bk

    def expand(self, code):
        """Legal moves of node `code` as (from, to, child) plus an in-check flag.

        `child` is the child's node code, or None for a safe promotion (an immediate win).
        """
        cid, wk, bk = code >> 12, (code >> 6) & 63, code & 63
        cfg = self.prepare(cid)
        if cfg.terminal:
            return [], False
        white = cfg.key[0] == WHITE
        own, enemy = (wk, bk) if white else (bk, wk)
        moves = []
        blocked, capture, quiet = cfg.blocked, cfg.capture, cfg.quiet
        for t in KING_TARGETS[own << 6 | enemy]:
            if (blocked >> t) & 1:
                continue
            ccid = capture.get(t, quiet)
            if ccid is not None:
                moves.append((own, t, ccid << 12 | (t << 6 | bk if white else wk << 6 | t)))
        kings = 1 << wk | 1 << bk
        for frm, to, needs_empty, att_after, ccid, defended in cfg.pawn_moves:
            if needs_empty & kings or (att_after >> own) & 1:
                continue
            if defended is not None and (defended or not (ADJ_MASK[enemy] >> to) & 1
                                         or (ADJ_MASK[own] >> to) & 1):
                moves.append((frm, to, None))
            elif ccid is not None:
                moves.append((frm, to, ccid << 12 | wk << 6 | bk))
        return moves, bool((cfg.enemy_att >> own) & 1)

    # ----------------------------------------------------------------- solving
    def solve(self, starts):
        """Enumerate the closure of the start nodes and solve it; return its size."""
        order = array("q")
        for code in starts:
            slot = self.dense[code >> 12]
            if slot[code & 4095] < 0:
                slot[code & 4095] = len(order)
                order.append(code)
        offsets, edges = array("q"), array("i")
        seeds_loss, seeds_win = [], []
        dense, expand = self.dense, self.expand
        i = 0
        while i < len(order):
            offsets.append(len(edges))
            moves, in_check = expand(order[i])
            safe_promotion = False
            for _frm, _to, child in moves:
                if child is None:
                    safe_promotion = True
                    continue
                slot = dense[child >> 12]
                d = slot[child & 4095]
                if d < 0:
                    d = slot[child & 4095] = len(order)
                    order.append(child)
                edges.append(d)
            if safe_promotion:
                seeds_win.append(i)
            elif not moves and in_check:
                seeds_loss.append(i)
            i += 1
        n = len(order)
        offsets.append(len(edges))
        self.value, self.dist = self._retrograde(n, offsets, edges, seeds_loss, seeds_win)
        return n

    @staticmethod
    def _retrograde(n, offsets, edges, seeds_loss, seeds_win):
        """Retrograde analysis in order of increasing distance over the edge lists.

        A node is a win in d+1 as soon as one child is a loss in d (first found = shortest);
        it is a loss in d+1 when its last undecided child became a win in d (longest).
        Nodes never decided are draws.
        """
        remaining = array("i", (offsets[u + 1] - offsets[u] for u in range(n)))
        rstart = array("q", [0]) * (n + 1)
        for v in edges:
            rstart[v + 1] += 1
        for v in range(n):
            rstart[v + 1] += rstart[v]
        fill = array("q", rstart)
        preds = array("i", [0]) * len(edges)
        for u in range(n):
            for k in range(offsets[u], offsets[u + 1]):
                v = edges[k]
                preds[fill[v]] = u
                fill[v] += 1
        del fill
        value = bytearray(n)
        dist = array("i", [0]) * n
        for u in seeds_loss:
            value[u] = LOSS
        for u in seeds_win:
            value[u] = WIN
            dist[u] = 1
        level, nxt = list(seeds_loss), list(seeds_win)
        d = 0
        while level or nxt:
            for v in level:
                if value[v] == LOSS:
                    for k in range(rstart[v], rstart[v + 1]):
                        u = preds[k]
                        if not value[u]:
                            value[u] = WIN
                            dist[u] = d + 1
                            nxt.append(u)
                else:
                    for k in range(rstart[v], rstart[v + 1]):
                        u = preds[k]
                        if not value[u]:
                            remaining[u] -= 1
                            if not remaining[u]:
                                value[u] = LOSS
                                dist[u] = d + 1
                                nxt.append(u)
            level, nxt = nxt, []
            d += 1
        return value, dist

    def lookup(self, code):
        """(value, distance) of a solved node: value is 'win', 'loss' or 'draw' (distance None)."""
        d = self.dense[code >> 12][code & 4095]
        if d < 0:
            raise KeyError("position not in the solved closure")
        v = self.value[d]
        if v == WIN:
            return "win", self.dist[d]
        if v == LOSS:
            return "loss", self.dist[d]
        return "draw", None

    def move_value(self, child):
        """(value, distance) of a move for the mover, given its child code (None = safe promotion)."""
        if child is None:
            return "win", 1
        v, d = self.lookup(child)
        if v == "draw":
            return v, None
        return ("loss" if v == "win" else "win"), d + 1


# --------------------------------------------------------------------- FEN handling
def parse_fen(fen):
    """Parse and validate a king-and-pawn FEN; return (stm, wk, bk, wp, bp, ep)."""
    parts = fen.split()
    if len(parts) not in (4, 6):
        raise ValueError("FEN needs 4 or 6 fields: %r" % fen)
    rows = parts[0].split("/")
    if len(rows) != 8:
        raise ValueError("placement needs 8 ranks")
    wk = bk = None
    wp, bp = [], []
    for i, row in enumerate(rows):
        rank, f = 7 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            if f > 7 or ch not in "KkPp":
                raise ValueError("bad placement %r" % row)
            s = 8 * rank + f
            if ch == "K":
                if wk is not None:
                    raise ValueError("two white kings")
                wk = s
            elif ch == "k":
                if bk is not None:
                    raise ValueError("two black kings")
                bk = s
            elif rank in (0, 7):
                raise ValueError("pawn on first/eighth rank")
            else:
                (wp if ch == "P" else bp).append(s)
            f += 1
        if f != 8:
            raise ValueError("rank %d does not have 8 files" % (rank + 1))
    if wk is None or bk is None:
        raise ValueError("each side needs exactly one king")
    if parts[1] not in ("w", "b"):
        raise ValueError("side to move must be w or b")
    stm = WHITE if parts[1] == "w" else BLACK
    if parts[2] != "-":
        raise ValueError("castling must be '-'")
    if (ADJ_MASK[wk] >> bk) & 1:
        raise ValueError("kings adjacent")
    resting_king = bk if stm == WHITE else wk
    if (pawn_attacks(stm, wp if stm == WHITE else bp) >> resting_king) & 1:
        raise ValueError("side not to move is in check")
    ep = NO_SQUARE
    if parts[3] != "-":
        ep = parse_square(parts[3])
        them = bp if stm == WHITE else wp
        step = PAWN_DIR[1 - stm]
        occupied = set(wp) | set(bp) | {wk, bk}
        if (ep // 8 != (5 if stm == WHITE else 2) or ep + step not in them
                or ep in occupied or ep - step in occupied):
            raise ValueError("impossible en-passant square %s" % parts[3])
    return stm, wk, bk, tuple(wp), tuple(bp), ep


def mirror_fen(fen):
    """Colour-mirrored FEN: ranks flipped, colours and side to move swapped."""
    parts = fen.split()
    placement = "/".join(reversed(parts[0].split("/"))).swapcase()
    side = "b" if parts[1] == "w" else "w"
    ep = parts[3] if parts[3] == "-" else parts[3][0] + str(9 - int(parts[3][1]))
    return " ".join([placement, side, "-", ep] + parts[4:])


def solve_fen(fen):
    """Solve the closure of one FEN; return (solver, start node, closure size, seconds)."""
    t0 = time.time()
    stm, wk, bk, wp, bp, ep = parse_fen(fen)
    solver = Solver()
    start = solver.node_of(stm, wk, bk, wp, bp, ep)
    size = solver.solve([start])
    return solver, start, size, time.time() - t0


def format_value(value, dist):
    """'win | 5' style value and distance columns ('-' as the distance of a draw)."""
    return "%s | %s" % (value, "-" if dist is None else dist)


# --------------------------------------------------------------------- self checks
def all_kpk(pawn, stm, black_kings=range(64)):
    """Node arguments of every legal KPK position with a white pawn on `pawn`."""
    result = []
    for wk in range(64):
        for bk in black_kings:
            if len({wk, bk, pawn}) < 3 or (ADJ_MASK[wk] >> bk) & 1:
                continue
            if stm == WHITE and bk in PAWN_ATT[WHITE][pawn]:
                continue                           # black in check with white to move
            result.append((stm, wk, bk, (pawn,), ()))
    return result


def solve_positions(positions):
    """Solve the joint closure of many positions; return their (value, distance) pairs."""
    solver = Solver()
    codes = [solver.node_of(*p) for p in positions]
    solver.solve(codes)
    return [solver.lookup(c) for c in codes]


def kpk_fen(stm, wk, bk, pawn):
    """FEN of a KPK position with a white pawn."""
    board = {wk: "K", bk: "k", pawn: "P"}
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = board.get(rank * 8 + file)
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + (" w" if stm == WHITE else " b") + " - -"


def kpk_sample(count, seed=1983):
    """EPD lines for `count` random legal KPK positions, solved jointly (fixed seed)."""
    import random
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        pawn = rng.randrange(8, 56)
        stm = rng.choice((WHITE, BLACK))
        candidates = all_kpk(pawn, stm)
        stm, wk, bk, _, _ = rng.choice(candidates)
        positions.append((stm, wk, bk, (pawn,), ()))
    values = solve_positions(positions)
    lines = []
    for (stm, wk, bk, wp, _), (value, dist) in zip(positions, values):
        line = "%s value %s;" % (kpk_fen(stm, wk, bk, wp[0]), value)
        if dist is not None:
            line += " dist %d;" % dist
        lines.append(line)
    return lines


def selftest():
    """Assert known KPK facts and colour symmetry; print KPK win/draw counts per pawn square."""
    print("KPK counts over all legal positions (white pawn on the square):")
    for name in ("a2", "a5", "b5", "d2", "d5", "e7", "h7"):
        for stm in (WHITE, BLACK):
            values = [v for v, _ in solve_positions(all_kpk(parse_square(name), stm))]
            print("  pawn %s %s to move: %6d win %6d draw %6d loss" % (
                name, "white" if stm == WHITE else "black",
                values.count("win"), values.count("draw"), values.count("loss")))

    # 1. A rook pawn with the defending king in the corner in front of it is always a draw.
    corner = [p for r in range(1, 7) for stm in (WHITE, BLACK)
              for p in all_kpk(8 * r, stm, black_kings=[parse_square("a8")])]
    assert {v for v, _ in solve_positions(corner)} == {"draw"}, "rook pawn + king in the corner must draw"

    # 2. A pawn far outside the square wins for White wherever the white king stands:
    #    a win for White to move, a loss for Black to move.
    for stm, expected in ((WHITE, "win"), (BLACK, "loss")):
        far = all_kpk(parse_square("b5"), stm, black_kings=range(7, 64, 8))
        assert {v for v, _ in solve_positions(far)} == {expected}, "pawn outside the square must win"

    # 3. Values and distances are invariant under colour mirroring.
    for fen in ("8/8/8/4k3/8/4K3/4P3/8 w - - 0 1", "8/8/8/4k3/8/4K3/4P3/8 b - - 0 1",
                "8/p7/8/8/8/8/6P1/k6K w - - 0 1", "3k4/3P4/3K4/8/8/8/8/8 b - - 0 1",
                "8/8/8/8/1p6/8/P7/K1k5 w - - 0 1"):
        a, b = solve_fen(fen), solve_fen(mirror_fen(fen))
        assert a[0].lookup(a[1]) == b[0].lookup(b[1]) and a[2] == b[2], "mirror mismatch " + fen

    # 4. Stalemate: black king in front of the pawn on the seventh, white king behind it.
    s = solve_fen("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1")
    assert s[0].lookup(s[1]) == ("draw", None) and s[2] == 1
    print("selftest passed")


# --------------------------------------------------------------------- command line
def main(argv):
    """Command-line entry point (see the module docstring)."""
    best = "--best" in argv
    args = [a for a in argv if a != "--best"]
    if args == ["--selftest"]:
        selftest()
        return 0
    if len(args) == 2 and args[0] == "--kpk-sample" and args[1].isdigit():
        print("\n".join(kpk_sample(int(args[1]))))
        return 0
    if not args or any(a.startswith("--") for a in args):
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    for fen in args:
        try:
            solver, start, size, seconds = solve_fen(fen)
        except ValueError as err:
            print("%s | error: %s" % (fen, err), file=sys.stderr)
            return 2
        print("%s | %s | %d | %.1f" % (fen, format_value(*solver.lookup(start)), size, seconds))
        if best:
            moves, _ = solver.expand(start)
            for frm, to, child in moves:
                note = ""
                if child is None:
                    note = " (safe promotion)"
                elif solver.configs[child >> 12].key[4] != NO_SQUARE:
                    note = " (unsafe promotion)"
                print("    %s%s%s | %s" % (square_name(frm), square_name(to), note,
                                           format_value(*solver.move_value(child))))
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
