// `chunker solve`'s use of the exact solver: how much memory a root's
// reachable set takes, and which oracle layouts are worth loading (exact.h).
#include <algorithm>

#include "exact.h"

namespace chunker {

namespace {

// Memory per structure: its slice, its entry in the table's index (a hash
// node and the list entry) and its share of the buckets.
constexpr std::uint64_t BYTES_PER_STRUCTURE = king_slice::SIZE + 96;
// Counting goes on this many times past the budget, so that a refusal can
// say how far over it a root is; counting costs about 64 bytes a structure,
// an eighth of the budget at this factor.
constexpr std::uint64_t COUNT_PAST_BUDGET = 16;
// A layout is loaded when it holds at least this many of the slices to
// solve: loading one decompresses up to 963 MB in about as long as solving
// this many slices takes (measured: bench/exact).
constexpr std::uint64_t ORACLE_WORTH_LOADING = 4'000;

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

ExactSolve solve_exact(const Position& root, std::vector<PawnStructure> structures, std::uint64_t memory_bytes,
                       const std::string& oracle_dir, unsigned workers,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  std::uint64_t in_layout[LAYOUT_NB] = {0, 0};
  for (const PawnStructure& s : structures)
    if (auto slot = oracle_slot(s)) ++in_layout[std::size_t(slot->layout)];
  std::uint64_t used = structures.size() * BYTES_PER_STRUCTURE;
  ExactSolve result;
  std::vector<OracleTable> loaded;
  loaded.reserve(LAYOUT_NB);
  ExactSources sources;
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    const std::uint64_t size = OracleIndex(layout).stored_entries();
    if (in_layout[std::size_t(layout)] < ORACLE_WORTH_LOADING || used + size > memory_bytes) continue;
    try {
      loaded.push_back(load_oracle(oracle_dir, layout));
      sources.oracle[std::size_t(layout)] = &loaded.back();
      used += size;
      result.oracles.push_back(layout_name(layout));
    } catch (const TableError& e) {
      result.oracles.push_back(layout_name(layout) + " not used (" + e.what() + ")");
    }
  }
  sources.workers = std::max(1u, workers);
  sources.progress = progress;
  sources.from_oracle = &result.from_oracle;
  result.table = build_exact(root, std::move(structures), sources);
  return result;
}

}  // namespace chunker
