// `chunker-mpi`: the exact solver and the domain oracle over Open MPI, one
// process per rank (`mpirun -np N chunker-mpi solve FEN ...`). A program of its
// own, built only where MPI is found, so that `chunker` itself neither links
// nor needs MPI and runs as before without mpirun.

#include <malloc.h>

#include <boost/mpi/collectives.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "chunks/manifest.h"
#include "cli/chess_output.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/rank_failure.h"
#include "exact/exact_mpi.h"
#include "libgen/oracle_build.h"
#include "libgen/oracle_mpi.h"
#include "play/chess_answer.h"

namespace chunker::cli {

namespace {

namespace mpi = boost::mpi;
using Clock = std::chrono::steady_clock;
constexpr double MB = 1024.0 * 1024.0;

const char* USAGE =
    "usage: mpirun -np N chunker-mpi solve FEN [--save FILE] [--checkpoint DIR] [--threads N]\n"
    "       mpirun -np N chunker-mpi solve FEN --rules chess [--cache DIR] [--memory MB] [--threads N]\n"
    "       mpirun -np N chunker-mpi oracle build [--layout abc-fgh|abc-efg] [--data DIR] [--threads N]\n";

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// What every rank must agree on: the program's own bytes and its arguments.
std::string run_key(const Args& args) {
  std::string key = sha256_of_file("/proc/self/exe");
  for (const std::string& a : args) key += " " + a;
  return key;
}

// False (after rank 0 has said which rank differs) where a rank runs another
// binary or other options than rank 0.
bool same_run(const mpi::communicator& comm, const std::string& key) {
  std::vector<std::string> keys;
  mpi::all_gather(comm, key, keys);
  for (int r = 1; r < comm.size(); ++r)
    if (keys[r] != keys[0]) {
      if (comm.rank() == 0)
        std::cerr << "chunker-mpi: rank " << r << " runs another binary or other options than rank 0; refused\n";
      return false;
    }
  return true;
}

// How many slices one message of the gather holds (exact_mpi.h): a full
// GATHER_BATCH_BYTES, or fewer where CHUNKER_MPI_GATHER_SLICES says so. That
// variable is for tests/mpi_solve_test.sh only, to have a small table
// gathered in many batches; mpirun must give every rank the same (-x).
std::uint64_t gather_batch_slices() {
  constexpr std::uint64_t most = GATHER_BATCH_BYTES / king_slice::SIZE;
  const char* text = std::getenv("CHUNKER_MPI_GATHER_SLICES");
  if (!text) return most;
  std::uint64_t slices = 0;
  const auto [end, error] = std::from_chars(text, text + std::strlen(text), slices);
  if (error != std::errc() || *end != '\0' || slices == 0 || slices > most)
    throw InputError("CHUNKER_MPI_GATHER_SLICES must be between 1 and " + std::to_string(most) + ", got '" + text +
                     "'");
  return slices;
}

// Rank 0 prints a line per rank: what it did, its traffic and its time.
void print_figures(const mpi::communicator& comm, const RankFigures& mine) {
  std::vector<RankFigures> all;
  mpi::gather(comm, mine, all, 0);
  if (comm.rank() != 0) return;
  for (int r = 0; r < comm.size(); ++r) {
    const RankFigures& f = all[r];
    std::printf(
        "rank %-5d owned %llu slices, solved %llu, resumed %llu, fetched %llu; compute %.3f s, exchange %.3f s, "
        "checkpoints %.3f s (wall), cpu %.2f s; sent %.1f MB, received %.1f MB; peak memory %.0f MB\n",
        r, static_cast<unsigned long long>(f.owned), static_cast<unsigned long long>(f.solved),
        static_cast<unsigned long long>(f.resumed), static_cast<unsigned long long>(f.fetched), f.compute_seconds,
        f.exchange_seconds, f.checkpoint_seconds, f.cpu_seconds, double(f.bytes_sent) / MB,
        double(f.bytes_received) / MB, f.peak_megabytes);
  }
}

// `solve --rules chess`: the chess-exact solver's groups of slices shared
// out over the ranks (distributed_groups), each rank holding the whole table
// (it computes a share, its memory is not split). Rank 0 prints the answer
// and, given a cache directory, writes every slice to DIR/chess as `chunker
// solve --rules chess --cache DIR` does: the same files, byte for byte.
int solve_chess(const mpi::communicator& comm, const std::string& fen, const std::string& cache, std::uint64_t memory,
                unsigned threads) {
  const pieces::ChessFen root = pieces::parse_chess_fen(fen);
  const auto start = Clock::now();
  ChessPlan plan = plan_chess(root.pos, memory, threads);
  if (!plan.fitting) {
    if (comm.rank() == 0)
      std::cout << "exact      "
                << chess_refusal_words(ExactRefusal{ExactRefusal::Reason::OverMemory, plan.positions, plan.slices,
                                                    plan.counted, plan.bytes, memory, 0})
                << "\n";
    return 1;
  }
  RankFigures figures;
  ChessSources sources;
  sources.workers = threads;
  sources.run = distributed_groups(comm, threads, figures);
  const auto table = build_chess(pieces::to_fen(root.pos), std::move(*plan.fitting), sources);
  figures.take_process_figures();
  if (comm.rank() == 0) {
    if (!cache.empty()) {
      const SliceStore store(cache + "/chess");
      for (std::uint32_t i = 0; i < table->keys().size(); ++i)
        if (const std::uint8_t* bytes = table->stored(table->keys()[i]))
          if (const std::string error = store.save(table->keys()[i], {bytes, table->codec(i).size()}); !error.empty())
            throw std::runtime_error(error);
    }
    ChessAnswer a = chess_answer(*table, root.pos);
    a.solved_now = true;
    a.figures.seconds = seconds_since(start);
    a.figures.peak_megabytes = figures.peak_megabytes;
    std::cout << chess_solve_text(root.pos, a, root.fullmove) << "ranks      solved on " << comm.size() << " ranks";
    if (!cache.empty()) std::cout << ", slices written to " << cache << "/chess";
    std::cout << "\n" << std::flush;
  }
  print_figures(comm, figures);
  return 0;
}

int solve(const mpi::communicator& comm, const Args& args) {
  po::options_description options("chunker-mpi solve options");
  std::string fen, save, checkpoint, rules, cache;
  options.add_options()("fen", po::value(&fen)->required(), "the root position")(
      "rules", po::value(&rules)->default_value("chunker"),
      "chunker (the first safe promotion wins) or chess (played on to mate, as chunker solve --rules chess)")(
      "save", po::value(&save), "write the whole table to FILE (gathered on rank 0), as chunker solve --save")(
      "checkpoint", po::value(&checkpoint), "keep each finished level in DIR; a rerun resumes from the last")(
      "cache", po::value(&cache), "--rules chess: rank 0 writes the solved slices to DIR/chess")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "--rules chess: the most megabytes a rank's table may take")("threads", po::value<unsigned>()->default_value(1),
                                                                   "threads per rank");
  po::positional_options_description positional;
  positional.add("fen", 1);
  po::variables_map vm;
  if (!parse_args(args, USAGE, options, positional, vm)) return 0;
  const unsigned threads = checked<unsigned>(vm, "threads", 1, 256);
  if (rules != "chunker" && rules != "chess") throw InputError("unknown rules '" + rules + "' (chunker or chess)");
  for (const char* name : {"save", "checkpoint"})
    if (rules == "chess" && vm.count(name)) throw InputError(std::string("--") + name + " applies to --rules chunker");
  for (const char* name : {"cache", "memory"})
    if (rules == "chunker" && !vm[name].defaulted() && vm.count(name))
      throw InputError(std::string("--") + name + " applies to --rules chess");
  if (!same_run(comm, run_key(args))) return 1;
  if (rules == "chess")
    return solve_chess(comm, fen, cache, std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20,
                       threads);
  const Fen root = parse_fen(fen);
  if (!checkpoint.empty()) {
    std::error_code error;
    std::filesystem::create_directories(checkpoint, error);
    if (error) throw InputError("--checkpoint: cannot create " + checkpoint + ": " + error.message());
  }
  const std::uint64_t batch_slices = gather_batch_slices();
  RankFailureLine failure_line(comm, checkpoint);

