// The distributed exact solver (exact_mpi.h).
#include "exact/exact_mpi.h"

#include <sys/resource.h>

#include <boost/mpi/collectives.hpp>
#include <boost/mpi/datatype.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <chrono>
#include <climits>
#include <filesystem>
#include <memory>

#include "chunks/library_file.h"
#include "exact/exact_slice.h"
#include "exact/mpi_wait.h"

namespace chunker {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int GATHER_TAG = 31;  // gather()'s messages, the only ones sent point to point

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A finished level of one rank: its slices of that level, and the run they
// belong to.
struct LevelCheckpoint {
  std::string run_key;
  std::vector<std::uint32_t> ids;
  std::vector<std::uint8_t> bytes;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& run_key& ids& bytes;
  }
};

TableHeader checkpoint_header(int rank, int ranks, std::size_t level) {
  return {"exact-level",
          "rank=" + std::to_string(rank) + "/" + std::to_string(ranks) + " level=" + std::to_string(level), 1};
}

}  // namespace

DistributedExact::DistributedExact(const boost::mpi::communicator& comm, const Position& root,
                                   std::vector<PawnStructure> structures, unsigned workers, std::string checkpoint_dir,
                                   std::string run_key, LevelProgress progress)
    : comm_(comm),
      root_(root),
      structures_(std::move(structures)),
      owner_(structures_.size()),
      slot_(structures_.size(), -1),
      where_(structures_.size(), nullptr),
      workers_(std::max(1u, workers)),
      checkpoint_dir_(std::move(checkpoint_dir)),
      run_key_(std::move(run_key)),
      progress_(std::move(progress)) {
  id_of_.reserve(structures_.size());
  for (std::uint32_t id = 0; id < structures_.size(); ++id) id_of_.emplace(structures_[id], id);
  // Each level is dealt out in turn, in the order of a hash (the same on
  // every rank): every rank solves as many slices of a level as the others
  // (an owner hash modulo the ranks left one rank 3% more of the
  // breakthrough's slices, and the others waited for it at every level).
  auto mixed = [this](std::uint32_t id) {
    std::uint64_t h = PawnStructureHash{}(structures_[id]);
    h = (h ^ (h >> 33)) * 0xFF51AFD7ED558CCDull;
    return h ^ (h >> 33);
  };
  std::int64_t slots = 0;
  for (auto group : potential_levels(structures_)) {
    std::sort(group.begin(), group.end(), [&](std::uint32_t a, std::uint32_t b) { return mixed(a) < mixed(b); });
    for (std::size_t i = 0; i < group.size(); ++i) owner_[group[i]] = int(i % std::size_t(comm_.size()));
    // A rank's slices of a level in the order of Black's pawns, then White's:
    // slices with the same black pawns look up many of the same slices (a
    // white pawn move from either), so the parts of a level (solve_level)
    // fetch fewer twice.
    std::sort(group.begin(), group.end(), [this](std::uint32_t a, std::uint32_t b) {
      const PawnStructure &s = structures_[a], &t = structures_[b];
      return std::pair(s.pawns[BLACK], s.pawns[WHITE]) < std::pair(t.pawns[BLACK], t.pawns[WHITE]);
    });
    levels_.emplace_back();
    for (std::uint32_t id : group)
      if (owner(id) == comm_.rank()) {
        levels_.back().push_back(id);
        slot_[id] = slots++;
      }
  }
  owned_ = TableBytes(std::uint64_t(slots) * king_slice::SIZE);
  figures_.owned = std::uint64_t(slots);
}

const std::uint8_t* DistributedExact::find(const PawnStructure& s) const {
  const auto it = id_of_.find(s);
  return it == id_of_.end() ? nullptr : where_[it->second];
}

