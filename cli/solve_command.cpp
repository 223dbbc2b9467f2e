#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "chunks/atomic_file.h"
#include "chunks/table_file.h"
#include "cli/chess_output.h"
#include "cli/options.h"
#include "cli/output.h"
#include "engine/epd.h"
#include "engine/notation.h"
#include "engine/peasant/search.h"
#include "engine/proof_tree.h"
#include "engine/search.h"
#include "exact/chess/chess_class.h"
#include "play/answer.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

std::string suite_id(const Epd& epd) { return epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id"); }

// The suite's expected `value` and `dist` operations as a result reads, or "".
std::string expected_result(const Epd& epd) {
  std::string expected = epd.op("value");
  if (!epd.op("dist").empty()) expected += " in " + epd.op("dist");
  return expected;
}

// How a result compares with the suite's expected `value` and `dist`
// operations: not at all where the suite gives none; a heuristic score is
// neither right nor wrong.
enum class SuiteCheck { None, Ok, Mismatch, Heuristic };

std::string check_text(SuiteCheck check, const std::string& expected) {
  switch (check) {
    case SuiteCheck::None:
      return "";
    case SuiteCheck::Ok:
      return "  ok";
    case SuiteCheck::Mismatch:
      return "  MISMATCH (expected " + expected + ")";
    case SuiteCheck::Heuristic:
      return "  heuristic (expected " + expected + ")";
  }
  return "";
}

// A value the schemas decided has no distance: only the value is compared.
SuiteCheck check_answer(const Epd& epd, const Answer& a) {
  if (epd.op("value").empty()) return SuiteCheck::None;
  const bool value_ok = a.proven && value_word(a.value) == epd.op("value");
  const std::string dist = epd.op("dist");
  const bool dist_ok =
      !a.distance_known || !is_decisive(a.value) || dist.empty() || std::to_string(distance_of(a.value)) == dist;
  return value_ok && dist_ok ? SuiteCheck::Ok : SuiteCheck::Mismatch;
}

// Peasant's distance is that of the line it found, never shorter than best
// play's, so a longer win or loss of the right kind is no mismatch.
SuiteCheck check_peasant(const Epd& epd, const PeasantResult& r) {
  if (epd.op("value").empty()) return SuiteCheck::None;
  if (!r.proven) return SuiteCheck::Heuristic;
  const std::string dist = epd.op("dist");
  int shortest = 0;
  const bool dist_read = std::from_chars(dist.data(), dist.data() + dist.size(), shortest).ec == std::errc();
  const bool agrees = value_word(r.value) == epd.op("value") &&
                      (dist.empty() || (is_decisive(r.value) && dist_read && r.distance >= shortest));
  return agrees ? SuiteCheck::Ok : SuiteCheck::Mismatch;
}

// One line per suite position: its id, the result, and how it compares
// with the suite (check_answer).
std::string suite_line(const Epd& epd, const Answer& a, SuiteCheck check) {
  const SearchResult none;
  const SearchResult& r = a.search ? *a.search : none;
  std::string got = a.proven ? value_word(a.value) : "unproven";
  if (a.proven && is_decisive(a.value))
    got += a.distance_known ? " in " + std::to_string(distance_of(a.value)) : " (no dist.)";
  const std::string ply = a.source == Source::Search && r.proof != Proof::None ? std::to_string(r.exact_ply)
                          : a.proven && a.source != Source::Search             ? source_name(a.source)
                                                                               : "----";
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-14s %10llu nodes  ply %-11s %8.3f s", suite_id(epd).c_str(), got.c_str(),
                static_cast<unsigned long long>(r.nodes), ply.c_str(), a.seconds);
  return line + check_text(check, expected_result(epd));
}

// The same for Peasant.
std::string peasant_suite_line(const Epd& epd, const PeasantResult& r, SuiteCheck check) {
  std::string got = r.proven ? value_word(r.value) : "score " + std::to_string(r.value);
  if (r.proven && is_decisive(r.value)) got += " in " + std::to_string(r.distance);
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-14s %10llu nodes  depth %-3d %8.3f s", suite_id(epd).c_str(), got.c_str(),
                static_cast<unsigned long long>(r.nodes), r.depth, r.seconds);
  return line + check_text(check, expected_result(epd));
}

