// `chunker solve`'s exact answer (libgen/exact.h): when the search leaves a
// value unproven, or a table is to be saved, every position reachable from
// the root is solved by retrograde analysis if it fits the memory budget.
#pragma once

#include <optional>
#include <string>

#include "exact.h"
#include "output.h"
#include "proof_search.h"

namespace chunker::cli {

struct ExactOptions {
  std::uint64_t memory_bytes = 0;      // 0: never
  std::string oracle_dir;              // where oracle layouts may be read
  std::string save;                    // --save FILE
  const ExactTable* loaded = nullptr;  // --load FILE
};

// A quarter of the machine's memory: --memory's default.
std::uint64_t default_exact_memory();

// The search's result, then the exact one where the search left the value
// unproven (or --save asks for the table) and the reachable set fits, else
// a line saying why not. A position --load's table holds is answered from it
// without a search. With --save over the budget: InputError, nothing written.
Solved solve_position(const Position& pos, const SearchLimits& limits,
                      const std::vector<const Classifier*>& classifiers, const ExactOptions& options);

}  // namespace chunker::cli
