// The move to play where the oracle cannot say (another pawn structure, the
// table not built, or not wanted): the Chunker search with the libraries and
// schemas, run on each move in turn with a node budget that doubles round by
// round, proves what it can. The rest are ranked by the learned guide's
// estimate of the position after each move where the position lies in the
// domain its model was fitted on (the oracle's), else by the judgement
// (judgement.h: a few plies of alpha-beta over the chunk evaluation and the
// classifiers' verdicts, one ply deeper each round), and moves it scores
// alike in the guide's order.
// A move proven to win comes first (the shortest known win), then the moves
// not proven to lose by their score (a proven draw a little below 0), then the
// proven losses (the longest known defence). So the choice never prefers a
// move the search proved worse, whatever the evaluation thinks.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "chunks/chunk_libraries.h"
#include "engine/classifier.h"
#include "engine/search.h"

namespace chunker {

struct ChoiceLimits {
  int max_ply = 500;                                  // each move's search: ply limit of its last iteration
  std::uint64_t node_limit = std::uint64_t(1) << 60;  // nodes over all moves and rounds
  std::size_t hash_megabytes = 16;                    // the most any move's search uses
  const std::atomic<bool>* stop = nullptr;            // set by another thread to end the choice
};

// A candidate move and what is known of it, for the side that plays it.
struct RankedMove {
  Move move;
  Value value = 0;  // proven: the game value; else the guide's or the judgement's score after the move
  bool proven = false;
  bool distance_known = true;  // of a proven decisive value
};

struct MoveChoice {
  std::vector<RankedMove> ranked;  // best first; empty when `allowed` is
  std::uint64_t nodes = 0;
  int rounds = 0;  // completed rounds of searches over the moves
};

// Ranks `allowed` (legal moves of pos). A move back to one of `earlier` (the
// game's positions so far) repeats it: a proven draw, which the search, that
// knows only the line below pos, cannot see. `guide` (SearchLimits::guide;
// empty: none) is the learned guide. `progress` is called after each round
// with the ranking so far.
MoveChoice choose_move(const Position& pos, const std::vector<Move>& allowed, const std::vector<Position>& earlier,
                       const std::vector<const Classifier*>& classifiers, const ChunkLibraries* libraries,
                       const std::function<Estimate(const Position&)>& guide, const ChoiceLimits& limits,
                       const std::function<void(const MoveChoice&)>& progress = {});

// Orders two candidates as choose_move ranks them.
bool ranks_before(const RankedMove& a, const RankedMove& b);

}  // namespace chunker
