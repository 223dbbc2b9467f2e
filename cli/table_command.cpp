// `chunker table`: the paper's Table 4-1 for an EPD suite, its rows
// (play/table_rows.h) as text, CSV or JSON, a row a position and search
// (`--search both`: alpha-beta, then the proof-number search): `nodes (ply)`
// of the search at each level with the nodes over the positions of the proof
// it found, `----` where the node limit ended it unproven, the knowledge
// depth first and the exact result last; beneath the Szen rows, CHUNKER's.
// `--engines peasant` adds Peasant's nodes.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <tuple>

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
#include "play/evaluation.h"
#include "play/table_json.h"
#include "play/table_rows.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

// What the command line asks of the table.
struct TableRequest {
  std::string suite;
  TableSettings table;
  std::vector<SearchKind> kinds;
  bool with_peasant = false;
  PeasantLimits peasant;
  bool json = false, csv = false;
  PlaySettings play;  // the result column's answers
};

po::options_description table_options(std::string& suite, std::string& levels, std::string& engines) {
  po::options_description options("table options");
  options.add_options()("suite", po::value<std::string>(&suite)->default_value(suite), "the EPD suite")(
      "levels", po::value<std::string>(&levels)->default_value("0-" + std::to_string(MAX_LEVEL)),
      "the levels to run, A-B")("node-limit", po::value<long long>()->default_value(1'000'000),
                                "nodes per search (the paper: 10^6)")(
      "max-ply", po::value<int>()->default_value(SearchLimits{}.max_ply), "last iteration's ply limit")(
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
  return options;
}

// The request, or none where --help was asked.
std::optional<TableRequest> table_request(const Args& args) {
  TableRequest r;
  r.suite = shipped_file("testpositions/default.epd");
  std::string levels, engines;
  po::options_description options = table_options(r.suite, levels, engines);
  po::positional_options_description positional;
  positional.add("suite", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker table [SUITE.epd] [--levels A-B] [--node-limit N] [--engines chunker,peasant]",
                  options, positional, vm))
    return std::nullopt;
  TableSettings& t = r.table;
  std::tie(t.first, t.last) = level_range("levels", levels, MAX_LEVEL);
  t.mode = schema_mode(vm);
  r.kinds = search_kinds(vm, true);
  if (engines != "chunker" && engines != "chunker,peasant")
    throw InputError("--engines must be chunker or chunker,peasant, got '" + engines + "'");
  r.with_peasant = engines == "chunker,peasant";
  t.limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 40));
  t.limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  t.limits.hash_megabytes = hash_megabytes(vm);
  t.limits.hints = vm.count("no-hints") == 0;
  t.guide = guide_option(vm);
  t.data_dir = vm["data"].as<std::string>();
  r.peasant.depth = checked<int>(vm, "depth", 1, PEASANT_MAX_DEPTH);
  r.peasant.hash_megabytes = t.limits.hash_megabytes;
  r.json = vm.count("json") > 0;
  r.csv = vm.count("csv") > 0;
  if (r.json && r.csv) throw InputError("--json and --csv exclude each other");
  r.play.libraries = vm["libraries"].as<std::string>();
  r.play.oracle_dir = t.data_dir;
  r.play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  r.play.exact_cache = exact_cache_option(vm);
  r.play.workers = threads_option(vm);
  return r;
}

// Characters of a level's column.
constexpr int CELL_WIDTH = 20;

// A row's cells in text: the depth column, then the levels' (and Peasant's).
void print_cells(const std::vector<std::string>& texts) {
  for (std::size_t i = 0; i < texts.size(); ++i) std::printf(" %*s", i ? CELL_WIDTH : 9, texts[i].c_str());
}

// The text or CSV header: one table, a row for each position and search.
void print_header(const TableRequest& r) {
  const TableSettings& t = r.table;
  std::vector<std::string> columns{"depth L" + std::to_string(t.last)};
  for (int level = t.first; level <= t.last; ++level) columns.push_back("level " + std::to_string(level));
  if (r.with_peasant) columns.push_back("peasant d" + std::to_string(r.peasant.depth));
  if (r.csv) {
    std::cout << "id,search";
    for (const auto& c : columns) std::cout << "," << c;
    std::cout << ",result\n";
    return;
  }
  std::printf("%-20s %-6s", "position", "search");
  print_cells(columns);
  std::printf("  result (%s schemas, node limit %llu; a cell: nodes (ply) nodes/proof)\n", mode_name(t.mode).c_str(),
              static_cast<unsigned long long>(t.limits.node_limit));
}