namespace {

// One MPI_Alltoallv of plain values (a vector of them, std::vector or
// TableBytes): `sent` holds what goes to each rank, rank after rank,
// `counts[r]` of them to rank r; what every rank sends here is returned,
// rank after rank, in `received`, with where each one's starts (`from`, one
// more entry than ranks). The counts go first (Boost.MPI's all_to_all); the
// values are not copied besides.
template <typename Values>
void exchange(const boost::mpi::communicator& comm, const Values& sent, const std::vector<int>& counts,
              Values& received, std::vector<int>& from) {
  const int ranks = comm.size();
  std::vector<int> receive_counts(ranks), send_at(ranks + 1, 0);
  wait_for_every_rank(comm);
  boost::mpi::all_to_all(comm, counts, receive_counts);
  from.assign(ranks + 1, 0);
  for (int r = 0; r < ranks; ++r) {
    send_at[r + 1] = send_at[r] + counts[r];
    from[r + 1] = from[r] + receive_counts[r];
  }
  if (received.capacity() < std::size_t(from[ranks])) {  // no more than asked for, where resize() could double
    received.clear();
    received.shrink_to_fit();
    received.reserve(std::size_t(from[ranks]));
  }
  received.resize(std::size_t(from[ranks]));
  const MPI_Datatype type = boost::mpi::get_mpi_datatype<typename Values::value_type>();
  MPI_Alltoallv(sent.data(), counts.data(), send_at.data(), type, received.data(), receive_counts.data(), from.data(),
                type, comm);
}

}  // namespace

void DistributedExact::fetch(const std::vector<std::uint32_t>& wanted) {
  const auto start = Clock::now();
  const int ranks = comm_.size();
  // The ids asked of each rank, rank after rank.
  std::vector<std::uint32_t> asks(wanted);
  std::stable_sort(asks.begin(), asks.end(), [this](std::uint32_t a, std::uint32_t b) { return owner(a) < owner(b); });
  std::vector<int> ask_counts(ranks, 0), asked_from, received_from;
  for (std::uint32_t id : asks) ++ask_counts[owner(id)];
  std::vector<std::uint32_t> asked;
  exchange(comm_, asks, ask_counts, asked, asked_from);
  // MPI's counts and offsets are ints: a part of a level (about a sixteenth
  // of a share) is far smaller, but a count past them must not wrap.
  if (std::max(asked.size(), asks.size()) * std::uint64_t(king_slice::SIZE) > std::uint64_t(INT_MAX))
    throw std::length_error("a part of a level fetches more than 2 GiB at once");
  // The replies are copied into one buffer: one large message to each rank
  // goes through Open MPI's single copy between processes, where slices
  // sent in place (an indexed datatype) went in fragments, each waiting for
  // both ranks to be running (2.5 times the exchange time on a shared machine).
  TableBytes& replies = replies_;
  replies.clear();
  if (replies.capacity() < asked.size() * king_slice::SIZE) {
    replies.shrink_to_fit();
    replies.reserve(asked.size() * king_slice::SIZE);
  }
  std::vector<int> reply_counts(ranks);
  for (int r = 0; r < ranks; ++r) {
    reply_counts[r] = (asked_from[r + 1] - asked_from[r]) * int(king_slice::SIZE);
    for (int i = asked_from[r]; i < asked_from[r + 1]; ++i) {
      const std::uint8_t* bytes = owned_.data() + std::uint64_t(slot_.at(asked[std::size_t(i)])) * king_slice::SIZE;
      replies.insert(replies.end(), bytes, bytes + king_slice::SIZE);
    }
  }
  TableBytes& into = fetched_;
  exchange(comm_, replies, reply_counts, into, received_from);
  figures_.bytes_sent += asks.size() * sizeof(std::uint32_t) + replies.size();
  figures_.bytes_received += asked.size() * sizeof(std::uint32_t) + into.size();
  if (into.size() != asks.size() * king_slice::SIZE) throw std::runtime_error("a rank sent a short reply");
  for (std::size_t i = 0; i < asks.size(); ++i) where_[asks[i]] = into.data() + king_slice::SIZE * i;
  figures_.fetched += asks.size();
  figures_.exchange_seconds += seconds_since(start);
}

