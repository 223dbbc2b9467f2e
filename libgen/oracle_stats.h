// Questions asked of a whole built oracle table (`chunker oracle stats`):
// counts, the longest win, mutual zugzwangs, and wins that only one move keeps.
#pragma once

#include <cstdint>

#include "exact/oracle.h"

namespace chunker {

// What `chunker oracle stats` reports, for one side to move.
struct OracleStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  int longest_win = 0;
  std::uint64_t longest_win_index = 0;
  std::uint64_t one_winning_move = 0;  // wins with exactly one winning move
};
struct OracleSummary {
  OracleStats side[COLOR_NB];
  std::uint64_t mutual_zugzwangs = 0;  // placements lost with either side to move
};
OracleSummary summarize(const OracleTable& table);

}  // namespace chunker
