// Slices solved over several processes (Boost.MPI), for the domain oracle
// (solve_domain) and the chess-exact solver (build_chess): each group's
// slices shared out by an owner hash of their number, the slices of each
// group sent to every rank once it is solved (an all-gather: a slice reads
// its successors anywhere in the table, so each rank keeps the whole table).
// Same slice solver, same loop, same bytes.
#pragma once

#include <boost/mpi/communicator.hpp>

#include "exact/domain_solve.h"
#include "exact/rank_figures.h"

namespace chunker {

// A GroupRunner that solves this rank's share of each group with `workers`
// threads and exchanges the group's slices; `figures` counts the bytes and
// the time.
retro::GroupRunner distributed_groups(const boost::mpi::communicator& comm, unsigned workers, RankFigures& figures);

}  // namespace chunker