void DistributedExact::solve_level(std::size_t level) {
  const std::vector<std::uint32_t>& mine = levels_[level];
  // The other ranks' slices each of this rank's looks up.
  std::vector<std::uint32_t> remote;
  std::vector<std::size_t> remote_from{0};
  for (std::uint32_t id : mine) {
    for_each_looked_up_structure(structures_[id], [&](const PawnStructure& t) {
      const auto it = id_of_.find(t);
      if (it != id_of_.end() && owner(it->second) != comm_.rank()) remote.push_back(it->second);
    });
    remote_from.push_back(remote.size());
  }
  // The level is solved in as many parts as the rank that needs most takes
  // to fetch a part's worth at a time (exact_mpi.h), each rank's slices cut
  // into that many runs of equal length, so that the ranks take as long over
  // each. `seen[id] == mark`: counted in the part being made.
  std::vector<std::uint32_t> seen(structures_.size(), 0);
  std::uint32_t mark = 1;
  std::uint64_t unsolved = 0;
  for (std::size_t later = level + 1; later < levels_.size(); ++later) unsolved += levels_[later].size();
  const std::uint64_t round_bytes = fetch_part_bytes(owned_.size(), unsolved * king_slice::SIZE);
  // Buffers kept from a level of larger parts would take the pages of the
  // share solved next (a quarter over a part is slack for parts that come
  // out larger than asked).
  const std::uint64_t kept_bytes = round_bytes + round_bytes / 4;
  if (fetched_.capacity() > kept_bytes || replies_.capacity() > kept_bytes) {
    TableBytes().swap(fetched_);
    TableBytes().swap(replies_);
  }
  std::uint64_t parts = 1, bytes = 0;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    for (std::size_t j = remote_from[i]; j < remote_from[i + 1]; ++j)
      if (std::exchange(seen[remote[j]], mark) != mark) bytes += king_slice::SIZE;
    if (bytes > round_bytes && i + 1 < mine.size()) {
      ++parts, ++mark;
      bytes = 0;
    }
  }
  wait_for_every_rank(comm_);
  const std::uint64_t rounds = boost::mpi::all_reduce(comm_, parts, boost::mpi::maximum<std::uint64_t>());
  for (std::uint64_t part = 0; part < rounds; ++part) {
    const std::size_t begin = mine.size() * part / rounds, end = mine.size() * (part + 1) / rounds;
    std::vector<std::uint32_t> wanted;
    ++mark;
    for (std::size_t j = remote_from[begin]; j < remote_from[end]; ++j)
      if (std::exchange(seen[remote[j]], mark) != mark) wanted.push_back(remote[j]);
    solve_part({mine.begin() + std::ptrdiff_t(begin), mine.begin() + std::ptrdiff_t(end)}, wanted);
  }
}

void DistributedExact::solve_part(const std::vector<std::uint32_t>& ids, const std::vector<std::uint32_t>& wanted) {
  fetch(wanted);

  const auto start = Clock::now();
  std::vector<std::unique_ptr<ExactSolver>> solvers;
  for (unsigned w = 0; w < workers_; ++w) solvers.push_back(std::make_unique<ExactSolver>());
  const ExactSources no_oracle;
  auto find = [this](const PawnStructure& s) { return this->find(s); };
  auto solve = [&](unsigned worker, std::uint32_t id) {
    std::uint8_t* bytes = owned_.data() + std::uint64_t(slot_[id]) * king_slice::SIZE;
    solve_exact_slice(structures_[id], no_oracle, *solvers[worker], find, bytes);
  };
  retro::solve_in_order({ids}, workers_, solve, [](std::uint32_t) {});
  for (std::uint32_t id : ids) where_[id] = owned_.data() + std::uint64_t(slot_[id]) * king_slice::SIZE;
  for (std::uint32_t id : wanted) where_[id] = nullptr;
  figures_.solved += ids.size();
  figures_.compute_seconds += seconds_since(start);
}

std::string DistributedExact::checkpoint_path(std::size_t level) const {
  return checkpoint_dir_ + "/level-" + std::to_string(level) + ".rank-" + std::to_string(comm_.rank()) + "-of-" +
         std::to_string(comm_.size()) + ".tbl";
}

