// What one rank of an MPI run did (chunker-mpi's oracle build and exact
// solve), gathered by rank 0 and printed at the end (bench/mpi).
#pragma once

#include <cstdint>

namespace chunker {

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

}  // namespace chunker
