// `chunker solve`'s use of the exact solver: how much memory a root's
// reachable set takes, and which oracle layouts it copies slices from (exact.h).
#include <algorithm>

#include "exact/exact.h"

namespace chunker {

namespace {

// Memory per structure: its slice, its entry in the table's index (a hash
// node and the list entry) and its share of the buckets.
constexpr std::uint64_t BYTES_PER_STRUCTURE = king_slice::SIZE + 96;
// Counting goes on this many times past the budget, so that a refusal can
// say how far over it a root is; counting costs about 64 bytes a structure,
// an eighth of the budget at this factor.
constexpr std::uint64_t COUNT_PAST_BUDGET = 16;
}  // namespace

ExactPlan plan_exact(const Position& root, std::uint64_t memory_bytes) {
  ExactPlan plan;
  const std::uint64_t budget = memory_bytes / BYTES_PER_STRUCTURE;
  std::uint64_t found = 0;
  auto structures = reachable_structures(root, std::max<std::uint64_t>(budget, 1) * COUNT_PAST_BUDGET, found);
  plan.structures = found;
  plan.counted = structures.has_value();
  plan.bytes = found * BYTES_PER_STRUCTURE;
  if (structures && found <= budget) plan.fitting = std::move(structures);
  return plan;
}

ExactSolve solve_exact(const Position& root, std::vector<PawnStructure> structures, const OracleSource& oracle,
                       unsigned workers, const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                       const std::atomic<bool>* cancel) {
  std::uint64_t in_layout[LAYOUT_NB] = {0, 0};
  for (const PawnStructure& s : structures)
    if (auto slot = oracle_slot(s)) ++in_layout[std::size_t(slot->layout)];
  ExactSolve result;
  ExactSources sources;
  // A layout's table reads its block index when opened and takes no memory
  // beyond a few blocks a thread; a copied slice decompresses a block, a
  // fraction of what solving it takes: every layout with a slice to solve is used.
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    if (in_layout[std::size_t(layout)] == 0) continue;
    std::string problem;
    sources.oracle[std::size_t(layout)] = oracle(layout, problem);
    result.oracles.push_back({layout, sources.oracle[std::size_t(layout)] ? "" : problem});
  }
  sources.workers = std::max(1u, workers);
  sources.progress = progress;
  sources.from_oracle = &result.from_oracle;
  sources.cancel = cancel;
  result.table = build_exact(root, std::move(structures), sources);
  return result;
}

}  // namespace chunker