void DistributedExact::save_checkpoint(std::size_t level) const {
  LevelCheckpoint checkpoint{run_key_, levels_[level], {}};
  for (std::uint32_t id : levels_[level]) {
    const std::uint8_t* bytes = owned_.data() + std::uint64_t(slot_[id]) * king_slice::SIZE;
    checkpoint.bytes.insert(checkpoint.bytes.end(), bytes, bytes + king_slice::SIZE);
  }
  save_library_file(checkpoint, checkpoint_header(comm_.rank(), comm_.size(), level), checkpoint_path(level));
}

bool DistributedExact::load_checkpoint(std::size_t level) {
  const std::string path = checkpoint_path(level);
  if (!std::filesystem::exists(path)) return false;
  try {
    const auto checkpoint = load_library_file<LevelCheckpoint>(
        checkpoint_header(comm_.rank(), comm_.size(), level), path, "a new run", [&](const LevelCheckpoint& c) {
          return c.run_key == run_key_ && c.ids == levels_[level] && c.bytes.size() == c.ids.size() * king_slice::SIZE;
        });
    for (std::size_t i = 0; i < checkpoint.ids.size(); ++i) {
      std::uint8_t* bytes = owned_.data() + std::uint64_t(slot_[checkpoint.ids[i]]) * king_slice::SIZE;
      std::copy_n(checkpoint.bytes.begin() + std::ptrdiff_t(i * king_slice::SIZE), king_slice::SIZE, bytes);
      where_[checkpoint.ids[i]] = bytes;
    }
    figures_.resumed += checkpoint.ids.size();
    return true;
  } catch (const TableError&) {
    return false;  // damaged or of another run: solved again
  }
}

std::size_t DistributedExact::solve() {
  std::size_t resume = 0;
  if (!checkpoint_dir_.empty()) {
    std::filesystem::create_directories(checkpoint_dir_);
    // A level file this rank was writing when a run died is left under its
    // temporary name, never read: it goes.
    const std::string unfinished =
        ".rank-" + std::to_string(comm_.rank()) + "-of-" + std::to_string(comm_.size()) + ".tbl.tmp.";
    for (const auto& entry : std::filesystem::directory_iterator(checkpoint_dir_))
      if (const std::string name = entry.path().filename().string();
          name.starts_with("level-") && name.find(unfinished) != std::string::npos)
        std::filesystem::remove(entry.path());
    // The levels every rank has finished: each rank's own unbroken run of
    // checkpoints from the first level, the least over the ranks.
    std::size_t kept = 0;
    while (kept < levels_.size() && load_checkpoint(kept)) ++kept;
    resume = boost::mpi::all_reduce(comm_, kept, boost::mpi::minimum<std::size_t>());
    for (std::size_t level = resume; level < kept; ++level) {
      figures_.resumed -= levels_[level].size();
      for (std::uint32_t id : levels_[level]) where_[id] = nullptr;
    }
  }
  // Told as soon as a level's file is written: a rank killed next must not
  // be said to have kept one level less than it has.
  std::size_t kept = resume;
  progress_(resume, levels_.size(), kept);
  for (std::size_t level = resume; level < levels_.size(); ++level) {
    solve_level(level);
    if (!checkpoint_dir_.empty()) {
      const auto start = Clock::now();
      save_checkpoint(level);
      kept = level + 1;
      figures_.checkpoint_seconds += seconds_since(start);
    }
    progress_(level + 1, levels_.size(), kept);
  }
  return resume;
}

