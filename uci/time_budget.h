// The clock of a UCI `go`: its limits as the GUI sent them, the time the
// move may take, and the time an exact solve started on this move may take
// (its table then answers the rest of the game at once).
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace chunker {

constexpr int DEFAULT_MOVES_TO_GO = 30;      // how many moves the remaining clock time is shared over
constexpr long long CLOCK_MARGIN_MS = 30;    // kept back from every budget for the reply to arrive in time
constexpr long long MALFORMED_GO_MS = 1000;  // the time of a go whose every limit was malformed

struct GoRequest {
  int depth = 0;               // 0: no ply limit
  std::uint64_t nodes = 0;     // 0: no node limit
  long long movetime_ms = -1;  // -1: none
  long long clock_ms[COLOR_NB] = {-1, -1};
  long long increment_ms[COLOR_NB] = {0, 0};
  int moves_to_go = 0;
  bool infinite = false;
  // `go ponder`: the GUI's guess of the opponent's move is on the board; the
  // limits count from `ponderhit`, and the move waits for it or for `stop`.
  bool ponder = false;

  bool limited() const;
  // The time this move may take, or -1 for no limit.
  long long budget_ms(Color side) const;
  // The time an exact solve may take: half the clock left, a movetime's
  // worth of the moves the game may still last, or no limit (-1) without
  // either.
  double exact_seconds(Color side) const;
};

}  // namespace chunker
