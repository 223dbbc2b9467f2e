#include "rules.h"

namespace chunker {

std::optional<Value> rule_value(const Position& pos, const MoveList& moves) {
  if (pos.bare_kings()) return 0;
  if (moves.empty()) return pos.in_check() ? loss_in(0) : 0;  // checkmate or stalemate
  for (Move m : moves)
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return win_in(1);
  return std::nullopt;
}

}  // namespace chunker