ExactTable DistributedExact::gather(std::vector<std::uint32_t> ids, std::uint64_t batch_slices) {
  if (batch_slices == 0 || batch_slices > GATHER_BATCH_BYTES / king_slice::SIZE)
    throw std::invalid_argument("gather: a batch must hold 1 to " +
                                std::to_string(GATHER_BATCH_BYTES / king_slice::SIZE) + " slices");
  boost::mpi::broadcast(comm_, ids, 0);
  const auto start = Clock::now();
  const int ranks = comm_.size();
  auto own_bytes = [this](std::uint32_t id) { return owned_.data() + std::uint64_t(slot_[id]) * king_slice::SIZE; };
  // Where each rank's slices go in the table: their indices in `ids`.
  std::vector<std::vector<std::uint32_t>> at(static_cast<std::size_t>(ranks));
  for (std::uint32_t i = 0; i < ids.size(); ++i) at[std::size_t(owner(ids[i]))].push_back(i);
  TableBytes batch;
  auto batch_end = [&](std::size_t begin, std::size_t size) { return std::min(size, begin + batch_slices); };
  if (comm_.rank() != 0) {
    const std::vector<std::uint32_t>& mine = at[std::size_t(comm_.rank())];
    batch.reserve(std::min<std::uint64_t>(mine.size(), batch_slices) * king_slice::SIZE);
    for (std::size_t begin = 0; begin < mine.size(); begin = batch_end(begin, mine.size())) {
      batch.clear();
      for (std::size_t i = begin; i < batch_end(begin, mine.size()); ++i)
        batch.insert(batch.end(), own_bytes(ids[mine[i]]), own_bytes(ids[mine[i]]) + king_slice::SIZE);
      MPI_Request request;
      MPI_Isend(batch.data(), int(batch.size()), MPI_BYTE, 0, GATHER_TAG, comm_, &request);
      wait_for(request);
      figures_.bytes_sent += batch.size();
    }
    figures_.exchange_seconds += seconds_since(start);
    return {};
  }
  std::vector<PawnStructure> structures;
  structures.reserve(ids.size());
  for (std::uint32_t id : ids) structures.push_back(structures_[id]);
  TableBytes bytes(ids.size() * king_slice::SIZE);
  for (std::uint32_t i : at[0])
    std::copy_n(own_bytes(ids[i]), king_slice::SIZE, bytes.data() + std::uint64_t(i) * king_slice::SIZE);
  // The other ranks' batches, rank after rank, each copied into the table
  // before the next is received into the same buffer.
  for (int r = 1; r < ranks; ++r) {
    const std::vector<std::uint32_t>& theirs = at[std::size_t(r)];
    for (std::size_t begin = 0; begin < theirs.size(); begin = batch_end(begin, theirs.size())) {
      const std::size_t end = batch_end(begin, theirs.size());
      batch.resize((end - begin) * king_slice::SIZE);
      MPI_Request request;
      MPI_Status status;
      MPI_Irecv(batch.data(), int(batch.size()), MPI_BYTE, r, GATHER_TAG, comm_, &request);
      wait_for(request, &status);
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      if (std::size_t(count) != batch.size()) throw std::runtime_error("a rank sent a short batch of slices");
      for (std::size_t i = begin; i < end; ++i)
        std::copy_n(batch.data() + (i - begin) * king_slice::SIZE, king_slice::SIZE,
                    bytes.data() + std::uint64_t(theirs[i]) * king_slice::SIZE);
      figures_.bytes_received += batch.size();
      figures_.fetched += end - begin;
    }
  }
  figures_.exchange_seconds += seconds_since(start);
  return ExactTable(to_fen(root_), std::move(structures), std::move(bytes));
}

std::vector<std::uint32_t> DistributedExact::root_neighbourhood() const {
  const PawnStructure root = structure_of(root_);
  std::vector<std::uint32_t> ids{id_of_.at(root)};
  if (root_.ep != NO_SQUARE || root_.promoted != NO_SQUARE) {  // valued through its moves: rare enough to take all
    ids.clear();
    for (std::uint32_t id = 0; id < structures_.size(); ++id) ids.push_back(id);
    return ids;
  }
  for_each_looked_up_structure(root, [&](const PawnStructure& t) {
    if (const auto it = id_of_.find(t); it != id_of_.end()) ids.push_back(it->second);
  });
  return ids;
}

RankFigures DistributedExact::figures() const {
  RankFigures f = figures_;
  f.take_process_figures();
  return f;
}

}  // namespace chunker
