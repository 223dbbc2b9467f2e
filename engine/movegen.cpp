#include "movegen.h"

#include <bit>

namespace chunker {

namespace {

// Pawn moves that land on `targets`, coming from `targets` shifted back by
// `step` squares; last-rank arrivals become promotions.
void add_pawn_moves(MoveList& list, Color us, Bitboard targets, int step, MoveKind kind) {
  const Bitboard last = us == WHITE ? RANK_8 : RANK_1;
  while (targets) {
    Square to = pop_lsb(targets);
    MoveKind k = (square_bb(to) & last) ? MoveKind::Promotion : kind;
    list.add(Move(Square(to - step), to, k));
  }
}

}  // namespace

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
  const Color us = pos.side, them = ~us;
  const Square ksq = pos.king[us];
  const Bitboard occ = pos.occupied();
  const Bitboard king_to = king_targets(pos);
  const Bitboard ours = pos.pawns[us];
  const int up = forward(us);
  const Bitboard last = us == WHITE ? RANK_8 : RANK_1;

  if (pos.promoted != NO_SQUARE) {
    if (king_to & square_bb(pos.promoted)) list.add(Move(ksq, pos.promoted));
    MoveList all;
    Bitboard pushes = push(us, ours) & ~occ & last;
    add_pawn_moves(all, us, pushes, up, MoveKind::Normal);
    for (Move m : all)
      if (is_safe_promotion(pos, m)) list.add(m);
    return list;
  }

  // All eight slots a king move may take are written and the first
  // popcount kept: a loop that stops after the last target mispredicts its
  // exit on nearly every call, and every node and table entry comes here.
  Bitboard t = king_to;
  for (int i = 0; i < 8; ++i, t &= t - 1) list.moves[i] = Move(ksq, Square(std::countr_zero(t) & 63));
  list.size = popcount(king_to);

  const Bitboard checkers = pos.checkers();
  const Bitboard capture_mask = checkers ? checkers : pos.pawns[them];
  const Bitboard empty = checkers ? 0 : ~occ;

  Bitboard single = push(us, ours) & empty;
  Bitboard twice = push(us, single & rank_bb(us == WHITE ? 2 : 5)) & empty;
  add_pawn_moves(list, us, single, up, MoveKind::Normal);
  add_pawn_moves(list, us, twice, 2 * up, MoveKind::DoublePush);

  Bitboard ahead = push(us, ours);
  add_pawn_moves(list, us, ((ahead & ~FILE_A) >> 1) & capture_mask, up - 1, MoveKind::Normal);
  add_pawn_moves(list, us, ((ahead & ~FILE_H) << 1) & capture_mask, up + 1, MoveKind::Normal);

  if (pos.ep != NO_SQUARE) {
    Square victim = Square(pos.ep - up);
    if (!checkers || checkers == square_bb(victim))
      for (Bitboard b = pawn_attacks(them, square_bb(pos.ep)) & ours; b;)
        list.add(Move(pop_lsb(b), pos.ep, MoveKind::EnPassant));
  }
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

}  // namespace chunker
