// chunker-mpi's one line when a rank dies: mpirun then stops the other ranks
// with SIGTERM (and under `mpirun -q` says nothing itself), so the first of
// them to take the signal names the rank that died, the level it was at and
// the levels the checkpoints keep. The ranks of a machine share a page (MPI
// shared memory) where each keeps its process id, level and kept levels.
#pragma once

#include <boost/mpi/communicator.hpp>
#include <cstddef>
#include <string>

namespace chunker::cli {

class RankFailureLine {
 public:
  // Collective. `checkpoint`: the --checkpoint directory, empty for none.
  RankFailureLine(const boost::mpi::communicator& comm, const std::string& checkpoint);
  RankFailureLine(const RankFailureLine&) = delete;
  RankFailureLine& operator=(const RankFailureLine&) = delete;
  ~RankFailureLine();  // collective

  // Where this rank is (DistributedExact's LevelProgress): solving `level`
  // of `levels` (`levels` once all are solved), the first `kept` checkpointed.
  void at_level(std::size_t level, std::size_t levels, std::size_t kept);
};

// A rank that stops the run itself (an error it has printed) calls this
// first, so that the others stay quiet.
void rank_failure_said();

}  // namespace chunker::cli
