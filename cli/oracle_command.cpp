// `chunker oracle build|probe|stats|verify|depth`: the exact tablebase of
// the domain, the soundness check of the reasoning schemas against it, and the
// knowledge depth of each level (oracle_depth.h).
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "chunks/table_file.h"
#include "cli/options.h"
#include "cli/oracle_depth.h"
#include "cli/oracle_probe.h"
#include "cli/output.h"
#include "engine/notation.h"
#include "exact/knowledge_depth.h"
#include "libgen/oracle_build.h"
#include "libgen/oracle_stats.h"
#include "libgen/oracle_verify.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

std::vector<Layout> layouts_of(const std::string& name) {
  if (name == "all") return {Layout::AbcFgh, Layout::AbcEfg};
  if (auto layout = parse_layout(name)) return {*layout};
  throw InputError("--layout must be abc-fgh, abc-efg or all, got '" + name + "'");
}

int build(const std::string& data_dir, const std::string& layout_name_arg, bool check_twins) {
  const bool terminal = isatty(STDERR_FILENO);
  for (Layout layout : layouts_of(layout_name_arg)) {
    auto start = std::chrono::steady_clock::now();
    std::uint64_t mismatches = 0;
    OracleTable table = build_oracle(
        layout,
        [&](std::uint32_t done, std::uint32_t total) {
          if (terminal)
            std::fprintf(stderr, "\roracle %s: %5.1f%% of %u slices (pawn configurations)", layout_name(layout).c_str(),
                         100.0 * done / total, total);
        },
        check_twins ? &mismatches : nullptr);
    double solved = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (terminal)
      std::fprintf(stderr, "\roracle %s: solved in %.1f s, writing...%20s", layout_name(layout).c_str(), solved, "");
    save_oracle(table, data_dir);
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (terminal) std::fprintf(stderr, "\r%70s\r", "");
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf(
        "oracle %s: %llu entries (%llu stored) solved in %.1f s, written to %s in %.1f s total, peak memory "
        "%.0f MB\n",
        layout_name(layout).c_str(), static_cast<unsigned long long>(ORACLE_ENTRIES),
        static_cast<unsigned long long>(table.bytes().size()), solved, oracle_path(data_dir, layout).c_str(), total,
        usage.ru_maxrss / 1024.0);
    if (check_twins && OracleIndex(layout).self_twin()) {
      if (mismatches) {
        std::printf("oracle %s: SYMMETRY BROKEN: %llu entries differ from their colour-reversed twins\n",
                    layout_name(layout).c_str(), static_cast<unsigned long long>(mismatches));
        return 1;
      }
      std::printf(
          "oracle %s: symmetry holds: every twin config solved on its own equals its stored twin, entry "
          "for entry\n",
          layout_name(layout).c_str());
    }
  }
  return 0;
}

