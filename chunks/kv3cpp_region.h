// The strategy regions of the Kv3CPP AM library: for every decided entry,
// the squares the lone king can stand on while the winner plays only
// distance-optimal moves and the loser anything. A schema that lets two
// chunk games run side by side (Level 1) asks them where the kings can meet,
// instead of letting each king go anywhere within its horizon.
//
// Keeping to optimal moves is the winner's choice, and it still wins within
// the entry's distance. Only positions with the loser to move count: Level
// 1's winner answers in the chunk where the loser moved, so each king moves
// only while the chunk of the other king stands with the loser to move
// (level1_am.h). An unsafe promotion and the capture it forces count as one
// step. The square where the king took the last pawn counts (the king stays
// there); the game ends at a safe promotion or a mate, and the squares
// after it do not.
#pragma once

#include <vector>

#include "kv3cpp.h"

namespace chunker {

struct Kv3cppLibrary;

struct StrategyRegion {
  Bitboard king = 0;           // the lone king's squares, in the entry's normal form
  bool winner_passes = false;  // the winner may be left with no move in the chunk
};

struct Kv3cppRegions {
  std::vector<StrategyRegion> regions;  // KV3CPP_ENTRIES, indexed as in kv3cpp.h; empty where no side wins
};

// From the AM library, in order of distance: an entry's region joins its
// successors' (those of optimal moves where the winner moves), each solved
// before it.
Kv3cppRegions build_strategy_regions(const Kv3cppLibrary& am);

// Squares of an entry's normal form on the board of a chunk instance.
Bitboard board_squares(Bitboard normal, const Kv3cppInstance& instance);

}  // namespace chunker
