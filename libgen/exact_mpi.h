// The exact solver over several processes (Boost.MPI on Open MPI), as
// README.md's "Beyond one machine" plans it: every rank enumerates the
// reachable structures, owns those whose hash is its rank modulo the rank
// count, and solves its own slices of each level (potential) in order with
// exact_slice.h's slice solver; before a level it fetches the slices of other
// ranks its own look up (one all-to-all of ids, one of slice bytes) and drops
// them after. Each finished level can be kept as a checkpoint file per rank.
#pragma once

#include <boost/mpi/communicator.hpp>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "exact.h"

namespace chunker {

// What one rank did, for the figures printed at the end (bench/mpi).
struct RankFigures {
  std::uint64_t owned = 0;    // slices this rank owns
  std::uint64_t solved = 0;   // slices it solved in this run
  std::uint64_t resumed = 0;  // slices read back from its checkpoints
  std::uint64_t fetched = 0;  // slices received from other ranks
  std::uint64_t bytes_sent = 0, bytes_received = 0;
  double compute_seconds = 0, exchange_seconds = 0, checkpoint_seconds = 0;  // wall time
  // The process's CPU time (user and system) and peak resident memory: on a
  // machine shared with other work the wall time of a rank says little.
  double cpu_seconds = 0, peak_megabytes = 0;
  void take_process_figures();
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& owned& solved& resumed& fetched& bytes_sent& bytes_received& compute_seconds& exchange_seconds&
        checkpoint_seconds& cpu_seconds& peak_megabytes;
  }
};

class DistributedExact {
 public:
  // `structures`: reachable_structures(root, ...), the same on every rank.
  // `run_key` names the run (the same on every rank, checked before): a
  // checkpoint of another run is never read.
  DistributedExact(const boost::mpi::communicator& comm, const Position& root, std::vector<PawnStructure> structures,
                   unsigned workers, std::string checkpoint_dir, std::string run_key);

  // Solves every level (collective); the levels a checkpoint holds for every
  // rank are read back instead. Returns how many levels were resumed.
  std::size_t solve();
  // Collective: rank 0 gets an exact table of the root with `ids`' slices
  // (indices into structures(); the other ranks pass none and get an empty
  // table); every structure when `ids` is all of them (a merge of the run).
  ExactTable gather(const std::vector<std::uint32_t>& ids);
  // The root's structure and every one its slice looks up: enough for the
  // value of the root and of each of its moves.
  std::vector<std::uint32_t> root_neighbourhood() const;

  const std::vector<PawnStructure>& structures() const { return structures_; }
  std::size_t levels() const { return levels_.size(); }
  RankFigures figures() const;

 private:
  int owner(std::uint32_t id) const;
  const std::uint8_t* find(const PawnStructure& s) const;
  // Collective: each rank receives the slices `wanted` (owned by others) and
  // sends those asked of it; where_ points at the received ones, kept in `into`.
  void fetch(const std::vector<std::uint32_t>& wanted, std::vector<std::uint8_t>& into);
  void solve_level(std::size_t level);
  std::string checkpoint_path(std::size_t level) const;
  void save_checkpoint(std::size_t level) const;
  bool load_checkpoint(std::size_t level);

  const boost::mpi::communicator& comm_;
  Position root_;
  std::vector<PawnStructure> structures_;  // in order of rising potential
  std::unordered_map<PawnStructure, std::uint32_t, PawnStructureHash> id_of_;
  std::vector<std::vector<std::uint32_t>> levels_;  // this rank's ids of each potential
  std::vector<std::int64_t> slot_;                  // id -> slot in owned_, -1 where another rank owns it
  TableBytes owned_;                                // king_slice::SIZE per owned slot
  std::vector<const std::uint8_t*> where_;          // id -> its bytes while this rank holds them
  unsigned workers_;
  std::string checkpoint_dir_, run_key_;
  RankFigures figures_;
};

}  // namespace chunker
