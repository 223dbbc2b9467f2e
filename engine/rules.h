// The rules of docs/design.md §1 that end a game before any move is made.
#pragma once

#include <optional>

#include "engine/movegen.h"

namespace chunker {

// The value of a position whose game is over, for the side to move, given
// whether it has a legal move and a test for a safe promotion among them;
// nullopt while play goes on. A safe promotion available counts as a win in
// 1: nothing ends the game sooner. Inline: it is asked of every node and
// every table entry, and an out-of-line std::optional return costs a
// store-forwarding stall each time.
template <typename SafePromotion>
inline std::optional<Value> rule_value(const Position& pos, bool has_moves, SafePromotion has_safe_promotion) {
  if (pos.bare_kings()) return 0;
  if (!has_moves) return pos.in_check() ? loss_in(0) : 0;  // checkmate or stalemate
  const Bitboard seventh = pos.side == WHITE ? rank_bb(6) : rank_bb(1);
  if (!(pos.pawns[pos.side] & seventh)) return std::nullopt;  // no promotion to look for
  if (has_safe_promotion()) return win_in(1);
  return std::nullopt;
}

// The same, given the legal moves.
inline std::optional<Value> rule_value(const Position& pos, const MoveList& moves) {
  return rule_value(pos, !moves.empty(), [&] {
    for (Move m : moves)
      if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return true;
    return false;
  });
}

// The same, given where the king and the pawns can go (king_targets,
// pawn_targets), for the oracle, which needs no list of moves.
inline std::optional<Value> rule_value(const Position& pos, Bitboard king_to, const PawnTargets& pawn_to) {
  return rule_value(pos, king_to || pawn_to.any(), [&] {
    // Only the moves that land on the last rank: the promotions.
    const Bitboard last = pos.side == WHITE ? RANK_8 : RANK_1;
    const PawnTargets promotions{pawn_to.single & last, 0, pawn_to.left & last, pawn_to.right & last, 0};
    bool safe = false;
    for_each_pawn_move(pos, promotions, [&](Move m) { safe |= is_safe_promotion(pos, m); });
    return safe;
  });
}

// A safe promotion the side to move can make (the move behind rule_value's
// win in 1), or no move.
inline Move safe_promotion(const Position& pos) {
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return m;
  return Move();
}

}  // namespace chunker
