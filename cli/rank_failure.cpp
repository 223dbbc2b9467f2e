// The line a surviving rank prints when another dies (rank_failure.h). The
// signal handler only reads and writes the shared page with atomics, and
// builds its line in a fixed buffer: nothing in it allocates or locks.
#include "cli/rank_failure.h"

#include <mpi.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <exception>
#include <new>

namespace chunker::cli {

namespace {

constexpr std::int64_t UNKNOWN = -1;

// One rank's entry in the shared page.
struct RankState {
  std::atomic<std::int64_t> rank{UNKNOWN}, pid{0}, level{UNKNOWN}, levels{0}, kept{0};
  std::atomic<bool> stopping{false};  // took mpirun's signal: alive until it exits
};
// The page: whether a rank has spoken, then an entry per rank of the machine.
struct alignas(RankState) SharedPage {
  std::atomic<bool> said{false};
  RankState* ranks() { return reinterpret_cast<RankState*>(this + 1); }
};
static_assert(std::atomic<std::int64_t>::is_always_lock_free && std::atomic<bool>::is_always_lock_free);

// What the handler reads; set before it is installed.
SharedPage* page = nullptr;
int machine_ranks = 0, machine_rank = 0, world_ranks = 0;
std::string checkpoint_dir;

// The line, built without allocating.
class Line {
 public:
  Line& operator<<(const char* s) {
    for (; *s && length_ < sizeof text_ - 2; ++s) text_[length_++] = *s;
    return *this;
  }
  Line& operator<<(std::int64_t n) {
    char digits[24];
    int count = 0;
    do digits[count++] = char('0' + n % 10);
    while ((n /= 10) > 0);
    while (count > 0 && length_ < sizeof text_ - 2) text_[length_++] = digits[--count];
    return *this;
  }
  void write() {
    text_[length_++] = '\n';
    [[maybe_unused]] auto written = ::write(STDERR_FILENO, text_, length_);
  }

 private:
  char text_[1024];
  std::size_t length_ = 0;
};

extern "C" void on_stop(int) {
  RankState* ranks = page->ranks();
  ranks[machine_rank].stopping = true;
  // The rank that died: one of this machine's whose process is gone though
  // it never took the signal (mpirun reaps it before it stops the others).
  const RankState* dead = nullptr;
  for (int i = 0; i < machine_ranks; ++i)
    if (!ranks[i].stopping && kill(pid_t(ranks[i].pid.load()), 0) != 0 && errno == ESRCH) dead = &ranks[i];
  if (page->said.exchange(true)) _exit(1);
  // Levels every rank here has kept: the least over them.
  std::int64_t kept = INT64_MAX;
  for (int i = 0; i < machine_ranks; ++i) kept = std::min(kept, ranks[i].kept.load());
  const RankState& at = dead ? *dead : ranks[machine_rank];
  Line line;
  line << "chunker-mpi: ";
  if (dead)
    line << "rank " << dead->rank.load() << " of " << std::int64_t(world_ranks) << " died";
  else if (machine_ranks < world_ranks)
    line << "a rank of " << std::int64_t(world_ranks) << " (on another machine) died";
  else  // every rank is alive here: mpirun was stopped (Ctrl-C)
    line << "the run of " << std::int64_t(world_ranks) << " ranks was stopped";
  if (at.level != UNKNOWN && at.level < at.levels)
    line << " at level " << at.level.load() << " of " << at.levels.load();
  else if (at.level != UNKNOWN)
    line << " after the last level";
  if (checkpoint_dir.empty())
    line << "; nothing is kept";
  else if (kept == 0)
    line << "; no level is kept in " << checkpoint_dir.c_str() << " yet; the same command starts again";
  else
    line << "; levels 0 to " << kept - 1 << " are kept in " << checkpoint_dir.c_str()
         << "; run the same command again to resume from level " << kept;
  line.write();
  _exit(1);
}

MPI_Comm machine = MPI_COMM_NULL;
MPI_Win window = MPI_WIN_NULL;

}  // namespace

RankFailureLine::RankFailureLine(const boost::mpi::communicator& comm, const std::string& checkpoint) {
  checkpoint_dir = checkpoint;
  world_ranks = comm.size();
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &machine);
  MPI_Comm_size(machine, &machine_ranks);
  MPI_Comm_rank(machine, &machine_rank);
  const MPI_Aint bytes = machine_rank == 0 ? MPI_Aint(sizeof(SharedPage) + machine_ranks * sizeof(RankState)) : 0;
  void* mine = nullptr;
  MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, machine, &mine, &window);
  MPI_Aint size = 0;
  int unit = 0;
  void* base = nullptr;
  MPI_Win_shared_query(window, 0, &size, &unit, &base);
  if (machine_rank == 0) {
    page = new (base) SharedPage;
    for (int i = 0; i < machine_ranks; ++i) new (page->ranks() + i) RankState;
  }
  MPI_Barrier(machine);
  page = static_cast<SharedPage*>(base);
  page->ranks()[machine_rank].rank = comm.rank();
  page->ranks()[machine_rank].pid = getpid();
  MPI_Barrier(machine);
  std::signal(SIGTERM, on_stop);
}

RankFailureLine::~RankFailureLine() {
  std::signal(SIGTERM, SIG_DFL);
  page = nullptr;
  // Freeing is collective: a rank leaving on an error (which then aborts
  // the run) would wait here for the others for ever.
  if (std::uncaught_exceptions() > 0) return;
  MPI_Win_free(&window);
  MPI_Comm_free(&machine);
}

void RankFailureLine::at_level(std::size_t level, std::size_t levels, std::size_t kept) {
  RankState& mine = page->ranks()[machine_rank];
  mine.levels = std::int64_t(levels);
  mine.kept = std::int64_t(kept);
  mine.level = std::int64_t(level);
}

void rank_failure_said() {
  if (page) page->said = true;
}

}  // namespace chunker::cli
