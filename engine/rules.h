// The rules of DESIGN.md §1 that end a game before any move is made.
#pragma once

#include <optional>

#include "movegen.h"

namespace chunker {

// The value of a position whose game is over, for the side to move, given
// its legal moves; nullopt while play goes on. A safe promotion available
// counts as a win in 1: nothing ends the game sooner.
std::optional<Value> rule_value(const Position& pos, const MoveList& moves);

}  // namespace chunker
