// The one move generator of Chunker, shared by perft, search, libraries and
// the oracle: legal moves of kings and pawns, and copy-make.
#pragma once

#include <cstddef>

#include "position.h"

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

// Every legal move. After an unsafe promotion by the opponent (pos.promoted
// set) only the capture of the promoted piece and safe promotions are
// listed: any other reply loses at once (DESIGN.md §1), later than either
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

}  // namespace chunker
