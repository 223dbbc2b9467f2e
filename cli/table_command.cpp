// `chunker table`: the paper's Table 4-1 for an EPD suite, its rows
// (play/table_rows.h) as text, CSV or JSON: `nodes (ply)` of the search at
// each level, `----` where the node limit ended it unproven, the knowledge
// depth first and the exact result last. `--engines peasant` adds Peasant's
// nodes.
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
#include "engine/search.h"
#include "exact/knowledge_depth.h"
#include "play/answer.h"
#include "play/answer_json.h"
#include "play/table_rows.h"
#include "schemas/schemas.h"

namespace chunker::cli {

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

  PlaySettings play;
  play.libraries = vm["libraries"].as<std::string>();
  play.oracle_dir = vm["data"].as<std::string>();
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  play.exact_cache = exact_cache_option(vm);
  play.workers = threads_option(vm);
  Player player(play);
  TableRows rows({first, last, mode, limits, guide_option(vm), vm["data"].as<std::string>()}, player);
  const std::vector<Epd> positions = read_epd_file(suite);

  bool all_ok = true;
  Json json_rows = Json::array();
  for (const SearchKind kind : kinds) {
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
      const TableRow row = rows.row(epd, kind);
      const std::string& id = row.id;
      const std::vector<TableCell>& cells = row.cells;
      std::vector<std::string> texts{row.knowledge_depth};
      for (const TableCell& c : cells) texts.push_back(cell_text(c));
      std::uint64_t peasant_nodes = 0;
      if (with_peasant) {
        peasant_nodes = peasant_search(epd.pos, peasant).nodes;
        texts.push_back(std::to_string(peasant_nodes));
      }
      const std::string& result = row.result;
      all_ok = all_ok && row.ok;
      if (csv) {
        std::cout << id;
        for (const auto& t : texts) std::cout << "," << t;
        std::cout << "," << result << "\n";
      } else if (json) {
        Json levels = Json::array();
        for (std::size_t i = 0; i < cells.size(); ++i) {
          const TableCell& c = cells[i];
          levels.push_back({{"level", first + int(i)},
                            {"proven", c.proven},
                            {"nodes", c.nodes},
                            {"ply", c.proven && c.ply ? Json(c.ply) : Json(nullptr)},
                            {"result", c.proven ? Json(c.result) : Json(nullptr)}});
        }
        Json json_row = {{"id", id},
                         {"search", search_name},
                         {"knowledge_depth", row.knowledge_depth},
                         {"levels", std::move(levels)}};
        if (with_peasant) json_row["peasant_nodes"] = peasant_nodes;
        json_row["result"] = result;
        json_rows.push_back(std::move(json_row));
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
            for (const std::string& line : terminal_shares(*row.top)) std::printf("%s\n", line.c_str());
          }
        }
      }
      std::cout.flush();
    }
  }
  if (json) std::cout << json_rows.dump() << "\n";
  // Where a layout's depth table is missing, or was built with other
  // libraries or schemas, a line on stderr says so and how to build it.
  for (const Layout layout : rows.unsaved_depths())
    std::fprintf(stderr,
                 "table: the depth column shows - for %s: no current knowledge-depth table; build it with: %s\n",
                 layout_name(layout).c_str(), depth_rebuild_command(layout, last, knowledge_name(last, mode)).c_str());
  return all_ok ? 0 : 1;
}

}  // namespace chunker::cli
