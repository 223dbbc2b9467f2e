// `chunker table`: the paper's Table 4-1 for an EPD suite. A row per
// position: `nodes (ply)` of the search at each level, `----` where the node
// limit (10^6 by default, as in the paper) ended it unproven, and the
// position's exact result from the play layer (the oracle, an exact table or
// solve) with whether every level's proven value and the suite's `value`
// (and `dist`, where a result knows its distance) agree with it. `--engines peasant` adds Peasant's nodes. The
// first column is the position's knowledge depth at the top level, where its
// depth table is saved (chunker oracle depth --save).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "chunks/table_file.h"
#include "cli/options.h"
#include "cli/oracle_depth.h"
#include "cli/output.h"
#include "cli/table_paper.h"
#include "engine/epd.h"
#include "engine/notation.h"
#include "engine/peasant/search.h"
#include "engine/proof_search.h"
#include "engine/search.h"
#include "exact/knowledge_depth.h"
#include "play/answer.h"
#include "play/answer_json.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

struct Cell {
  bool proven = false;
  std::uint64_t nodes = 0;
  int ply = 0;         // the iteration at which the value became exact (0: exhaustive), or the proof's depth
  std::string result;  // "win in 51", "win (no dist.)", "draw"
  Value value = 0;
  bool distance_known = true;
  int distance = 0;
  bool proof_depth = false;  // ply is the proof-number search's proof depth
};

Cell cell_of(const SearchResult& r) {
  // (ply): the proving iteration, or the proof tree's depth.
  Cell c{r.proven,         r.nodes,    r.proof != Proof::None ? r.exact_ply : 0, "", r.value,
         r.distance_known, r.distance, r.kind == SearchKind::ProofNumber};
  if (r.proven) {
    c.result = value_word(r.value);
    if (is_decisive(r.value)) c.result += r.distance_known ? " in " + std::to_string(r.distance) : " (no dist.)";
  }
  return c;
}

std::string cell_text(const Cell& c) {
  if (!c.proven) return "----";
  return std::to_string(c.nodes) + " (" + (c.ply || c.proof_depth ? std::to_string(c.ply) : "exh.") + ")";
}

// The exact answer's result in a cell's terms, for the last column.
Cell cell_of(const Answer& a) {
  Cell c;
  c.proven = true;
  c.value = a.value;
  c.distance_known = a.distance_known;
  c.distance = is_decisive(a.value) ? distance_of(a.value) : 0;
  c.result = value_word(a.value) + (is_decisive(a.value) ? " in " + std::to_string(c.distance) : "");
  return c;
}

// The last column: the play layer's exact answer where it has one (the
// oracle, an exact table or solve), else the best-informed proven cell (a
// known distance beats none); whether it matches the suite's `value` and
// `dist`; and each level (cells[i] is level first + i) whose proven result
// differs from the exact answer or the suite. `ok` is false where anything
// disagrees.
struct Verdict {
  std::string text;
  bool ok = true;
};
Verdict verdict(const Epd& epd, const std::vector<Cell>& cells, int first, const std::optional<Answer>& exact) {
  std::optional<Cell> truth;
  if (exact) truth = cell_of(*exact);
  const Cell* best = truth ? &*truth : nullptr;
  for (const Cell& c : cells)
    if (!truth && c.proven && (!best || (c.distance_known && !best->distance_known))) best = &c;
  if (!best) return {"unproven"};
  const std::string expected_value = epd.op("value"), expected_dist = epd.op("dist");
  const std::string shown = best->result + (exact ? " (" + source_name(exact->source) + ")" : "");
  auto agree = [](const Cell& c, const std::string& value, const std::string& dist) {
    if (value_word(c.value) != value) return false;
    return !(c.distance_known && is_decisive(c.value) && !dist.empty()) || std::to_string(c.distance) == dist;
  };
  auto matches = [&](const Cell& c) {
    if (truth && !agree(c, value_word(truth->value), is_decisive(truth->value) ? std::to_string(truth->distance) : ""))
      return false;
    return expected_value.empty() || agree(c, expected_value, expected_dist);
  };
  const std::string expected = expected_value.empty() ? ""
                                                      : " (expected " + expected_value +
                                                            (expected_dist.empty() ? "" : " in " + expected_dist) + ")";
  if (truth && !matches(*truth)) return {shown + "  MISMATCH with the suite" + expected, false};
  std::string wrong;
  int wrong_levels = 0;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i].proven && !matches(cells[i])) wrong += (wrong_levels++ ? ", " : " ") + std::to_string(first + int(i));
  if (!wrong_levels) return {shown + (expected_value.empty() && !truth ? "" : "  ok")};
  return {shown + "  WRONG at level" + (wrong_levels > 1 ? "s" : "") + wrong + (truth ? "" : expected), false};
}