  const auto start = Clock::now();
  std::uint64_t found = 0;
  auto structures = reachable_structures(root.pos, ~std::uint64_t(0) / 2, found);
  // A checkpoint serves any run of the same program on the same root (the
  // file names hold the rank and the rank count).
  const std::string solve_key = sha256_of_file("/proc/self/exe") + " " + to_fen(root.pos);
  DistributedExact exact(
      comm, root.pos, std::move(*structures), threads, checkpoint, solve_key,
      [&](std::size_t level, std::size_t levels, std::size_t kept) { failure_line.at_level(level, levels, kept); });
  const std::size_t resumed = exact.solve();
  std::vector<std::uint32_t> ids = exact.root_neighbourhood();
  if (!save.empty()) {
    ids.resize(exact.structures().size());
    for (std::uint32_t id = 0; id < ids.size(); ++id) ids[id] = id;
  }
  const ExactTable table = exact.gather(ids, batch_slices);
  const RankFigures figures = exact.figures();
  if (comm.rank() == 0) {
    Answer a;
    a.source = Source::ExactSolve;
    a.value = table.value(root.pos);
    a.proven = a.distance_known = true;
    for (const auto& [m, v] : move_values(table, root.pos)) a.moves.push_back({m, v, true});
    if (!save.empty()) a.line = best_line(table, root.pos);
    a.exact = ExactFigures{exact.structures().size(), exact.structures().size() * king_slice::SIZE, 0, 0,
                           figures.peak_megabytes};
    if (!save.empty()) {
      save_exact(table, save);
      a.origin.saved_to = save;
    }
    a.exact->seconds = a.seconds = seconds_since(start);
    std::cout << solve_text(root.pos, a, root.fullmove) << "ranks      solved on " << comm.size() << " ranks";
    if (!checkpoint.empty()) std::cout << ", " << resumed << " of " << exact.levels() << " levels from " << checkpoint;
    std::cout << "\n" << std::flush;
  }
  print_figures(comm, figures);
  return 0;
}

int oracle_build(const mpi::communicator& comm, const Args& args) {
  po::options_description options("chunker-mpi oracle build options");
  std::string layout_name_arg, data_dir;
  options.add_options()("layout", po::value(&layout_name_arg)->default_value("abc-fgh"), "abc-fgh or abc-efg")(
      "data", po::value(&data_dir)->default_value(default_data_dir()), "where rank 0 writes the table")(
      "threads", po::value<unsigned>()->default_value(1), "threads per rank");
  po::variables_map vm;
  if (!parse_args(args, USAGE, options, {}, vm)) return 0;
  const unsigned threads = checked<unsigned>(vm, "threads", 1, 256);
  const auto layout = parse_layout(layout_name_arg);
  if (!layout) throw InputError("--layout must be abc-fgh or abc-efg, got '" + layout_name_arg + "'");
  if (!same_run(comm, run_key(args))) return 1;
  RankFailureLine failure_line(comm, "");

  const auto start = Clock::now();
  RankFigures figures;
  const OracleTable table = build_oracle(
      *layout, [](std::uint32_t, std::uint32_t) {}, nullptr, distributed_groups(comm, threads, figures));
  if (comm.rank() == 0) {
    save_oracle(table, data_dir);
    std::printf("oracle %s: %llu entries stored, solved on %d ranks and written to %s in %.1f s\n",
                layout_name(*layout).c_str(), static_cast<unsigned long long>(table.bytes().size()), comm.size(),
                oracle_path(data_dir, *layout).c_str(), seconds_since(start));
  }
  figures.take_process_figures();
  print_figures(comm, figures);
  return 0;
}

}  // namespace

}  // namespace chunker::cli