// CHUNKER's row for its no. 547 (an alpha-beta search), its "(45)" the
// estimated depth, and at the top level what decided the terminal nodes of
// `shares`.
void print_chunker_547(const TableRequest& r, const SearchResult& shares) {
  std::printf("%-20s %-6s", "  CHUNKER 1983 #547", "ab");
  std::vector<std::string> paper{"(45)"};
  for (const std::string& p : paper_547_cells(r.table.first, r.table.last)) paper.push_back(p);
  print_cells(paper);
  std::printf("\n");
  if (r.table.last != MAX_LEVEL) return;
  std::printf("  terminal nodes at level %d (%s), by what decided them:\n", r.table.last,
              shares.kind == SearchKind::AlphaBeta ? "alpha-beta" : "proof-number search");
  for (const std::string& line : terminal_shares(shares)) std::printf("%s\n", line.c_str());
}

// One position's row of one search, as the request prints it; in JSON,
// added to `json_rows`.
void emit_row(const TableRequest& r, const TableRow& row, SearchKind kind, std::optional<std::uint64_t> peasant_nodes,
              Json& json_rows) {
  if (r.json) {
    Json json_row = table_row_json(row, kind, r.table.first);
    if (peasant_nodes) json_row["peasant_nodes"] = *peasant_nodes;
    return json_rows.push_back(std::move(json_row));
  }
  std::vector<std::string> texts{knowledge_depth_text(row.knowledge_depth)};
  for (const TableCell& c : row.cells) texts.push_back(table_cell_text(c));
  if (peasant_nodes) texts.push_back(std::to_string(*peasant_nodes));
  if (r.csv) {
    std::cout << row.id << "," << search_name(kind);
    for (const auto& t : texts) std::cout << "," << t;
    std::cout << "," << table_result_text(row.result) << "\n";
  } else {
    std::printf("%-20s %-6s", row.id.c_str(), search_name(kind));
    print_cells(texts);
    std::printf("  %s\n", table_result_text(row.result).c_str());
  }
  std::cout.flush();
}

}  // namespace

int table_command(const Args& args) {
  const std::optional<TableRequest> request = table_request(args);
  if (!request) return 0;
  const TableRequest& r = *request;
  Player player(r.play);
  TableRows rows(r.table, player);
  const std::vector<Epd> positions = read_epd_file(r.suite);

  for (int level = r.table.first; level <= r.table.last; ++level)
    if (const std::string why = guide(player.libraries(), level, r.table.guide).learned_missing; !why.empty())
      std::fprintf(stderr, "table: %s: the hand-made guide steers Level %d\n", why.c_str(), level);
  if (!r.json) print_header(r);
  bool all_ok = true;
  Json json_rows = Json::array();
  for (const Epd& epd : positions) {
    std::optional<std::uint64_t> peasant_nodes;
    if (r.with_peasant) peasant_nodes = peasant_search(epd.pos, r.peasant).nodes;
    std::optional<SearchResult> shares;  // the top level's search whose terminal shares a Szen row shows
    for (const SearchKind kind : r.kinds) {
      TableRow row = rows.row(epd, kind);
      all_ok = all_ok && row.ok();
      // CHUNKER's shares are of its alpha-beta search.
      if (!shares || kind == SearchKind::AlphaBeta) shares = row.top;
      emit_row(r, row, kind, peasant_nodes, json_rows);
    }
    if (!r.csv && !r.json && is_szen(epd.pos)) print_chunker_547(r, *shares);
    std::cout.flush();
  }
  if (r.json) std::cout << json_rows.dump() << "\n";
  // Where a layout's depth table is missing, or was built with other
  // libraries or schemas, a line on stderr says so and how to build it.
  for (const Layout layout : rows.unsaved_depths())
    std::fprintf(stderr,
                 "table: the depth column shows - for %s: no current knowledge-depth table; build it with: %s\n",
                 layout_name(layout).c_str(),
                 depth_rebuild_command(layout, r.table.last, knowledge_name(r.table.last, r.table.mode)).c_str());
  return all_ok ? 0 : 1;
}

}  // namespace chunker::cli
