// The exact solver (libgen/exact.h) as tests use it: one root, one worker,
// no oracle shortcut, so every slice is solved by the solver itself.
#pragma once

#include <doctest/doctest.h>

#include "exact/exact.h"

namespace chunker::test {

inline ExactTable solve_exactly(const Position& root) {
  constexpr std::uint64_t MEMORY = std::uint64_t(1) << 30;
  ExactPlan plan = plan_exact(root, MEMORY);
  REQUIRE(plan.fitting);
  return build_exact(root, std::move(*plan.fitting), ExactSources{});
}

}  // namespace chunker::test