// Shows an exact solve's progress on a terminal once it has taken a second:
// a bar, the share done of the total `what`, and the time left at the rate so far.
std::function<void(std::uint64_t, std::uint64_t)> exact_progress(bool& shown, const char* what = "pawn structures") {
  const auto start = std::chrono::steady_clock::now();
  return [&shown, start, what](std::uint64_t done, std::uint64_t total) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!isatty(STDERR_FILENO) || elapsed < 1 || total == 0) return;
    shown = true;
    constexpr int WIDTH = 20;
    const double share = double(done) / double(total);
    const std::string bar =
        std::string(std::size_t(share * WIDTH), '#') + std::string(WIDTH - std::size_t(share * WIDTH), '.');
    char left[32] = "";
    if (done > 0) std::snprintf(left, sizeof left, ", %.0f s left", elapsed * (1 - share) / share);
    std::fprintf(stderr, "\rexact: [%s] %5.1f%% of %llu %s%s   ", bar.c_str(), 100.0 * share,
                 static_cast<unsigned long long>(total), what, left);
  };
}

// `solve --rules chess`: the chess-exact answer of one position, or the
// refusal where its reachable set does not fit --memory (exit status 1);
// with --epd, one line per position, compared with its `value` and `dist`
// (exit status 1 on a mismatch or a refusal).
int solve_chess(const std::string& fen, const std::string& epd_file, const PlaySettings& play, bool json) {
  ChessPlayer player(play.exact_memory, play.workers ? play.workers : usable_cores(), play.exact_progress,
                     play.exact_cache.empty() ? "" : play.exact_cache + "/chess");
  player.solve_past_budget_in_batches();
  auto answer = [&](const ChessPosition& pos, std::optional<ExactRefusal>& refusal) {
    const auto start = std::chrono::steady_clock::now();
    auto a = player.answer(pos, refusal);
    if (isatty(STDERR_FILENO)) std::fprintf(stderr, "\r%79s\r", "");
    if (a) a->figures.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
  };
  if (epd_file.empty()) {
    const pieces::ChessFen parsed = pieces::parse_chess_fen(fen);
    std::optional<ExactRefusal> refusal;
    const auto a = answer(parsed.pos, refusal);
    if (!a) {
      std::cout << (json ? chess_refusal_json(parsed.pos, *refusal) + "\n"
                         : "position   " + pieces::to_fen(parsed.pos, 0, parsed.fullmove) + "\nrules      " +
                               CHESS_RULES_WORDS + "\nexact      " + chess_refusal_words(*refusal) + "\n");
      return 1;
    }
    std::cout << (json ? chess_solve_json(parsed.pos, *a, parsed.fullmove) + "\n"
                       : chess_solve_text(parsed.pos, *a, parsed.fullmove));
    return 0;
  }
  bool all_match = true;
  if (!json) std::cout << "rules: " << CHESS_RULES_WORDS << std::endl;
  for (const pieces::ChessEpd& epd : pieces::read_chess_epd_file(epd_file)) {
    std::optional<ExactRefusal> refusal;
    const auto a = answer(epd.pos, refusal);
    std::string expected = epd.op("value");
    if (!epd.op("dist").empty()) expected += " in " + epd.op("dist");
    std::string got = !a ? "not solved" : value_word(a->value);
    if (a && is_decisive(a->value)) got += " in " + std::to_string(distance_of(a->value));
    const bool match = a && (expected.empty() || got == expected ||
                             (epd.op("dist").empty() && value_word(a->value) == epd.op("value")));
    all_match = all_match && match;
    if (json) {
      std::cout << (a ? chess_solve_json(epd.pos, *a, 1) : chess_refusal_json(epd.pos, *refusal)) << std::endl;
      continue;
    }
    const std::string id = epd.op("id").empty() ? pieces::board_fields(epd.pos) : epd.op("id");
    char line[256];
    std::snprintf(line, sizeof line, "%-28s %-14s %12llu positions %8.3f s", id.c_str(), got.c_str(),
                  static_cast<unsigned long long>(a ? a->figures.positions : refusal->positions),
                  a ? a->figures.seconds : 0.0);
    std::cout << line
              << (!a                 ? "  " + chess_refusal_words(*refusal)
                  : expected.empty() ? ""
                  : match            ? "  ok"
                                     : "  MISMATCH (expected " + expected + ")")
              << std::endl;
  }
  return all_match ? 0 : 1;
}