// Reads every block of each layout's file and checks the whole payload's
// checksum: what opening a table no longer does.
int verify_file(const std::string& data_dir, const std::string& layout_name_arg) {
  for (Layout layout : layouts_of(layout_name_arg)) {
    const auto start = std::chrono::steady_clock::now();
    const OracleTable table = load_oracle(data_dir, layout, TableRead::Whole);
    std::printf("%s: sound, %llu entries, every block and the whole checksum checked in %.1f s\n",
                oracle_path(data_dir, layout).c_str(), static_cast<unsigned long long>(table.bytes().size()),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return 0;
}

int stats(const std::string& data_dir, const std::string& layout_name_arg) {
  for (Layout layout : layouts_of(layout_name_arg)) {
    OracleTable table = load_oracle(data_dir, layout, TableRead::Whole);
    OracleSummary sum = summarize(table);
    std::printf("oracle %s\n", layout_name(layout).c_str());
    std::printf("  %-10s %14s %14s %14s %14s %12s %16s\n", "to move", "legal", "wins", "draws", "losses", "longest win",
                "one winning move");
    for (Color c : {WHITE, BLACK}) {
      const OracleStats& s = sum.side[c];
      std::printf("  %-10s %14llu %14llu %14llu %14llu %12d %16llu\n", c == WHITE ? "White" : "Black",
                  static_cast<unsigned long long>(s.legal), static_cast<unsigned long long>(s.wins),
                  static_cast<unsigned long long>(s.draws), static_cast<unsigned long long>(s.losses), s.longest_win,
                  static_cast<unsigned long long>(s.one_winning_move));
    }
    for (Color c : {WHITE, BLACK})
      std::printf("  longest win, %s to move: %s\n", c == WHITE ? "White" : "Black",
                  to_fen(table.index().position(sum.side[c].longest_win_index)).c_str());
    std::printf("  mutual zugzwangs (lost with either side to move): %llu\n",
                static_cast<unsigned long long>(sum.mutual_zugzwangs));
  }
  return 0;
}

// The paper's coverage of the legal state space for each level (§3.2-3.6).
const char* paper_coverage(int level) {
  static const char* figures[] = {"", "~18%", "~16%", "~18%", "~12%", "<0.1%"};
  return level >= 1 && level <= 5 ? figures[level] : "";
}

int verify(const std::string& data_dir, const std::string& libraries_dir, const std::string& layout_name_arg, int level,
           SchemaMode mode, std::uint32_t step) {
  const ChunkLibraries libraries(libraries_dir);
  // Everything the search consults at this level: the exact recognizers, then the schemas.
  const auto consulted = make_level(level, mode, libraries);
  const std::size_t recognizers = consulted.size() - make_schemas(level, mode, libraries).size();
  std::vector<const Classifier*> classifiers;
  for (const auto& c : consulted) classifiers.push_back(c.get());
  const bool terminal = isatty(STDERR_FILENO);
  bool wrong = false;
  for (Layout layout : layouts_of(layout_name_arg)) {
    const OracleTable table = load_oracle(data_dir, layout, TableRead::Whole);
    const auto start = std::chrono::steady_clock::now();
    const VerifyReport report =
        verify_classifiers(table, classifiers, step, 2, [&](std::uint32_t done, std::uint32_t total) {
          if (terminal)
            std::fprintf(stderr, "\roracle verify %s: %5.1f%%", layout_name(layout).c_str(), 100.0 * done / total);
        });
    if (terminal) std::fprintf(stderr, "\r%40s\r", "");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("oracle verify %s, schemas %s: %llu legal positions%s, %.0f s\n", layout_name(layout).c_str(),
                mode_name(mode).c_str(), static_cast<unsigned long long>(report.legal),
                step > 1 ? (" (every " + std::to_string(step) + "th pawn configuration)").c_str() : "", seconds);
    std::printf("  %-28s %12s %9s %7s %12s %12s\n", "schema", "classified", "coverage", "paper", "agree", "disagree");
    auto percent = [&](std::uint64_t n) {
      return 100.0 * double(n) / double(std::max<std::uint64_t>(report.legal, 1));
    };
    for (std::size_t s = 0; s < report.checks.size(); ++s) {
      const ClassifierCheck& c = report.checks[s];
      std::printf("  %-28s %12llu %8.2f%% %7s %12llu %12llu\n", c.name.c_str(),
                  static_cast<unsigned long long>(c.classified), percent(c.classified),
                  s < recognizers ? "" : paper_coverage(int(s - recognizers) + 1),
                  static_cast<unsigned long long>(c.agreements), static_cast<unsigned long long>(c.disagreements));
    }
    std::printf("  %-28s %12llu %8.2f%%\n", ("any of them (level " + std::to_string(level) + ")").c_str(),
                static_cast<unsigned long long>(report.classified_by_any), percent(report.classified_by_any));
    for (const ClassifierCheck& c : report.checks) {
      if (c.first_wrong.empty()) continue;
      wrong = true;
      std::printf("  first disagreements of %s:\n", c.name.c_str());
      for (const std::string& fen : c.first_wrong) std::printf("    %s\n", fen.c_str());
    }
  }
  // In sound mode a disagreement is a bug; in paper mode, a finding.
  return wrong && mode == SchemaMode::Sound ? 1 : 0;
}

po::options_description oracle_options(std::string& action, std::string& fen, std::string& layout) {
  po::options_description options("oracle options");
  options.add_options()("action", po::value<std::string>(&action)->required(),
                        "build, probe, stats, verify, verify-file or depth")(
      "fen", po::value<std::string>(&fen), "the position to probe (depth: whose knowledge line to follow)")(
      "layout", po::value<std::string>(&layout)->default_value("all"), "abc-fgh, abc-efg or all")(
      "json", "probe: print JSON")("epd", po::value<std::string>(),
                                   "probe: every position of this EPD file, one line each (without FEN or --epd: "
                                   "FENs on standard input)")(
      "check-twins",
      "build, depth: solve the twin configs of a-c vs f-h as well and check them against the stored ones")(
      "level", po::value<std::string>()->default_value(std::to_string(MAX_LEVEL)),
      "verify: what a search at level N consults (the KPK and K3CPPvK libraries and the schemas of levels 1..N); "
      "depth: a level N or a range A-B (0: the rules alone)")(
      "config-step", po::value<long long>()->default_value(1),
      "verify: check every Nth pawn configuration only (1: every position)")(
      "save", "depth: save each depth table beside the oracle (data/depth-LAYOUT-LN-SCHEMAS.tbl)")(
      "csv", "depth: print the histograms as CSV")(
      "sample", po::value<long long>(),
      "depth: print this many random wins and losses from the saved tables as EPD (see --min-depth)")(
      "min-depth", po::value<int>()->default_value(10), "depth --sample: the least knowledge depth drawn")(
      "plot", po::value<std::string>(), "depth: draw the curves of the levels built into this SVG file");
  add_data_option(options, "where the tables live");
  add_schemas_option(options, true);
  add_libraries_option(options);
  return options;
}

// `oracle depth`: the tables' report, a probe's knowledge line, or a sample.
int depth_action(const po::variables_map& vm, const std::string& data_dir, const std::string& layout,
                 const std::string& fen) {
  const auto [first_level, last_level] = level_range("level", vm["level"].as<std::string>(), MAX_LEVEL);
  DepthRequest request{data_dir,
                       vm["libraries"].as<std::string>(),
                       layouts_of(layout),
                       first_level,
                       last_level,
                       {},
                       vm.count("save") > 0,
                       vm.count("csv") > 0,
                       vm.count("plot") ? vm["plot"].as<std::string>() : "",
                       vm.count("check-twins") > 0};
  request.modes = schema_modes(vm, true);
  if (vm.count("sample")) {
    if (!fen.empty()) throw InputError("--sample draws positions: give no FEN");
    return depth_sample(request, std::size_t(checked<long long>(vm, "sample", 1, 1'000'000)),
                        checked<int>(vm, "min-depth", 0, KnowledgeRules::MAX_DEPTH));
  }
  if (fen.empty()) return depth_report(request);
  if (request.modes.size() > 1) throw InputError("a probe follows one mode's knowledge line: --schemas sound or paper");
  return depth_probe(request, fen);
}

}  // namespace

int oracle_command(const Args& args) {
  std::string action, fen, layout = "all";
  po::options_description options = oracle_options(action, fen, layout);
  po::positional_options_description positional;
  positional.add("action", 1).add("fen", 1);
  po::variables_map vm;
  if (!parse_args(
          args,
          "usage: chunker oracle build [--layout abc-fgh|abc-efg|all] [--check-twins]\n"
          "       chunker oracle probe FEN|--epd FILE [--json]   (no FEN: FENs on standard input)\n"
          "       chunker oracle verify-file [--layout L]\n"
          "       chunker oracle stats [--layout L]\n"
          "       chunker oracle verify [--layout L] [--level N] [--schemas paper|sound]\n"
          "       chunker oracle depth [--layout L] [--level N|A-B] [--schemas sound|paper|both] [--save] [--csv]\n"
          "                            [--plot FILE.svg] [--check-twins]\n"
          "       chunker oracle depth FEN [--level N] [--schemas sound|paper]\n"
          "       chunker oracle depth --sample N [--min-depth D] [--layout L] [--level N]",
          options, positional, vm))
    return 0;
  const std::string data_dir = vm["data"].as<std::string>();
  if (action == "build") return build(data_dir, layout, vm.count("check-twins") > 0);
  if (action == "probe") {
    if (vm.count("epd")) return probe_batch(data_dir, vm["epd"].as<std::string>(), vm.count("json") > 0);
    if (!fen.empty()) return probe(data_dir, fen, vm.count("json") > 0);
    if (isatty(STDIN_FILENO)) throw InputError("probe needs a FEN, --epd FILE or FENs on standard input");
    return probe_batch(data_dir, "", vm.count("json") > 0);
  }
  if (action == "verify-file") return verify_file(data_dir, layout);
  if (action == "stats") return stats(data_dir, layout);
  if (action == "verify") {
    const auto [first_level, last_level] = level_range("level", vm["level"].as<std::string>(), MAX_LEVEL);
    if (first_level != last_level || first_level < 1)
      throw InputError("verify: --level must be one level from 1 to " + std::to_string(MAX_LEVEL));
    return verify(data_dir, vm["libraries"].as<std::string>(), layout, last_level, schema_mode(vm),
                  std::uint32_t(checked<long long>(vm, "config-step", 1, CONFIG_NB)));
  }
  if (action == "depth") return depth_action(vm, data_dir, layout, fen);
  throw InputError("unknown oracle action '" + action + "' (build, probe, stats, verify, verify-file or depth)");
}

}  // namespace chunker::cli
