// The one move generator of Chunker, shared by perft, search, libraries and
// the oracle: legal moves of kings and pawns, and copy-make.
#pragma once

#include <cstddef>
#include <optional>

#include "engine/position.h"

namespace chunker {

struct MoveList {
  static constexpr int CAPACITY = 64;  // at most 8 king moves + 8 pawns x 4
  // Left uninitialised (only the first `size` are ever read): a list is made
  // for every node and every table entry, and zero-filling its 64 moves
  // cost more than generating them.
  union {
    Move moves[CAPACITY];
  };
  int size = 0;

  MoveList() {}

  void add(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  Move* begin() { return moves; }
  Move* end() { return moves + size; }
  bool empty() const { return size == 0; }
};

// The squares the king of the side to move may step to: neither attacked
// nor held by its own pawns (on an enemy pawn it captures). Outside an
// unsafe promotion legal_moves lists these king moves first, in square
// order, then the pawn moves, so a caller may count or skip the king's moves
// with a popcount. Inline: the oracle asks it of every position.
inline Bitboard king_targets(const Position& pos) {
  const Color us = pos.side, them = ~us;
  const Bitboard attacked = KING_ATTACKS[pos.king[them]] | pawn_attacks(them, pos.pawns[them]);
  return KING_ATTACKS[pos.king[us]] & ~attacked & ~pos.pawns[us];
}

// Where the pawns of the side to move can land, by kind of move, outside an
// unsafe promotion (pos.promoted unset): in check only captures of the
// checker are left (no other piece can block or take the check of a pawn).
struct PawnTargets {
  Bitboard single, twice, left, right, en_passant;  // left: a capture towards the a-file
  bool any() const { return (single | twice | left | right | en_passant) != 0; }
};
inline PawnTargets pawn_targets(const Position& pos) {
  const Color us = pos.side, them = ~us;
  const Bitboard checkers = pos.checkers();
  const Bitboard capture_mask = checkers ? checkers : pos.pawns[them];
  const Bitboard empty = checkers ? 0 : ~pos.occupied();
  const Bitboard ours = pos.pawns[us], ahead = push(us, ours);
  PawnTargets t;
  t.single = ahead & empty;
  t.twice = push(us, t.single & rank_bb(us == WHITE ? 2 : 5)) & empty;
  t.left = ((ahead & ~FILE_A) >> 1) & capture_mask;
  t.right = ((ahead & ~FILE_H) << 1) & capture_mask;
  t.en_passant = 0;
  if (pos.ep != NO_SQUARE && (!checkers || checkers == square_bb(Square(pos.ep - forward(us)))))
    t.en_passant = pawn_attacks(them, square_bb(pos.ep)) & ours ? square_bb(pos.ep) : 0;
  return t;
}

// Calls f(Move) for each pawn move of `targets` (from pawn_targets(pos)), in
// the order legal_moves lists them; arrivals on the last rank are promotions.
// Inline and without a list: the oracle looks each one up as it comes.
template <typename F>
inline void for_each_pawn_move(const Position& pos, const PawnTargets& targets, F f) {
  const Color us = pos.side;
  const int up = forward(us);
  const Bitboard last = us == WHITE ? RANK_8 : RANK_1;
  auto each = [&](Bitboard to_squares, int step, MoveKind kind) {
    for (Bitboard b = to_squares; b;) {
      const Square to = pop_lsb(b);
      f(Move(Square(to - step), to, square_bb(to) & last ? MoveKind::Promotion : kind));
    }
  };
  each(targets.single, up, MoveKind::Normal);
  each(targets.twice, 2 * up, MoveKind::DoublePush);
  each(targets.left, up - 1, MoveKind::Normal);
  each(targets.right, up + 1, MoveKind::Normal);
  for (Bitboard from = targets.en_passant ? pawn_attacks(~us, targets.en_passant) & pos.pawns[us] : 0; from;)
    f(Move(pop_lsb(from), pos.ep, MoveKind::EnPassant));
}

// Every legal move. After an unsafe promotion by the opponent (pos.promoted
// set) only the capture of the promoted piece and safe promotions are
// listed: any other reply loses at once (docs/design.md §1), later than either
// of these could, so leaving them out changes no value or distance.
MoveList legal_moves(const Position& pos);

// Is this promotion safe: may the enemy king not take on the promotion square?
bool is_safe_promotion(const Position& pos, Move m);

// The position after a legal move. A promotion leaves the promoted piece on
// pos.promoted for the opponent to take; whether the game ended there is
// is_safe_promotion's to say.
Position make_move(const Position& pos, Move m);

// Does the move give check?
bool gives_check(const Position& pos, Move m);

// Squares a pawn of `side` could stand on after one move of its own
// (a push, a double push, a capture), whatever stands in the way.
Bitboard pawn_reach(Color side, Bitboard pawns);

}  // namespace chunker
