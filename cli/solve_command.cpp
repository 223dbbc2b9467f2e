#include <iostream>

#include "epd.h"
#include "notation.h"
#include "options.h"
#include "output.h"
#include "search.h"

namespace chunker::cli {

namespace {

constexpr int MAX_LEVEL = 0;  // the reasoning schemas (Levels 1-5) are not built yet

// One line per suite position: its id, the result, and whether it matches
// the suite's expected `value` and `dist` operations where they are given.
std::string suite_line(const Epd& epd, const SearchResult& r) {
  std::string id = epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id");
  std::string got = r.proven ? value_word(r.value) : "unproven";
  if (r.proven && is_decisive(r.value)) got += " in " + std::to_string(r.distance);
  std::string expected = epd.op("value");
  if (!epd.op("dist").empty()) expected += " in " + epd.op("dist");
  std::string verdict = expected.empty() ? "" : got == expected ? "  ok" : "  MISMATCH (expected " + expected + ")";
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-14s %10llu nodes  ply %-4s %8.3f s", id.c_str(), got.c_str(),
                static_cast<unsigned long long>(r.nodes),
                r.proof == Proof::Search ? std::to_string(r.exact_ply).c_str() : r.proven ? "exh." : "----",
                r.seconds);
  return line + verdict;
}

}  // namespace

int solve_command(const Args& args) {
  po::options_description options("solve options");
  std::string fen, epd_file;
  SearchLimits limits;
  options.add_options()("fen", po::value<std::string>(&fen), "the position (FEN)")(
      "epd", po::value<std::string>(&epd_file), "solve every position of this EPD suite instead")(
      "level", po::value<int>()->default_value(0), "reasoning level (0: search alone)")(
      "max-ply", po::value<int>()->default_value(limits.max_ply), "last iteration's ply limit")(
      "node-limit", po::value<long long>()->default_value(static_cast<long long>(limits.node_limit)),
      "stop after this many nodes")(
      "closure-budget", po::value<long long>()->default_value(static_cast<long long>(limits.closure_budget)),
      "prove unproven positions exhaustively when at most this many positions are reachable (0: never)")("hash", po::value<long long>()->default_value(64), "hash table size in MB")(
      "json", "print the result as JSON");
  po::positional_options_description positional;
  positional.add("fen", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker solve FEN [options]\n       chunker solve --epd FILE [options]", options,
                  positional, vm))
    return 0;
  int level = checked<int>(vm, "level", 0, 5);
  if (level > MAX_LEVEL)
    throw InputError("--level " + std::to_string(level) + " needs the reasoning schemas, which are not built yet; use --level 0");
  limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 50));
  limits.closure_budget = static_cast<std::uint64_t>(checked<long long>(vm, "closure-budget", 0, 1LL << 32));
  limits.hash_megabytes = static_cast<std::size_t>(checked<long long>(vm, "hash", 1, 16384));
  bool json = vm.count("json") > 0;
  if (fen.empty() == epd_file.empty()) throw InputError("give either a FEN or --epd FILE");

  if (!fen.empty()) {
    Fen parsed = parse_fen(fen);
    SearchResult r = solve(parsed.pos, limits);
    std::cout << (json ? solve_json(parsed.pos, r, parsed.fullmove) + "\n" : solve_text(parsed.pos, r, parsed.fullmove));
    return 0;
  }
  bool all_match = true;
  for (const Epd& epd : read_epd_file(epd_file)) {
    SearchResult r = solve(epd.pos, limits);
    if (json) {
      std::cout << solve_json(epd.pos, r, 1) << "\n";
    } else {
      std::string line = suite_line(epd, r);
      all_match = all_match && line.find("MISMATCH") == std::string::npos;
      std::cout << line << std::endl;
    }
  }
  return all_match ? 0 : 1;
}

}  // namespace chunker::cli
