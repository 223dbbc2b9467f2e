// The Level-0 solver: negamax alpha-beta with iterative deepening on a ply
// limit, a hash table of whole positions, repetition against the current
// line, quiescence past the limit, and static move ordering.
//
// What it proves. Within an iteration of limit L an undecided position at
// the limit scores as a draw for search only. A win or loss the search
// returns is always true (it rests only on terminal positions and on true
// hash entries); its distance is exact once L reaches it. A draw is proven
// only when the whole tree was searched without reaching the limit.
// When search alone cannot prove the value and few positions are reachable,
// solve() proves it exhaustively instead (closure.h) and says so.
// Graph-history interaction: a value that leaned on a repetition of a
// position above the node is never stored, so a repetition draw found on
// one line is never replayed as a fact on another.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "hash_table.h"
#include "movegen.h"

namespace chunker {

struct SearchLimits {
  int max_ply = 64;                       // last iteration's ply limit
  std::uint64_t node_limit = 10'000'000;  // nodes over all iterations
  std::size_t hash_megabytes = 64;
  // When search leaves the value unproven, positions with at most this many
  // reachable positions are proven exhaustively (closure.h); 0 turns it off.
  std::uint64_t closure_budget = 2'000'000;
};

enum class StopReason { Proven, PlyLimit, NodeLimit };
enum class Proof { None, Search, Exhaustive };

struct SearchResult {
  Value value = 0;      // for the side to move; a draw score when unproven
  bool proven = false;  // value (and distance, when decisive) are exact
  Proof proof = Proof::None;
  std::uint64_t closure_positions = 0;  // when proven exhaustively
  int distance = 0;     // plies to the end, when proven and decisive
  int exact_ply = 0;    // iteration at which the value became exact (Table 4-1's ply)
  int completed_ply = 0;
  Move best;
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  double seconds = 0;
  StopReason stop = StopReason::PlyLimit;
};

SearchResult solve(const Position& pos, const SearchLimits& limits);

}  // namespace chunker
