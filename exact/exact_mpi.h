// The exact solver over several processes (Boost.MPI on Open MPI), as
// docs/mpi.md describes it: every rank enumerates the
// reachable structures, owns an equal share of each level (potential), dealt
// out in the order of a hash, and solves its slices of each level in order
// with exact_slice.h's slice solver; before a level, or each part of a level
// whose neighbours would take more than a sixteenth of its share, it fetches the
// slices of other ranks its own look up (one all-to-all of ids, one of slice
// bytes) and drops them after. Each finished level can be kept as a
// checkpoint file per rank.
#pragma once

#include <algorithm>
#include <boost/mpi/communicator.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "exact/exact.h"
#include "exact/rank_figures.h"

namespace chunker {

// The bytes of slices a rank fetches at a time, about: a sixteenth of its
// share, and no more than half of the share's slices not solved yet (at least
// FETCH_ROUND_MIN_BYTES). A level whose neighbours take more is solved in as
// many parts (the same number on every rank). The part fetched and the copy
// sent for the other ranks' part then fit in the pages of the share not yet
// written, so that a rank's peak memory is its share (and a fixed base): it
// halves with twice the ranks. The last levels are small, so their extra
// parts cost little; a slice looked up in two parts is fetched twice.
constexpr std::uint64_t FETCH_SHARE_PART = 16, FETCH_ROUND_MIN_BYTES = std::uint64_t(1) << 20;
constexpr std::uint64_t fetch_part_bytes(std::uint64_t share_bytes, std::uint64_t unsolved_bytes) {
  return std::max(FETCH_ROUND_MIN_BYTES, std::min(share_bytes / FETCH_SHARE_PART, unsolved_bytes / 2));
}

// The most bytes of slices gather() sends in one message: rank 0 holds one
// such batch besides the table, and an MPI count (an int) never overflows
// however large the table (bench/mpi_demo's is 6.7 GB).
constexpr std::uint64_t GATHER_BATCH_BYTES = std::uint64_t(64) << 20;
static_assert(GATHER_BATCH_BYTES <= std::uint64_t(1) << 30, "at most 1 GiB, well within an int");

// Where a run is, for a rank that must say so when another one dies: the
// level being solved of how many (`levels` once all are) and how many
// levels, from the first, this rank has kept as checkpoints.
using LevelProgress = std::function<void(std::size_t level, std::size_t levels, std::size_t kept)>;

class DistributedExact {
 public:
  // `structures`: reachable_structures(root, ...), the same on every rank.
  // `run_key` names the run (the same on every rank, checked before): a
  // checkpoint of another run is never read.
  DistributedExact(
      const boost::mpi::communicator& comm, const Position& root, std::vector<PawnStructure> structures,
      unsigned workers, std::string checkpoint_dir, std::string run_key,
      LevelProgress progress = [](std::size_t, std::size_t, std::size_t) {});

  // Solves every level (collective); the levels a checkpoint holds for every
  // rank are read back instead. Returns how many levels were resumed.
  std::size_t solve();
  // Collective: rank 0 gets an exact table of the root with `ids`' slices
  // (indices into structures(), rank 0's: the other ranks' are not read, and
  // they get an empty table); every structure when `ids` is all of them (a
  // merge of the run). Only rank 0 receives, each other rank's slices in
  // messages of at most `batch_slices` (1 to GATHER_BATCH_BYTES' worth; the
  // same on every rank).
  ExactTable gather(std::vector<std::uint32_t> ids, std::uint64_t batch_slices = GATHER_BATCH_BYTES / king_slice::SIZE);
  // The root's structure and every one its slice looks up: enough for the
  // value of the root and of each of its moves.
  std::vector<std::uint32_t> root_neighbourhood() const;

  const std::vector<PawnStructure>& structures() const { return structures_; }
  std::size_t levels() const { return levels_.size(); }
  RankFigures figures() const;

 private:
  int owner(std::uint32_t id) const { return owner_[id]; }
  const std::uint8_t* find(const PawnStructure& s) const;
  // Collective: each rank receives the slices `wanted` (owned by others) and
  // sends those asked of it; where_ points at the received ones, kept in
  // fetched_ until the next fetch.
  void fetch(const std::vector<std::uint32_t>& wanted);
  void solve_level(std::size_t level);
  // solve_level's parts: `ids` solved, `wanted` (the other ranks' slices
  // they look up) fetched before and dropped after.
  void solve_part(const std::vector<std::uint32_t>& ids, const std::vector<std::uint32_t>& wanted);
  std::string checkpoint_path(std::size_t level) const;
  void save_checkpoint(std::size_t level) const;
  bool load_checkpoint(std::size_t level);

  const boost::mpi::communicator& comm_;
  Position root_;
  std::vector<PawnStructure> structures_;  // in order of rising potential
  std::unordered_map<PawnStructure, std::uint32_t, PawnStructureHash> id_of_;
  std::vector<std::vector<std::uint32_t>> levels_;  // this rank's ids of each potential
  std::vector<int> owner_;                          // id -> the rank that solves it
  std::vector<std::int64_t> slot_;                  // id -> slot in owned_, -1 where another rank owns it
  TableBytes owned_;                                // king_slice::SIZE per owned slot
  std::vector<const std::uint8_t*> where_;          // id -> its bytes while this rank holds them
  // fetch()'s buffers, kept from one fetch to the next: a new one each time
  // had the kernel clear its pages every time (a seventh of the CPU).
  TableBytes fetched_, replies_;
  unsigned workers_;
  std::string checkpoint_dir_, run_key_;
  LevelProgress progress_;
  RankFigures figures_;
};

}  // namespace chunker
