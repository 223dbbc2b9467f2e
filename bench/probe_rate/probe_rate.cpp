// Oracle probes per second from one warm process, through the block format's
// map (block_table.h), for each layout: uniformly random stored entries one
// at a time (nearly every probe decompresses a block), the same entries
// sorted (a batch, each block decompressed once), and a search's pattern
// (a random legal position, then the values of all its moves); then with
// every block kept once read (TableRead::Kept, what a process that goes on
// probing asks for): the sample's first pass, which fills the blocks, and a
// second random sample once they are kept; next to the same random probes of
// the table read whole into memory.
//   probe_rate DATA_DIR [PROBES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "bench/count_argument.h"
#include "exact/oracle.h"

using namespace chunker;

namespace {

// Wall and CPU time since a start: on a shared machine the CPU time says
// what the probes cost, the wall time what a user waits.
struct Times {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
};

void report(const char* what, std::uint64_t probes, const Times& start) {
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start.wall).count();
  const double cpu = double(std::clock() - start.cpu) / CLOCKS_PER_SEC;
  if (probes == 0) {
    std::printf("  %-44s %8s         %6.2f s wall, %27.2f s CPU\n", what, "", wall, cpu);
    return;
  }
  std::printf("  %-44s %8llu probes: %6.2f s wall, %10.0f probes/s; %6.2f s CPU, %10.0f probes/s\n", what,
              static_cast<unsigned long long>(probes), wall, probes / wall, cpu, probes / cpu);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: probe_rate DATA_DIR [PROBES]\n");
    return 2;
  }
  const std::uint64_t probes = argc > 2 ? count_argument("probe_rate", "PROBES", argv[2]) : 1000000;
  try {
    for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
      const OracleTable table = load_oracle(argv[1], layout);
      const OracleIndex& index = table.index();
      std::printf("oracle %s\n", layout_name(layout).c_str());
      std::mt19937_64 rng(1);
      std::vector<std::uint64_t> sample(probes);
      for (std::uint64_t& i : sample) i = rng() % ORACLE_ENTRIES;
      volatile unsigned sink = 0;  // the probes are not optimised away
      // Few uniform single probes: each costs a block's decompression.
      const std::uint64_t singles = std::min<std::uint64_t>(probes, 100000);
      Times start;
      for (std::uint64_t k = 0; k < singles; ++k) sink = sink + table.byte(sample[k]);
      report("uniform random, one at a time", singles, start);
      start = Times();
      std::vector<std::uint64_t> sorted = sample;
      std::sort(sorted.begin(), sorted.end(),
                [&](std::uint64_t a, std::uint64_t b) { return index.storage(a) < index.storage(b); });
      for (std::uint64_t i : sorted) sink = sink + table.byte(i);
      report("uniform random, sorted by block (batch)", probes, start);
      std::uint64_t searched = 0;
      start = Times();
      for (std::uint64_t k = 0; searched < probes; ++k) {
        const std::uint64_t i = sample[k % sample.size()];
        if (table.byte(i) == king_slice::ILLEGAL_BYTE) continue;
        const Position pos = index.position(i);
        searched += 1 + move_values(table, pos).size();
      }
      report("search pattern: a position, then its moves", searched, start);
      {
        const OracleTable kept = load_oracle(argv[1], layout, TableRead::Kept);
        start = Times();
        for (std::uint64_t i : sample) sink = sink + kept.byte(i);
        report("kept blocks, uniform random, first pass", probes, start);
        std::vector<std::uint64_t> again(probes);
        for (std::uint64_t& i : again) i = rng() % ORACLE_ENTRIES;
        start = Times();
        for (std::uint64_t i : again) sink = sink + kept.byte(i);
        report("kept blocks, uniform random, warm", probes, start);
      }
      // For comparison: the table read whole into memory first.
      start = Times();
      const OracleTable whole = load_oracle(argv[1], layout, TableRead::Whole);
      report("whole read (TableRead::Whole), the reading", 0, start);
      start = Times();
      for (std::uint64_t i : sample) sink = sink + whole.byte(i);
      report("whole read, then uniform random probes", probes, start);
    }
  } catch (const TableError& e) {
    std::fprintf(stderr, "probe_rate: %s\n", e.what());
    return 1;
  }
  return 0;
}
