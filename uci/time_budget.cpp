#include "uci/time_budget.h"

#include <algorithm>

namespace chunker {

bool GoRequest::limited() const {
  return depth || nodes || movetime_ms >= 0 || clock_ms[WHITE] >= 0 || clock_ms[BLACK] >= 0 || infinite;
}

long long GoRequest::budget_ms(Color side) const {
  if (infinite) return -1;
  if (movetime_ms >= 0) return std::max(1LL, movetime_ms - CLOCK_MARGIN_MS);
  if (clock_ms[side] < 0) return -1;
  const long long share =
      clock_ms[side] / (moves_to_go > 0 ? moves_to_go : DEFAULT_MOVES_TO_GO) + increment_ms[side] / 2;
  return std::max(1LL, std::min(share, clock_ms[side] - CLOCK_MARGIN_MS));
}

double GoRequest::exact_seconds(Color side) const {
  if (clock_ms[side] >= 0) return double(clock_ms[side]) / 2000.0;
  if (movetime_ms >= 0) return double(movetime_ms) * DEFAULT_MOVES_TO_GO / 1000.0;
  return -1;
}

}  // namespace chunker