// The first column: each position's knowledge depth at the table's top
// level and mode (the exact form of the paper's "(33)" estimates), where the
// position is in the domain and its layout's depth table is saved; "-"
// elsewhere. Tables are loaded on first use.
class KnowledgeDepths {
 public:
  KnowledgeDepths(std::string data_dir, int level, std::string name, std::string libraries)
      : data_dir_(std::move(data_dir)), level_(level), name_(std::move(name)), libraries_(std::move(libraries)) {}
  std::string of(const Position& pos) {
    const auto slot = locate(pos);
    if (!slot) return "-";
    auto& table = tables_[int(slot->layout)];
    if (!table) {
      if (!depth_saved(data_dir_, slot->layout, level_, name_, libraries_)) {
        unsaved_[int(slot->layout)] = true;
        return "-";
      }
      table = std::make_unique<DepthTable>(load_depth(data_dir_, slot->layout, level_, name_, libraries_));
    }
    const Value v = table->value(slot->view(pos));
    return is_decisive(v) ? value_word(v) + " " + std::to_string(distance_of(v)) : value_word(v);
  }

  // Where a layout's table is missing, or was built with other libraries or
  // schemas, a line on stderr says so and how to build it.
  void report_unsaved() const {
    for (int l = 0; l < LAYOUT_NB; ++l)
      if (unsaved_[l])
        std::fprintf(stderr,
                     "table: the depth column shows - for %s: no current knowledge-depth table; build it with: %s\n",
                     layout_name(Layout(l)).c_str(), depth_rebuild_command(Layout(l), level_, name_).c_str());
  }

 private:
  std::string data_dir_;
  int level_;
  std::string name_;
  std::string libraries_;  // their knowledge_fingerprint
  std::unique_ptr<DepthTable> tables_[LAYOUT_NB];
  bool unsaved_[LAYOUT_NB] = {};
};

}  // namespace

