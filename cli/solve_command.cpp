#include <charconv>
#include <iostream>
#include <sstream>

#include "atomic_file.h"
#include "epd.h"
#include "exact_fallback.h"
#include "notation.h"
#include "options.h"
#include "output.h"
#include "peasant/search.h"
#include "proof_tree.h"
#include "schemas.h"
#include "search.h"
#include "table_file.h"

namespace chunker::cli {

namespace {

std::string suite_id(const Epd& epd) { return epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id"); }

// The suite's expected `value` and `dist` operations as a result reads, or "".
std::string expected_result(const Epd& epd) {
  std::string expected = epd.op("value");
  if (!epd.op("dist").empty()) expected += " in " + epd.op("dist");
  return expected;
}

// One line per suite position: its id, the result, and whether it matches
// the suite's expected `value` and `dist` operations where they are given.
// A value the schemas decided has no distance: only the value is compared.
std::string suite_line(const Epd& epd, const Solved& s) {
  const SearchResult none;
  const SearchResult& r = s.search ? *s.search : none;
  const Value value = s.exact ? s.exact->value : r.value;
  const bool distance_known = s.exact || r.distance_known;
  std::string got = s.proven() ? value_word(value) : "unproven";
  if (s.proven() && is_decisive(value))
    got += distance_known ? " in " + std::to_string(distance_of(value)) : " (no dist.)";
  std::string expected = expected_result(epd);
  // Without a `dist` (or a distance), the value alone is compared.
  const bool matches =
      distance_known && !epd.op("dist").empty() ? got == expected : s.proven() && value_word(value) == epd.op("value");
  std::string verdict = expected.empty() ? "" : matches ? "  ok" : "  MISMATCH (expected " + expected + ")";
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-14s %10llu nodes  ply %-4s %8.3f s", suite_id(epd).c_str(), got.c_str(),
                static_cast<unsigned long long>(r.nodes),
                r.proof == Proof::Search ? std::to_string(r.exact_ply).c_str()
                : s.exact                ? "exact"
                                         : "----",
                s.seconds);
  return line + verdict;
}

// The same for Peasant. Its distance is that of the line it found, never
// shorter than best play's, so a longer win or loss of the right kind is no
// mismatch; a heuristic score is neither right nor wrong.
std::string peasant_suite_line(const Epd& epd, const PeasantResult& r) {
  std::string got = r.proven ? value_word(r.value) : "score " + std::to_string(r.value);
  if (r.proven && is_decisive(r.value)) got += " in " + std::to_string(r.distance);
  std::string expected = expected_result(epd), dist = epd.op("dist");
  int shortest = 0;
  bool dist_read = std::from_chars(dist.data(), dist.data() + dist.size(), shortest).ec == std::errc();
  bool agrees = r.proven && value_word(r.value) == epd.op("value") &&
                (dist.empty() || (is_decisive(r.value) && dist_read && r.distance >= shortest));
  std::string verdict = expected.empty() ? ""
                        : !r.proven      ? "  heuristic (expected " + expected + ")"
                        : agrees         ? "  ok"
                                         : "  MISMATCH (expected " + expected + ")";
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-14s %10llu nodes  depth %-3d %8.3f s", suite_id(epd).c_str(), got.c_str(),
                static_cast<unsigned long long>(r.nodes), r.depth, r.seconds);
  return line + verdict;
}

}  // namespace