int main(int argc, char** argv) {
  using namespace chunker::cli;
  // A rank's fetch buffers grow and shrink with the levels (exact_mpi.h).
  // glibc raises its threshold for giving a block a mapping of its own to
  // the size of the last such block freed, up to 32 MB, and keeps smaller
  // blocks in the heap, whose pages stay resident once freed: fixed, every
  // block of a megabyte or more is returned to the system when freed (peak
  // memory a rank on Lasker's Diag. 66 at 2 ranks 510 MB before, 487 after).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  boost::mpi::environment env(argc, argv);
  boost::mpi::communicator comm;
  const Args args(argv + 1, argv + argc);
  try {
    if (args.size() == 1 && args[0] == "--version") {
      if (comm.rank() == 0) std::cout << "chunker-mpi " CHUNKER_VERSION "\n";
      return 0;
    }
    if (!args.empty() && args[0] == "solve") return solve(comm, Args(args.begin() + 1, args.end()));
    if (args.size() >= 2 && args[0] == "oracle" && args[1] == "build")
      return oracle_build(comm, Args(args.begin() + 2, args.end()));
    if (comm.rank() == 0) std::cerr << USAGE;
    return 2;
  } catch (const chunker::InputError& e) {
    if (comm.rank() == 0) std::cerr << "chunker-mpi: " << e.what() << "\n";
  } catch (const boost::program_options::error& e) {
    if (comm.rank() == 0) std::cerr << "chunker-mpi: " << e.what() << "\n";
  } catch (const std::exception& e) {  // a file that cannot be written, memory: this rank cannot go on
    rank_failure_said();
    std::cerr << "chunker-mpi: rank " << comm.rank() << ": " << e.what() << "\n";
    env.abort(1);
  }
  return 2;
}
