#include "exact_fallback.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace chunker::cli {

namespace {

using Clock = std::chrono::steady_clock;
constexpr double MB = 1024.0 * 1024.0;
// A solve shorter than this shows no progress.
constexpr auto QUIET_FOR = std::chrono::seconds(1);

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

double peak_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) * 1024.0 / MB;
}

std::string refusal(const ExactPlan& plan, std::uint64_t memory_bytes) {
  char line[256];
  std::snprintf(line, sizeof line,
                "not tried: %s%.3g positions reachable (%s%llu pawn structures x %u), %.0f MB; --memory is %.0f MB",
                plan.counted ? "" : "more than ", double(plan.positions()), plan.counted ? "" : "more than ",
                static_cast<unsigned long long>(plan.structures), king_slice::SIZE, double(plan.bytes) / MB,
                double(memory_bytes) / MB);
  return line;
}

ExactReport report_of(const ExactTable& table, const Position& pos) {
  ExactReport r;
  r.value = table.value(pos);
  r.line = best_line(table, pos);
  r.moves = move_values(table, pos);
  r.structures = table.structures().size();
  r.positions = table.positions();
  return r;
}

}  // namespace

std::uint64_t default_exact_memory() {
  return std::uint64_t(sysconf(_SC_PHYS_PAGES)) * std::uint64_t(sysconf(_SC_PAGE_SIZE)) / 4;
}

Solved solve_position(const Position& pos, const SearchLimits& limits,
                      const std::vector<const Classifier*>& classifiers, const ExactOptions& options) {
  const auto start = Clock::now();
  Solved solved;
  if (options.loaded && options.loaded->holds(pos)) {
    solved.exact = report_of(*options.loaded, pos);
    solved.exact->source = "read from the table of " + options.loaded->root_fen();
    solved.exact->seconds = solved.seconds = seconds_since(start);
    solved.exact->peak_megabytes = peak_megabytes();
    return solved;
  }
  solved.search = run_search(pos, limits, classifiers);
  if (solved.search->proven && options.save.empty()) {
    solved.seconds = seconds_since(start);
    return solved;
  }
  const auto exact_start = Clock::now();
  ExactPlan plan = options.memory_bytes ? plan_exact(pos, options.memory_bytes) : ExactPlan{};
  if (!plan.fitting) {
    solved.exact_note = options.memory_bytes ? refusal(plan, options.memory_bytes) : "not tried (--memory 0)";
    if (!options.save.empty()) throw InputError("--save: exact solution " + solved.exact_note);
    solved.seconds = seconds_since(start);
    return solved;
  }
  const bool terminal = isatty(STDERR_FILENO);
  bool shown = false;
  auto progress = [&](std::uint64_t done, std::uint64_t total) {
    if (!terminal || Clock::now() - exact_start < QUIET_FOR) return;
    shown = true;
    std::fprintf(stderr, "\rexact: %5.1f%% of %llu pawn structures", 100.0 * double(done) / double(total),
                 static_cast<unsigned long long>(total));
  };
  ExactSolve x = solve_exact(pos, std::move(*plan.fitting), options.oracle_dir,
                             std::max(1u, std::thread::hardware_concurrency()), progress);
  if (shown) std::fprintf(stderr, "\r%60s\r", "");
  solved.exact = report_of(x.table, pos);
  ExactReport& r = *solved.exact;
  r.from_oracle = x.from_oracle;
  r.source = "solved";
  for (const std::string& o : x.oracles) r.source += "; oracle " + o;
  if (!options.save.empty()) {
    save_exact(x.table, options.save);
    r.source += "; saved to " + options.save;
  }
  r.seconds = seconds_since(exact_start);
  r.peak_megabytes = peak_megabytes();
  solved.seconds = seconds_since(start);
  return solved;
}

}  // namespace chunker::cli
