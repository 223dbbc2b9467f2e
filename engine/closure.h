// Exhaustive proof for positions whose reachable set is small (KPK, KP vs
// KP and the like): every position reachable from the root is enumerated and
// solved backwards from the game-ending ones, by retrograde counting. It is
// what proves draws that rest on endless king moves, which alpha-beta with
// repetition detection cannot cache soundly (see search.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "movegen.h"

namespace chunker {

struct ClosureResult {
  Value value;             // for the side to move, with exact distance
  std::uint64_t positions; // positions reachable from the root
  std::vector<Move> line;  // best play to the end, when decisive
};

// nullopt when more than `budget` positions are reachable.
std::optional<ClosureResult> solve_closure(const Position& root, std::uint64_t budget);

}  // namespace chunker
