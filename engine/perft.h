// Move-path enumeration, the standard check of a move generator. Under
// Chunker's rules a safe promotion ends the game (no moves follow it) and a
// promotion counts once, so counts equal chess's (Stockfish's `go perft`)
// wherever no pawn reaches its last rank within the depth.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/movegen.h"

namespace chunker {

std::uint64_t perft(const Position& pos, int depth);
// The count below each legal move of the root.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace chunker
