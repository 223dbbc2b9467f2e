#include "libgen/oracle_build.h"

namespace chunker {

static_assert(OracleRules::MAX_STORED_DISTANCE >= retro::MAX_TABLE_DISTANCE);

OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                         std::uint64_t* twin_mismatches, const retro::GroupRunner& run) {
  return OracleTable(layout, solve_domain(OracleIndex(layout), OracleRules{}, progress, twin_mismatches, run));
}

}  // namespace chunker
