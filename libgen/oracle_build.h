// Building the oracle (docs/design.md §6): the game of docs/design.md §1
// over the whole domain, solved by the domain's retrograde loop.
#pragma once

#include <cstdint>
#include <functional>

#include "exact/oracle.h"

namespace chunker {

// The oracle of a layout, solved by solve_domain (domain_solve.h: progress,
// and the twin check where the layout is its own colour-reversed mirror; the
// groups run by `run` where given: oracle_mpi.h).
OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                         std::uint64_t* twin_mismatches = nullptr, const retro::GroupRunner& run = {});

}  // namespace chunker
