// The one move generator of Chunker, shared by perft, search, libraries and
// the oracle: legal moves of kings and pawns, and copy-make.
#pragma once

#include <cstddef>

#include "position.h"

namespace chunker {

struct MoveList {
  static constexpr int CAPACITY = 64;  // at most 8 king moves + 8 pawns x 4
  Move moves[CAPACITY];
  int size = 0;

  void add(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  Move* begin() { return moves; }
  Move* end() { return moves + size; }
  bool empty() const { return size == 0; }
};

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
