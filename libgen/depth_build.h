// Building the knowledge-depth tables (exact/knowledge_depth.h) and what
// `chunker oracle depth` reports of a whole one.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "exact/knowledge_depth.h"

namespace chunker {

// The knowledge depth of every position of a layout with `classifiers` (a
// level's, as make_level gives them); progress and the twin check as in
// solve_domain. The classifiers are asked from both cores at once.
DepthTable build_depth(Layout layout, const std::vector<const Classifier*>& classifiers,
                       const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                       std::uint64_t* twin_mismatches = nullptr);

// What `chunker oracle depth` reports of a layout, for one side to move.
struct DepthHistogram {
  std::uint64_t legal = 0, draws = 0;
  std::array<std::uint64_t, KnowledgeRules::MAX_DEPTH + 1> wins{}, losses{};
  int deepest = -1;                 // the greatest depth of a win or loss
  std::uint64_t deepest_index = 0;  // a position there (the smallest index)
  std::uint64_t decisive() const;
  std::uint64_t decisive_within(int depth) const;  // wins and losses of depth <= depth
};
struct DepthSummary {
  DepthHistogram side[COLOR_NB];
  // Positions whose value in the modified game is not the oracle's.
  std::uint64_t changed = 0;
  std::vector<std::uint64_t> first_changed;  // their indices, at most MAX_SHOWN
  static constexpr std::size_t MAX_SHOWN = 10;
};
DepthSummary summarize_depth(const DepthTable& depth, const OracleTable& oracle);

}  // namespace chunker