// `solve --rules chess --class MATERIAL`: the class and every slice its
// moves lead to put into the slice store, in batches within --memory.
int solve_chess_class(const std::string& material, const PlaySettings& play, bool json) {
  if (play.exact_cache.empty()) throw InputError("--class fills the slice store: give --cache a directory, not ''");
  ChessSources sources;
  sources.workers = play.workers ? play.workers : usable_cores();
  sources.progress = play.exact_progress;
  sources.store = SliceStore(play.exact_cache + "/chess");
  const auto start = std::chrono::steady_clock::now();
  ClassBuild built;
  try {
    built = build_class(class_slices(material), play.exact_memory, sources);
  } catch (const BadMaterial& e) {
    throw InputError(e.what());
  } catch (const std::length_error& e) {  // one slice with what it reads past --memory
    throw InputError(e.what());
  }
  if (isatty(STDERR_FILENO)) std::fprintf(stderr, "\r%79s\r", "");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << (json ? chess_class_json(material, built, seconds) + "\n"
                     : chess_class_text(material, built, play.exact_cache + "/chess", seconds));
  return 0;
}

// What the command line asks of solve.
struct SolveRequest {
  std::string fen, epd_file, engine, save, load, proof, material;
  bool peasant = false, json = false;
  PeasantLimits peasant_limits;
  PlaySettings play;
};

po::options_description solve_options(SolveRequest& r) {
  po::options_description options("solve options");
  SearchLimits& limits = r.play.limits;
  limits.kind = SearchKind::ProofNumber;
  options.add_options()("fen", po::value<std::string>(&r.fen), "the position (FEN)")(
      "epd", po::value<std::string>(&r.epd_file), "solve every position of this EPD suite instead")(
      "class", po::value<std::string>(&r.material),
      "--rules chess: solve every position of this material class instead (KPPvKP: every placement of its "
      "pawns) and of every ending its moves lead to, into the slice store (--cache), in batches within "
      "--memory; its roots then read their values there")(
      "engine", po::value<std::string>(&r.engine)->default_value("chunker"),
      "chunker (every source, in the order of trust) or peasant (Newborn's fixed-depth alpha-beta, a baseline)")(
      "depth", po::value<int>()->default_value(PEASANT_DEFAULT_DEPTH),
      ("peasant: fixed search depth in plies, 1 to " + std::to_string(PEASANT_MAX_DEPTH) +
       " (default: Newborn's Peasant reached about 10 with three or four pawns)")
          .c_str())(
      "source", po::value<std::string>()->default_value("auto"),
      "auto: the oracle, an exact table, an exact solve where it fits --memory, then the search; or one alone: "
      "oracle, exact or search (the search's own figures, as Table 4-1 counts them)")(
      "level", po::value<int>()->default_value(MAX_LEVEL),
      ("the search's reasoning level: 0 the search alone (which proves the distance and the shortest line), 1 to " +
       std::to_string(MAX_LEVEL) +
       " the schemas of levels 1..N and the KPK and K3CPPvK libraries (the default: the "
       "top level)")
          .c_str())("max-ply", po::value<int>()->default_value(limits.max_ply), "last iteration's ply limit")(
      "node-limit", po::value<long long>()->default_value(static_cast<long long>(limits.node_limit)),
      "stop after this many nodes")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "MB the exact solver may use: a position is solved exactly, before any search, when every reachable "
      "position fits (default: a quarter of this machine's memory; 0: never)")(
      "cache", po::value<std::string>(),
      "directory of exact tables kept between runs, shared with uci (default: DATA/exact; '' for none)")(
      "save", po::value<std::string>(&r.save), "solve exactly and keep the table in this file (for --load)")(
      "load", po::value<std::string>(&r.load), "answer from a table --save wrote, where it holds the position")(
      "no-quiescence",
      "stop every line at the ply limit (no checks or pawns on the seventh followed past it, no "
      "hash result of a deeper search reused): with --no-hints, the search whose least proving "
      "--max-ply is the knowledge depth")(
      "no-hints",
      "search on where Level 5 hints that the side to move holds (a hint can hide a proof, never make one)")(
      "json", "print the result as JSON")(
      "rules", po::value<std::string>()->default_value("chunker"),
      "chunker (the first safe promotion wins) or chess (played on to mate, by the chess-exact solver: every "
      "piece, underpromotions, no 50-move rule; past --memory, solved into the cache in batches that fit)")(
      "proof", po::value<std::string>(&r.proof), "write the search's proof of a win or a loss to this file");
  // The proof-number search by default: at the top level it proves the
  // default suite in fewer nodes than alpha-beta (bench/suite).
  add_search_option(options, false, "pn");
  add_guide_option(options);
  add_threads_option(options);
  add_schemas_option(options);
  add_libraries_option(options);
  add_data_option(options, "where the oracle's tables live (the exact solver copies in-domain slices from them)");
  add_hash_option(options);
  return options;
}

