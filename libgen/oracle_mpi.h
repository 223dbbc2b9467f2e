// The domain oracle over several processes (Boost.MPI): solve_domain's
// groups of slices shared out by an owner hash of the pawn configuration, the
// slices of each group sent to every rank once it is solved (an all-gather:
// a domain slice reads its successors anywhere in the layout, so each rank
// keeps the whole table). Same slice solver, same loop, same bytes.
#pragma once

#include <boost/mpi/communicator.hpp>

#include "exact/domain_solve.h"
#include "exact/rank_figures.h"

namespace chunker {

// A GroupRunner for solve_domain that solves this rank's share of each group
// with `workers` threads and exchanges the group's slices; `figures` counts
// the bytes and the time.
GroupRunner distributed_groups(const boost::mpi::communicator& comm, unsigned workers, RankFigures& figures);

}  // namespace chunker
