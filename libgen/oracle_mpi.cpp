// The domain oracle over several processes (oracle_mpi.h).
#include "libgen/oracle_mpi.h"

#include <boost/mpi/collectives.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>

#include "exact/mpi_wait.h"

namespace chunker {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The rank that solves a config: a multiplicative hash, so that the configs
// of one group (neighbours in number) spread over the ranks.
int owner(std::uint32_t config, int ranks) {
  return int(((std::uint64_t(config) * 0x9E3779B97F4A7C15ull) >> 32) % std::uint64_t(ranks));
}

}  // namespace

retro::GroupRunner distributed_groups(const boost::mpi::communicator& comm, unsigned workers, RankFigures& figures) {
  return [&comm, workers, &figures](const std::vector<std::vector<std::uint32_t>>& groups, unsigned,
                                    const std::function<void(unsigned, std::uint32_t)>& solve,
                                    const std::function<void(std::uint32_t)>& progress,
                                    const std::function<std::span<std::uint8_t>(std::uint32_t)>& slice_bytes) {
    std::uint32_t done = 0;
    for (const auto& group : groups) {
      std::vector<std::vector<std::uint32_t>> share(comm.size());
      for (std::uint32_t config : group) share[owner(config, comm.size())].push_back(config);
      auto start = Clock::now();
      retro::solve_in_order({share[comm.rank()]}, workers, solve, [](std::uint32_t) {});
      figures.owned += share[comm.rank()].size();
      // A slice without bytes (a chess slice read through its colour-reversed
      // twin) is neither solved nor sent.
      for (std::uint32_t config : share[comm.rank()]) figures.solved += !slice_bytes(config).empty();
      figures.compute_seconds += seconds_since(start);

      start = Clock::now();
      std::vector<std::uint8_t> mine;
      for (std::uint32_t config : share[comm.rank()]) {
        const std::span<const std::uint8_t> bytes = slice_bytes(config);
        mine.insert(mine.end(), bytes.begin(), bytes.end());
      }
      std::vector<std::vector<std::uint8_t>> all;
      wait_for_every_rank(comm);
      boost::mpi::all_gather(comm, mine, all);
      for (int r = 0; r < comm.size(); ++r) {
        if (r == comm.rank()) continue;
        std::size_t at = 0;
        for (std::uint32_t config : share[r]) {
          const std::span<std::uint8_t> bytes = slice_bytes(config);
          if (all[r].size() - at < bytes.size()) throw std::runtime_error("a rank sent a short group");
          std::copy_n(all[r].begin() + std::ptrdiff_t(at), bytes.size(), bytes.begin());
          at += bytes.size();
          figures.fetched += !bytes.empty();
        }
        if (at != all[r].size()) throw std::runtime_error("a rank sent a long group");
        figures.bytes_received += all[r].size();
        figures.bytes_sent += mine.size();
      }
      figures.exchange_seconds += seconds_since(start);
      progress(done += std::uint32_t(group.size()));
    }
  };
}

}  // namespace chunker