// The settings the options give, each checked; throws InputError naming the first bad one.
void read_request(const po::variables_map& vm, SolveRequest& r) {
  r.peasant = r.engine == "peasant";
  if (!r.peasant && r.engine != "chunker") throw InputError("unknown engine '" + r.engine + "' (chunker or peasant)");
  // Each engine's own options are refused with the other, rather than ignored.
  for (const char* name : {"level", "schemas", "max-ply", "node-limit", "memory", "save", "load", "source", "cache",
                           "threads", "no-quiescence", "no-hints"})
    if (r.peasant && vm.count(name) && !vm[name].defaulted())
      throw InputError(std::string("--") + name + " applies to --engine chunker; peasant searches to a fixed --depth");
  if (!r.peasant && !vm["depth"].defaulted()) throw InputError("--depth applies to --engine peasant only");
  r.peasant_limits.depth = checked<int>(vm, "depth", 1, PEASANT_MAX_DEPTH);
  PlaySettings& play = r.play;
  SearchLimits& limits = play.limits;
  play.level = checked<int>(vm, "level", 0, MAX_LEVEL);
  play.mode = schema_mode(vm);
  play.guide = guide_option(vm);
  play.workers = threads_option(vm);
  play.sources = sources_option(vm["source"].as<std::string>());
  limits.kind = search_kinds(vm).front();
  limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 50));
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  play.oracle_dir = vm["data"].as<std::string>();
  play.libraries = vm["libraries"].as<std::string>();
  play.exact_cache = exact_cache_option(vm);
  limits.hash_megabytes = hash_megabytes(vm);
  limits.quiescence = vm.count("no-quiescence") == 0;
  limits.hints = vm.count("no-hints") == 0;
  r.peasant_limits.hash_megabytes = limits.hash_megabytes;
  r.json = vm.count("json") > 0;
  if (r.fen.empty() == r.epd_file.empty()) throw InputError("give either a FEN or --epd FILE");
  if (!r.save.empty() && !r.epd_file.empty()) throw InputError("--save keeps the table of one position: give a FEN");
}

// Writes the proof of the answer's search to `path`; throws InputError where there is none.
void write_proof_file(const Answer& a, const std::string& path) {
  if (!a.search || !a.search->proof_tree)
    throw InputError("--proof: no proof of a win or a loss to write to " + path +
                     (a.search ? "" : " (the " + source_name(a.source) + " answered: add --source search)"));
  std::ostringstream text;
  write_proof(*a.search->proof_tree, text);
  write_atomically(path, text.str());
}