int table_command(const Args& args) {
  po::options_description options("table options");
  std::string suite = shipped_file("testpositions/default.epd"), levels, engines;
  SearchLimits limits;
  limits.node_limit = 1'000'000;
  PeasantLimits peasant;
  options.add_options()("suite", po::value<std::string>(&suite)->default_value(suite), "the EPD suite")(
      "levels", po::value<std::string>(&levels)->default_value("0-" + std::to_string(MAX_LEVEL)),
      "the levels to run, A-B")("node-limit", po::value<long long>()->default_value(1'000'000),
                                "nodes per search (the paper: 10^6)")(
      "max-ply", po::value<int>()->default_value(limits.max_ply), "last iteration's ply limit")(
      "engines", po::value<std::string>(&engines)->default_value("chunker"),
      "chunker, or chunker,peasant for a column of Peasant's nodes")(
      "depth", po::value<int>()->default_value(PEASANT_DEFAULT_DEPTH), "Peasant's fixed depth")(
      "no-hints",
      "search on where Level 5 hints that the side to move holds (a hint can hide a proof, never make one)")(
      "json", "print the table as JSON")("csv", "print the table as CSV")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "MB the exact solver may use for the result column's exact answer outside the oracle's domain (0: never)")(
      "cache", po::value<std::string>(), "directory of exact tables shared with solve and uci (default: DATA/exact)");
  // The proof-number search by default: on testpositions/default.epd at
  // Level 5 (10^6 nodes a row) it proves 12 of the 13 rows in 2.56M nodes in
  // all, guided by the chunk evaluation (the unproven row counted at the
  // limit; unguided 3.0M), alpha-beta 10 in 3.85M.
  add_search_option(options, true, "pn");
  add_guide_option(options);
  add_threads_option(options);
  add_schemas_option(options);
  add_libraries_option(options);
  add_data_option(options, "where saved knowledge-depth tables live (chunker oracle depth --save)");
  add_hash_option(options);
  po::positional_options_description positional;
  positional.add("suite", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker table [SUITE.epd] [--levels A-B] [--node-limit N] [--engines chunker,peasant]",
                  options, positional, vm))
    return 0;
  const auto [first, last] = level_range("levels", levels, MAX_LEVEL);
  const SchemaMode mode = schema_mode(vm);
  const std::vector<SearchKind> kinds = search_kinds(vm, true);
  if (engines != "chunker" && engines != "chunker,peasant")
    throw InputError("--engines must be chunker or chunker,peasant, got '" + engines + "'");
  const bool with_peasant = engines == "chunker,peasant";
  limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 40));
  limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  limits.hash_megabytes = hash_megabytes(vm);
  limits.hints = vm.count("no-hints") == 0;
  peasant.depth = checked<int>(vm, "depth", 1, PEASANT_MAX_DEPTH);
  peasant.hash_megabytes = limits.hash_megabytes;
  const bool json = vm.count("json") > 0, csv = vm.count("csv") > 0;
  if (json && csv) throw InputError("--json and --csv exclude each other");

  const ChunkLibraries libraries(vm["libraries"].as<std::string>());
  std::vector<std::vector<std::unique_ptr<Classifier>>> owned;
  std::vector<std::vector<const Classifier*>> consulted;
  for (int level = first; level <= last; ++level) {
    owned.push_back(make_level(level, mode, libraries));
    consulted.emplace_back();
    for (const auto& c : owned.back()) consulted.back().push_back(c.get());
  }
  const std::vector<Epd> positions = read_epd_file(suite);
  PlaySettings play;
  play.libraries = vm["libraries"].as<std::string>();
  play.oracle_dir = vm["data"].as<std::string>();
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  play.exact_cache = exact_cache_option(vm);
  play.workers = threads_option(vm);
  Player player(play);
  KnowledgeDepths depths(vm["data"].as<std::string>(), last, knowledge_name(last, mode),
                         knowledge_fingerprint(vm["libraries"].as<std::string>()));

  bool all_ok = true;
  Json json_rows = Json::array();
  for (const SearchKind kind : kinds) {
    limits.kind = kind;
    const char* search_name = kind == SearchKind::AlphaBeta ? "ab" : "pn";
    // Header.
    std::vector<std::string> columns{"depth L" + std::to_string(last)};
    for (int level = first; level <= last; ++level) columns.push_back("level " + std::to_string(level));
    if (with_peasant) columns.push_back("peasant d" + std::to_string(peasant.depth));
    if (csv) {
      std::cout << "id";
      for (const auto& c : columns) std::cout << "," << c;
      std::cout << ",result\n";
    } else if (!json) {
      std::printf("%-20s", "position");
      for (std::size_t i = 0; i < columns.size(); ++i) std::printf(i ? " %16s" : " %9s", columns[i].c_str());
      std::printf("  result (%s schemas, node limit %llu, %s)\n", mode_name(mode).c_str(),
                  static_cast<unsigned long long>(limits.node_limit),
                  kind == SearchKind::AlphaBeta ? "alpha-beta: (ply) the proving iteration"
                                                : "proof-number search: (ply) the proof's depth");
    }
    for (const Epd& epd : positions) {
      std::optional<ExactRefusal> refusal;  // why the play layer has no exact answer: the column says so
      const std::string id = epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id");
      std::vector<Cell> cells;
      std::optional<SearchResult> top;  // the top level's search
      for (std::size_t i = 0; i < consulted.size(); ++i) {
        // The level's guide steers either search (play/answer.cpp does the same).
        SearchLimits level_limits = limits;
        const ProofGuide g = guide(libraries, first + int(i), guide_option(vm));
        level_limits.guide = g.estimate;
        level_limits.guide_shape = g.shape;
        level_limits.threads = player.workers();
        top = run_search(epd.pos, level_limits, consulted[i]);
        cells.push_back(cell_of(*top));
      }
      const std::string depth = depths.of(epd.pos);
      std::vector<std::string> texts{depth};
      for (const Cell& c : cells) texts.push_back(cell_text(c));
      std::uint64_t peasant_nodes = 0;
      if (with_peasant) {
        peasant_nodes = peasant_search(epd.pos, peasant).nodes;
        texts.push_back(std::to_string(peasant_nodes));
      }
      const Verdict checked = verdict(epd, cells, first, player.exact_answer(epd.pos, {}, refusal));
      const std::string& result = checked.text;
      all_ok = all_ok && checked.ok;
      if (csv) {
        std::cout << id;
        for (const auto& t : texts) std::cout << "," << t;
        std::cout << "," << result << "\n";
      } else if (json) {
        Json levels = Json::array();
        for (std::size_t i = 0; i < cells.size(); ++i) {
          const Cell& c = cells[i];
          levels.push_back({{"level", first + int(i)},
                            {"proven", c.proven},
                            {"nodes", c.nodes},
                            {"ply", c.proven && c.ply ? Json(c.ply) : Json(nullptr)},
                            {"result", c.proven ? Json(c.result) : Json(nullptr)}});
        }
        Json row = {{"id", id}, {"search", search_name}, {"knowledge_depth", depth}, {"levels", std::move(levels)}};
        if (with_peasant) row["peasant_nodes"] = peasant_nodes;
        row["result"] = result;
        json_rows.push_back(std::move(row));
      } else {
        std::printf("%-20s", id.c_str());
        for (std::size_t i = 0; i < texts.size(); ++i) std::printf(i ? " %16s" : " %9s", texts[i].c_str());
        std::printf("  %s\n", result.c_str());
        if (is_szen(epd.pos)) {
          // CHUNKER's row for its no. 547, its "(45)" the estimated depth.
          const std::vector<std::string> paper = paper_547_cells(first, last);
          std::printf("%-20s %9s", "  CHUNKER 1983 #547", "(45)");
          for (const std::string& p : paper) std::printf(" %16s", p.c_str());
          std::printf("\n");
          if (last == MAX_LEVEL) {
            std::printf("  terminal nodes at level %d, by what decided them:\n", last);
            for (const std::string& line : terminal_shares(*top)) std::printf("%s\n", line.c_str());
          }
        }
      }
      std::cout.flush();
    }
  }
  if (json) std::cout << json_rows.dump() << "\n";
  depths.report_unsaved();
  return all_ok ? 0 : 1;
}

}  // namespace chunker::cli
