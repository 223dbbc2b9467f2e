// The rules of DESIGN.md §1 that end a game before any move is made.
#pragma once

#include <optional>

#include "movegen.h"

namespace chunker {

// The value of a position whose game is over, for the side to move, given
// its legal moves; nullopt while play goes on. A safe promotion available
// counts as a win in 1: nothing ends the game sooner. Inline: it is asked of
// every node and every table entry, and an out-of-line std::optional return
// costs a store-forwarding stall each time.
inline std::optional<Value> rule_value(const Position& pos, const MoveList& moves) {
  if (pos.bare_kings()) return 0;
  if (moves.empty()) return pos.in_check() ? loss_in(0) : 0;  // checkmate or stalemate
  const Bitboard seventh = pos.side == WHITE ? rank_bb(6) : rank_bb(1);
  if (!(pos.pawns[pos.side] & seventh)) return std::nullopt;  // no promotion to look for
  for (Move m : moves)
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return win_in(1);
  return std::nullopt;
}

// A safe promotion the side to move can make (the move behind rule_value's
// win in 1), or no move.
inline Move safe_promotion(const Position& pos) {
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return m;
  return Move();
}

}  // namespace chunker
