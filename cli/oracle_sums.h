// `chunker oracle sums`: the chunks as combinatorial games (issue 32). It
// prints the values of the Kv3CPP chunk against the integers
// (libgen/kv3cpp_ladder.h), and tests against the oracle whether the two
// chunks' values decide the positions where the tempo sum's budgets fall one
// pass short (schemas/level5_tempo.h); or, for one position, the values of
// both chunks along the oracle's line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "oracle_index.h"

namespace chunker::cli {

int sums_report(const std::string& data_dir, const std::string& libraries_dir, const std::vector<Layout>& layouts,
                std::uint32_t config_step);
int sums_line(const std::string& data_dir, const std::string& fen);

}  // namespace chunker::cli