int solve_command(const Args& args) {
  po::options_description options("solve options");
  std::string fen, epd_file, engine;
  SearchLimits limits;
  PeasantLimits peasant_limits;
  options.add_options()("fen", po::value<std::string>(&fen), "the position (FEN)")(
      "epd", po::value<std::string>(&epd_file), "solve every position of this EPD suite instead")(
      "engine", po::value<std::string>(&engine)->default_value("chunker"),
      "chunker (the Level-0 solver) or peasant (Newborn's fixed-depth alpha-beta, a baseline)")(
      "depth", po::value<int>()->default_value(PEASANT_DEFAULT_DEPTH),
      ("peasant: fixed search depth in plies, 1 to " + std::to_string(PEASANT_MAX_DEPTH) +
       " (default: Newborn's Peasant reached about 10 with three or four pawns)")
          .c_str())(
      "level", po::value<int>()->default_value(0),
      ("reasoning level: 0 the search alone, 1 to " + std::to_string(MAX_LEVEL) +
       " the schemas of levels 1..N and the KPK and K3CPPvK libraries, which prove the value only (0, the "
       "default, also proves the distance and the shortest line)")
          .c_str())("max-ply", po::value<int>()->default_value(limits.max_ply), "last iteration's ply limit")(
      "node-limit", po::value<long long>()->default_value(static_cast<long long>(limits.node_limit)),
      "stop after this many nodes")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "MB the exact solver may use: a value the search leaves unproven is solved exactly when every reachable "
      "position fits (default: a quarter of this machine's memory; 0: never)")(
      "save", po::value<std::string>(), "solve exactly and keep the table in this file (for --load)")(
      "load", po::value<std::string>(), "answer from a table --save wrote, where it holds the position")(
      "no-quiescence",
      "stop every line at the ply limit (no checks or pawns on the seventh followed past it, no "
      "hash result of a deeper search reused): with --no-hints, the search whose least proving "
      "--max-ply is the knowledge depth")(
      "no-hints",
      "search on where Level 5 hints that the side to move holds (a hint can hide a proof, never make one)")(
      "json", "print the result as JSON")("proof", po::value<std::string>(),
                                          "--search pn: write the proof of a win or a loss to this file");
  // Alpha-beta by default: at solve's default Level 0 it proves the distance
  // and the shortest line, which a proof-number search does not.
  add_search_option(options);
  add_schemas_option(options);
  add_libraries_option(options);
  add_data_option(options, "where the oracle's tables live (the exact solver copies in-domain slices from them)");
  add_hash_option(options);
  po::positional_options_description positional;
  positional.add("fen", 1);
  po::variables_map vm;
  if (!parse_args(args,
                  "usage: chunker solve FEN [options]\n       chunker solve --epd FILE [options]\n"
                  "       chunker solve FEN --engine peasant [--depth N] [--hash MB] [--json]",
                  options, positional, vm))
    return 0;
  const bool peasant = engine == "peasant";
  if (!peasant && engine != "chunker") throw InputError("unknown engine '" + engine + "' (chunker or peasant)");
  // Each engine's own options are refused with the other, rather than ignored.
  for (const char* name : {"level", "schemas", "max-ply", "node-limit", "memory", "save", "load"})
    if (peasant && vm.count(name) && !vm[name].defaulted())
      throw InputError(std::string("--") + name + " applies to --engine chunker; peasant searches to a fixed --depth");
  if (!peasant && !vm["depth"].defaulted()) throw InputError("--depth applies to --engine peasant only");
  peasant_limits.depth = checked<int>(vm, "depth", 1, PEASANT_MAX_DEPTH);
  const int level = checked<int>(vm, "level", 0, MAX_LEVEL);
  const SchemaMode mode = schema_mode(vm);
  limits.kind = search_kinds(vm).front();
  if (vm.count("proof") && limits.kind != SearchKind::ProofNumber) throw InputError("--proof needs --search pn");
  limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 50));
  ExactOptions exact;
  exact.memory_bytes = std::uint64_t(checked<long long>(vm, "memory", 0, 1LL << 40)) << 20;
  exact.oracle_dir = vm["data"].as<std::string>();
  if (vm.count("save")) exact.save = vm["save"].as<std::string>();
  std::optional<ExactTable> loaded;
  if (vm.count("load")) {
    try {
      loaded = load_exact(vm["load"].as<std::string>());
    } catch (const TableError& e) {
      throw InputError(e.what());
    }
    exact.loaded = &*loaded;
  }
  limits.hash_megabytes = hash_megabytes(vm);
  limits.quiescence = vm.count("no-quiescence") == 0;
  if (peasant && !limits.quiescence) throw InputError("--no-quiescence applies to --engine chunker");
  limits.hints = vm.count("no-hints") == 0;
  if (peasant && !limits.hints) throw InputError("--no-hints applies to --engine chunker");
  peasant_limits.hash_megabytes = limits.hash_megabytes;
  bool json = vm.count("json") > 0;
  if (fen.empty() == epd_file.empty()) throw InputError("give either a FEN or --epd FILE");
  if (!exact.save.empty() && !epd_file.empty()) throw InputError("--save keeps the table of one position: give a FEN");

  const ChunkLibraries libraries(vm["libraries"].as<std::string>());
  std::vector<std::unique_ptr<Classifier>> owned;
  try {
    owned = make_level(level, mode, libraries);
  } catch (const TableError& e) {
    throw InputError(e.what());
  }
  std::vector<const Classifier*> classifiers;
  for (const auto& c : owned) classifiers.push_back(c.get());

  if (!fen.empty()) {
    Fen parsed = parse_fen(fen);
    if (peasant) {
      PeasantResult r = peasant_search(parsed.pos, peasant_limits);
      std::cout << (json ? peasant_json(parsed.pos, r, parsed.fullmove) + "\n"
                         : peasant_text(parsed.pos, r, parsed.fullmove));
      return 0;
    }
    Solved s;
    try {
      s = solve_position(parsed.pos, limits, classifiers, exact);
    } catch (const TableError& e) {  // --save could not write its file
      throw InputError(e.what());
    }
    std::cout << (json ? solve_json(parsed.pos, s, parsed.fullmove) + "\n"
                       : solve_text(parsed.pos, s, parsed.fullmove));
    if (vm.count("proof")) {
      const std::string path = vm["proof"].as<std::string>();
      if (!s.search || !s.search->proof_tree)
        throw InputError("--proof: no proof of a win or a loss to write to " + path);
      std::ostringstream text;
      write_proof(*s.search->proof_tree, text);
      try {
        write_atomically(path, text.str());
      } catch (const TableError& e) {
        throw InputError(e.what());
      }
    }
    return 0;
  }
  bool all_match = true;
  for (const Epd& epd : read_epd_file(epd_file)) {
    std::string line;
    if (peasant) {
      PeasantResult r = peasant_search(epd.pos, peasant_limits);
      line = json ? peasant_json(epd.pos, r, 1) : peasant_suite_line(epd, r);
    } else {
      Solved s = solve_position(epd.pos, limits, classifiers, exact);
      line = json ? solve_json(epd.pos, s, 1) : suite_line(epd, s);
    }
    all_match = all_match && (json || line.find("MISMATCH") == std::string::npos);
    std::cout << line << std::endl;
  }
  return all_match ? 0 : 1;
}

}  // namespace chunker::cli
