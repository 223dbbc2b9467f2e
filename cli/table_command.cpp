// `chunker table`: the paper's Table 4-1 for an EPD suite. A row per
// position and search (`--search both`: alpha-beta, then the proof-number
// search): `nodes (ply)` of the search at each level with the nodes over
// the positions of the proof it found, `----` where the node limit (10^6 by
// default, as in the paper) ended it unproven, and the position's exact
// result from the play layer (the oracle, an exact table or solve) with
// whether every level's proven value and the suite's `value` (and `dist`,
// where a result knows its distance) agree with it; beneath the Szen rows,
// CHUNKER's. `--engines peasant` adds Peasant's nodes. The first column is
// the position's knowledge depth at the top level, where its depth table is
// saved (chunker oracle depth --save).
#include <cstdio>
#include <filesystem>
#include <iostream>
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
#include "engine/proof_search.h"
#include "engine/search.h"
#include "exact/knowledge_depth.h"
#include "play/answer.h"
#include "play/answer_json.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

// Characters of a level's column.
constexpr int CELL_WIDTH = 20;

struct Cell {
  bool proven = false;
  std::uint64_t nodes = 0;
  std::size_t proof_positions = 0;  // of the search's proof of a win or a loss; 0 where it has none
  int ply = 0;         // the iteration at which the value became exact (0: exhaustive), or the proof's depth
  std::string result;  // "win in 51", "win (no dist.)", "draw"
  Value value = 0;
  bool distance_known = true;
  int distance = 0;
  bool proof_depth = false;  // ply is the proof-number search's proof depth
};

Cell cell_of(const SearchResult& r) {
  // (ply): the proving iteration, or the proof tree's depth.
  Cell c{r.proven, r.nodes,          r.proof_positions, r.proof != Proof::None ? r.exact_ply : 0, "",
         r.value,  r.distance_known, r.distance,        r.kind == SearchKind::ProofNumber};
  if (r.proven) {
    c.result = value_word(r.value);
    if (is_decisive(r.value)) c.result += r.distance_known ? " in " + std::to_string(r.distance) : " (no dist.)";
  }
  return c;
}

// "nodes (ply)", and where the search's proof is known, nodes over its
// positions: how close the search came to the smallest proof it knows of.
std::string cell_text(const Cell& c) {
  if (!c.proven) return "----";
  std::string text = std::to_string(c.nodes) + " (" + (c.ply || c.proof_depth ? std::to_string(c.ply) : "exh.") + ")";
  if (c.proof_positions) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, " %.1f", double(c.nodes) / double(c.proof_positions));
    text += ratio;
  }
  return text;
}

