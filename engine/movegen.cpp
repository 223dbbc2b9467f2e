#include "movegen.h"

#include <bit>
#include <cstdlib>

namespace chunker {

bool is_safe_promotion(const Position& pos, Move m) {
  Color us = pos.side, them = ~us;
  Bitboard to = square_bb(m.to());
  if (!(KING_ATTACKS[pos.king[them]] & to)) return true;
  if (KING_ATTACKS[pos.king[us]] & to) return true;
  Bitboard others = pos.pawns[us] & ~square_bb(m.from());
  return (pawn_attacks(us, others) & to) != 0;
}

MoveList legal_moves(const Position& pos) {
  MoveList list;
  const Color us = pos.side;
  const Square ksq = pos.king[us];
  const Bitboard king_to = king_targets(pos);

  if (pos.promoted != NO_SQUARE) {
    if (king_to & square_bb(pos.promoted)) list.add(Move(ksq, pos.promoted));
    const Bitboard last = us == WHITE ? RANK_8 : RANK_1;
    for (Bitboard to = push(us, pos.pawns[us]) & ~pos.occupied() & last; to;) {
      const Square s = pop_lsb(to);
      const Move m(Square(s - forward(us)), s, MoveKind::Promotion);
      if (is_safe_promotion(pos, m)) list.add(m);
    }
    return list;
  }

  // All eight slots a king move may take are written and the first
  // popcount kept: a loop that stops after the last target mispredicts its
  // exit on nearly every call, and every node and table entry comes here.
  Bitboard t = king_to;
  for (int i = 0; i < 8; ++i, t &= t - 1) list.moves[i] = Move(ksq, Square(std::countr_zero(t) & 63));
  list.size = popcount(king_to);
  for_each_pawn_move(pos, pawn_targets(pos), [&](Move m) { list.add(m); });
  return list;
}

Position make_move(const Position& pos, Move m) {
  Position next = pos;
  const Color us = pos.side, them = ~us;
  const Square from = m.from(), to = m.to();
  next.side = them;
  next.ep = NO_SQUARE;
  next.promoted = NO_SQUARE;
  next.pawns[them] &= ~square_bb(to);
  if (from == pos.king[us]) {
    next.king[us] = to;
    return next;
  }
  next.pawns[us] ^= square_bb(from) | square_bb(to);
  switch (m.kind()) {
    case MoveKind::DoublePush: {
      Square passed = Square((from + to) / 2);
      if (pawn_attacks(us, square_bb(passed)) & pos.pawns[them]) next.ep = passed;
      break;
    }
    case MoveKind::EnPassant:
      next.pawns[them] &= ~square_bb(Square(to - forward(us)));
      break;
    case MoveKind::Promotion:
      next.pawns[us] &= ~square_bb(to);
      next.promoted = to;
      break;
    case MoveKind::Normal:
      break;
  }
  return next;
}

bool gives_check(const Position& pos, Move m) {
  if (m.from() == pos.king[pos.side] || m.kind() == MoveKind::Promotion) return false;
  return (pawn_attacks(pos.side, square_bb(m.to())) & king_bb(pos.king[~pos.side])) != 0;
}

std::optional<Bitboard> between(Square a, Square b) {
  const int df = int(b % 8) - int(a % 8), dr = int(b / 8) - int(a / 8);
  if (a == b || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))) return std::nullopt;
  const int step = (dr > 0 ? 8 : dr < 0 ? -8 : 0) + (df > 0 ? 1 : df < 0 ? -1 : 0);
  Bitboard squares = 0;
  for (int s = int(a) + step; s != int(b); s += step) squares |= square_bb(Square(s));
  return squares;
}

bool queen_attacks(Square queen, Square target, Bitboard occupied) {
  const auto line = between(queen, target);
  return line && !(*line & occupied);
}

bool chess_allows(const Position& pos, Move m) {
  if (pos.promoted == NO_SQUARE || m.to() == pos.promoted) return true;  // taking the queen
  const Bitboard after = (pos.occupied() & ~square_bb(m.from())) | square_bb(m.to());
  return !queen_attacks(pos.promoted, pos.king[pos.side], after);
}

Bitboard pawn_reach(Color side, Bitboard pawns) {
  const Bitboard once = push(side, pawns);
  return once | push(side, once) | pawn_attacks(side, pawns);
}

// A pawn's check cannot be blocked, so the king escapes only by a step or by
// taking the pawn, and the pawn can also be taken by the queen or a pawn.
bool pawn_mates_after_promotion(const Position& pos) {
  const Color them = pos.side, us = ~them;  // them: the side with the pawn move; us: the one that promoted
  const Square king = pos.king[us], queen = pos.promoted;
  if (queen_attacks(queen, pos.king[them], pos.occupied())) return false;
  const Bitboard last = them == WHITE ? RANK_8 : RANK_1;
  Bitboard from_all = pos.pawns[them];
  while (from_all) {
    const Square from = pop_lsb(from_all);
    const Bitboard one = push(them, square_bb(from)) & ~pos.occupied();
    const Bitboard two = push(them, one & rank_bb(them == WHITE ? 2 : 5)) & ~pos.occupied();
    Bitboard to_all = (one | two | (pawn_attacks(them, square_bb(from)) & pos.pawns[us])) & ~last;
    while (to_all) {
      const Square to = pop_lsb(to_all);
      if (!(pawn_attacks(them, square_bb(to)) & square_bb(king))) continue;  // no check
      Position next = pos;
      next.pawns[them] ^= square_bb(from) | square_bb(to);
      next.pawns[us] &= ~square_bb(to);
      const Bitboard occupied = next.occupied();
      if (queen_attacks(queen, next.king[them], occupied)) continue;  // a pinned pawn: illegal
      const Bitboard guarded = pawn_attacks(them, next.pawns[them]) | KING_ATTACKS[next.king[them]];
      const bool taken =
          (KING_ATTACKS[king] & square_bb(to) & ~guarded) || (pawn_attacks(us, next.pawns[us]) & square_bb(to)) ||
          queen_attacks(queen, to, occupied) ||
          // en passant, after a double step beside one of our pawns
          (square_bb(to) & two && (((square_bb(to) & ~FILE_A) >> 1 | (square_bb(to) & ~FILE_H) << 1) & next.pawns[us]));
      const Bitboard escapes = KING_ATTACKS[king] & ~next.pawns[us] & ~square_bb(queen) & ~guarded & ~square_bb(to);
      if (!taken && !escapes) return true;
    }
  }
  return false;
}

}  // namespace chunker
