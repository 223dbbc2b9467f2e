// Waiting for the other ranks without taking a core: Open MPI's blocking
// collectives poll at full speed while a rank waits for a slower one, and on
// a machine whose cores are shared (more ranks than cores, or other work) that
// poll takes the CPU the working ranks need.
#pragma once

#include <boost/mpi/communicator.hpp>
#include <chrono>
#include <thread>

namespace chunker {

// Returns once `request` (a nonblocking call's) is complete, tested between
// short sleeps; `status` is then the call's.
inline void wait_for(MPI_Request& request, MPI_Status* status = MPI_STATUS_IGNORE) {
  constexpr auto NAP = std::chrono::microseconds(200);
  for (int done = 0;;) {
    MPI_Test(&request, &done, status);
    if (done) return;
    std::this_thread::sleep_for(NAP);
  }
}

// Returns once every rank of `comm` has called it (a barrier): an
// MPI_Ibarrier waited for as above, so that a rank that arrives early
// sleeps; the collective that follows then finds every rank there.
inline void wait_for_every_rank(const boost::mpi::communicator& comm) {
  MPI_Request request;
  MPI_Ibarrier(comm, &request);
  wait_for(request);
}

}  // namespace chunker