// One position: its answer printed (and its table saved, its proof written, where asked).
int solve_position(const SolveRequest& r, Player& player, const std::function<Answer(const Position&)>& answer) {
  const Fen parsed = parse_fen(r.fen);
  if (r.peasant) {
    const PeasantResult p = peasant_search(parsed.pos, r.peasant_limits);
    std::cout << (r.json ? peasant_json(parsed.pos, p, parsed.fullmove) + "\n"
                         : peasant_text(parsed.pos, p, parsed.fullmove));
    return 0;
  }
  Answer a;
  if (!r.save.empty()) {
    Player::Solve x = player.solve_exact(parsed.pos);
    if (!x.table) throw InputError("--save: exact solution " + refusal_words(*x.refusal));
    save_exact(*x.table, r.save);
    a = answer(parsed.pos);
    a.source = Source::ExactSolve;
    a.origin = std::move(x.origin);
    a.origin.saved_to = r.save;
    a.exact = x.figures;
  } else {
    a = answer(parsed.pos);
  }
  std::cout << (r.json ? solve_json(parsed.pos, a, parsed.fullmove) + "\n"
                       : solve_text(parsed.pos, a, parsed.fullmove));
  if (!r.proof.empty()) write_proof_file(a, r.proof);
  return 0;
}

// Every position of the suite, a line each; 1 where one differs from the suite's value.
int solve_suite(const SolveRequest& r, const std::function<Answer(const Position&)>& answer) {
  bool all_match = true;
  for (const Epd& epd : read_epd_file(r.epd_file)) {
    std::string line;
    SuiteCheck check;
    if (r.peasant) {
      const PeasantResult p = peasant_search(epd.pos, r.peasant_limits);
      check = check_peasant(epd, p);
      line = r.json ? peasant_json(epd.pos, p, 1) : peasant_suite_line(epd, p, check);
    } else {
      const Answer a = answer(epd.pos);
      check = check_answer(epd, a);
      line = r.json ? solve_json(epd.pos, a, 1) : suite_line(epd, a, check);
    }
    all_match = all_match && check != SuiteCheck::Mismatch;
    std::cout << line << std::endl;
  }
  return all_match ? 0 : 1;
}

}  // namespace

int solve_command(const Args& args) {
  SolveRequest request;
  po::options_description options = solve_options(request);
  po::positional_options_description positional;
  positional.add("fen", 1);
  po::variables_map vm;
  if (!parse_args(args,
                  "usage: chunker solve FEN [options]\n       chunker solve --epd FILE [options]\n"
                  "       chunker solve --class MATERIAL --rules chess [options]\n"
                  "       chunker solve FEN --engine peasant [--depth N] [--hash MB] [--json]",
                  options, positional, vm))
    return 0;
  const std::string rules = vm["rules"].as<std::string>();
  if (rules != "chunker" && rules != "chess") throw InputError("unknown rules '" + rules + "' (chunker or chess)");
  if (rules == "chess") {
    for (const char* name : {"engine", "level", "save", "load", "proof", "source", "max-ply", "node-limit"})
      if (vm.count(name) && !vm[name].defaulted())
        throw InputError(std::string("--") + name + " applies to --rules chunker; --rules chess solves exactly");
    if (int(!request.fen.empty()) + int(!request.epd_file.empty()) + int(!request.material.empty()) != 1)
      throw InputError("give one of a FEN, --epd FILE or --class MATERIAL");
    request.play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
    request.play.workers = threads_option(vm);
    request.play.exact_cache = exact_cache_option(vm);
    bool progress_shown = false;
    request.play.exact_progress = exact_progress(progress_shown, "positions");
    if (!request.material.empty()) return solve_chess_class(request.material, request.play, vm.count("json") > 0);
    return solve_chess(request.fen, request.epd_file, request.play, vm.count("json") > 0);
  }
  if (!request.material.empty()) throw InputError("--class applies to --rules chess");
  read_request(vm, request);
  bool progress_shown = false;
  request.play.exact_progress = exact_progress(progress_shown);
  Player player(request.play);
  if (!request.load.empty())
    player.exact_tables().add_loaded(std::make_shared<const ExactTable>(load_exact(request.load)), request.load);
  // A missing or damaged library is the user's to fix: one line, before any work.
  const auto answer = [&](const Position& pos) {
    Answer a = player.answer(pos);
    if (progress_shown) std::fprintf(stderr, "\r%60s\r", "");
    progress_shown = false;
    return a;
  };
  return request.fen.empty() ? solve_suite(request, answer) : solve_position(request, player, answer);
}

}  // namespace chunker::cli
