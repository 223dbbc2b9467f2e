#include "engine/movegen.h"

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

Bitboard pawn_reach(Color side, Bitboard pawns) {
  const Bitboard once = push(side, pawns);
  return once | push(side, once) | pawn_attacks(side, pawns);
}

}  // namespace chunker
