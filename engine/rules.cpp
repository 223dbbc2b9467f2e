#include "rules.h"

namespace chunker {

std::optional<Value> rule_value(const Position& pos, const MoveList& moves) {
  if (pos.bare_kings()) return 0;
  if (moves.empty()) return pos.in_check() ? loss_in(0) : 0;  // checkmate or stalemate
  const Bitboard seventh = pos.side == WHITE ? rank_bb(6) : rank_bb(1);
  if (!(pos.pawns[pos.side] & seventh)) return std::nullopt;  // no promotion to look for
  for (Move m : moves)
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return win_in(1);
  return std::nullopt;
}

}  // namespace chunker