// A row's cells in text: the depth column, then the levels' (and Peasant's).
void print_cells(const std::vector<std::string>& texts) {
  for (std::size_t i = 0; i < texts.size(); ++i)
    if (i == 0)
      std::printf(" %9s", texts[i].c_str());
    else
      std::printf(" %*s", CELL_WIDTH, texts[i].c_str());
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

// What `chunker table` was asked.
struct TableRequest {
  std::string suite = shipped_file("testpositions/default.epd"), levels, engines;
  int first = 0, last = MAX_LEVEL;
  SchemaMode mode = SchemaMode::Sound;
  std::vector<SearchKind> kinds;
  bool with_peasant = false, json = false, csv = false;
  SearchLimits limits;
  PeasantLimits peasant;
};

po::options_description table_options(TableRequest& r) {
  po::options_description options("table options");
  options.add_options()("suite", po::value<std::string>(&r.suite)->default_value(r.suite), "the EPD suite")(
      "levels", po::value<std::string>(&r.levels)->default_value("0-" + std::to_string(MAX_LEVEL)),
      "the levels to run, A-B")("node-limit", po::value<long long>()->default_value(1'000'000),
                                "nodes per search (the paper: 10^6)")(
      "max-ply", po::value<int>()->default_value(r.limits.max_ply), "last iteration's ply limit")(
      "engines", po::value<std::string>(&r.engines)->default_value("chunker"),
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

void read_request(const po::variables_map& vm, TableRequest& r) {
  std::tie(r.first, r.last) = level_range("levels", r.levels, MAX_LEVEL);
  r.mode = schema_mode(vm);
  r.kinds = search_kinds(vm, true);
  if (r.engines != "chunker" && r.engines != "chunker,peasant")
    throw InputError("--engines must be chunker or chunker,peasant, got '" + r.engines + "'");
  r.with_peasant = r.engines == "chunker,peasant";
  r.limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 40));
  r.limits.max_ply = checked<int>(vm, "max-ply", 1, MAX_DISTANCE);
  r.limits.hash_megabytes = hash_megabytes(vm);
  r.limits.hints = vm.count("no-hints") == 0;
  r.peasant.depth = checked<int>(vm, "depth", 1, PEASANT_MAX_DEPTH);
  r.peasant.hash_megabytes = r.limits.hash_megabytes;
  r.json = vm.count("json") > 0;
  r.csv = vm.count("csv") > 0;
  if (r.json && r.csv) throw InputError("--json and --csv exclude each other");
}

// Header: one table, a row for each position and search.
void print_header(const TableRequest& r) {
  std::vector<std::string> columns{"depth L" + std::to_string(r.last)};
  for (int level = r.first; level <= r.last; ++level) columns.push_back("level " + std::to_string(level));
  if (r.with_peasant) columns.push_back("peasant d" + std::to_string(r.peasant.depth));
  if (r.csv) {
    std::cout << "id,search";
    for (const auto& c : columns) std::cout << "," << c;
    std::cout << ",result\n";
  } else if (!r.json) {
    std::printf("%-20s %-6s", "position", "search");
    print_cells(columns);
    std::printf("  result (%s schemas, node limit %llu; a cell: nodes (ply) nodes/proof)\n", mode_name(r.mode).c_str(),
                static_cast<unsigned long long>(r.limits.node_limit));
  }
}

// One search's row of a position: the search at each level, each level
// steered by its own guide (play/answer.cpp does the same); `top` is the
// top level's search.
std::vector<Cell> level_cells(const Position& pos, SearchLimits limits, const ProofGuide (&guides)[MAX_LEVEL + 1],
                              const std::vector<std::vector<const Classifier*>>& consulted, int first, unsigned workers,
                              std::optional<SearchResult>& top) {
  std::vector<Cell> cells;
  for (std::size_t i = 0; i < consulted.size(); ++i) {
    const ProofGuide& g = guides[first + int(i)];
    limits.guide = g.estimate;
    limits.guide_shape = g.shape;
    limits.threads = workers;
    top = run_search(pos, limits, consulted[i]);
    cells.push_back(cell_of(*top));
  }
  return cells;
}

// A row as the request prints it; in JSON, added to `json_rows`.
struct Row {
  std::string id;
  const char* search;
  std::string depth;
  std::vector<Cell> cells;
  std::uint64_t peasant_nodes;
  std::string result;
};
void emit_row(const TableRequest& r, const Row& row, Json& json_rows) {
  std::vector<std::string> texts{row.depth};
  for (const Cell& c : row.cells) texts.push_back(cell_text(c));
  if (r.with_peasant) texts.push_back(std::to_string(row.peasant_nodes));
  if (r.csv) {
    std::cout << row.id << "," << row.search;
    for (const auto& t : texts) std::cout << "," << t;
    std::cout << "," << row.result << "\n";
  } else if (r.json) {
    Json levels = Json::array();
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const Cell& c = row.cells[i];
      levels.push_back({{"level", r.first + int(i)},
                        {"proven", c.proven},
                        {"nodes", c.nodes},
                        {"ply", c.proven && c.ply ? Json(c.ply) : Json(nullptr)},
                        {"proof_positions", c.proof_positions ? Json(c.proof_positions) : Json(nullptr)},
                        {"result", c.proven ? Json(c.result) : Json(nullptr)}});
    }
    Json j = {{"id", row.id}, {"search", row.search}, {"knowledge_depth", row.depth}, {"levels", std::move(levels)}};
    if (r.with_peasant) j["peasant_nodes"] = row.peasant_nodes;
    j["result"] = row.result;
    json_rows.push_back(std::move(j));
  } else {
    std::printf("%-20s %-6s", row.id.c_str(), row.search);
    print_cells(texts);
    std::printf("  %s\n", row.result.c_str());
  }
  std::cout.flush();
}

// CHUNKER's row for its no. 547 (an alpha-beta search), its "(45)" the
// estimated depth, and at the top level what decided the terminal nodes of
// `shares`.
void print_chunker_547(const TableRequest& r, const SearchResult& shares) {
  std::printf("%-20s %-6s", "  CHUNKER 1983 #547", "ab");
  std::vector<std::string> paper{"(45)"};
  for (const std::string& p : paper_547_cells(r.first, r.last)) paper.push_back(p);
  print_cells(paper);
  std::printf("\n");
  if (r.last == MAX_LEVEL) {
    std::printf("  terminal nodes at level %d (%s), by what decided them:\n", r.last,
                shares.kind == SearchKind::AlphaBeta ? "alpha-beta" : "proof-number search");
    for (const std::string& line : terminal_shares(shares)) std::printf("%s\n", line.c_str());
  }
  std::cout.flush();
}

}  // namespace

int table_command(const Args& args) {
  TableRequest r;
  r.limits.node_limit = 1'000'000;
  po::options_description options = table_options(r);
  po::positional_options_description positional;
  positional.add("suite", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker table [SUITE.epd] [--levels A-B] [--node-limit N] [--engines chunker,peasant]",
                  options, positional, vm))
    return 0;
  read_request(vm, r);

  const ChunkLibraries libraries(vm["libraries"].as<std::string>());
  std::vector<std::vector<std::unique_ptr<Classifier>>> owned;
  std::vector<std::vector<const Classifier*>> consulted;
  ProofGuide guides[MAX_LEVEL + 1];
  for (int level = r.first; level <= r.last; ++level) {
    owned.push_back(make_level(level, r.mode, libraries));
    consulted.emplace_back();
    for (const auto& c : owned.back()) consulted.back().push_back(c.get());
    guides[level] = guide(libraries, level, guide_option(vm));
  }
  const std::vector<Epd> positions = read_epd_file(r.suite);
  PlaySettings play;
  play.libraries = vm["libraries"].as<std::string>();
  play.oracle_dir = vm["data"].as<std::string>();
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  play.exact_cache = exact_cache_option(vm);
  play.workers = threads_option(vm);
  Player player(play);
  KnowledgeDepths depths(vm["data"].as<std::string>(), r.last, knowledge_name(r.last, r.mode),
                         knowledge_fingerprint(vm["libraries"].as<std::string>()));

  print_header(r);
  bool all_ok = true;
  Json json_rows = Json::array();
  for (const Epd& epd : positions) {
    Row row;
    row.id = epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id");
    row.depth = depths.of(epd.pos);
    std::optional<ExactRefusal> refusal;  // why the play layer has no exact answer: the column says so
    const std::optional<Answer> exact = player.exact_answer(epd.pos, {}, refusal);
    row.peasant_nodes = r.with_peasant ? peasant_search(epd.pos, r.peasant).nodes : 0;
    std::optional<SearchResult> shares;  // the top level's search whose terminal shares a Szen row shows
    for (const SearchKind kind : r.kinds) {
      SearchLimits limits = r.limits;
      limits.kind = kind;
      row.search = kind == SearchKind::AlphaBeta ? "ab" : "pn";
      std::optional<SearchResult> top;
      row.cells = level_cells(epd.pos, limits, guides, consulted, r.first, player.workers(), top);
      // CHUNKER's shares are of its alpha-beta search.
      if (!shares || kind == SearchKind::AlphaBeta) shares = top;
      const Verdict checked = verdict(epd, row.cells, r.first, exact);
      row.result = checked.text;
      all_ok = all_ok && checked.ok;
      emit_row(r, row, json_rows);
    }
    if (!r.csv && !r.json && is_szen(epd.pos)) print_chunker_547(r, *shares);
  }
  if (r.json) std::cout << json_rows.dump() << "\n";
  depths.report_unsaved();
  return all_ok ? 0 : 1;
}

}  // namespace chunker::cli
