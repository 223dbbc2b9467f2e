#include "cli/oracle_depth.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "chunks/table_file.h"
#include "cli/depth_plot.h"
#include "cli/output.h"
#include "engine/notation.h"
#include "libgen/depth_build.h"

namespace chunker::cli {

namespace {

// The paper's Level-5 search of its position 547, and a second mark.
constexpr int PAPER_PLIES = 18;
constexpr int WIDER_PLIES = 24;

using Seconds = std::chrono::duration<double>;

std::string depth_word(Value v) {
  if (is_win(v)) return "win " + std::to_string(distance_of(v));
  if (is_loss(v)) return "loss " + std::to_string(distance_of(v));
  return "draw";
}

// A level's classifiers, kept alive with the libraries they read.
struct Knowledge {
  std::vector<std::unique_ptr<Classifier>> owned;
  std::vector<const Classifier*> classifiers;
  Knowledge(int level, SchemaMode mode, const ChunkLibraries& libraries) : owned(make_level(level, mode, libraries)) {
    for (const auto& c : owned) classifiers.push_back(c.get());
  }
};

DepthTable build_with_progress(Layout layout, int level, SchemaMode mode, const Knowledge& knowledge,
                               std::uint64_t* twin_mismatches = nullptr) {
  const bool terminal = isatty(STDERR_FILENO);
  const std::string what =
      "knowledge depth " + layout_name(layout) + " level " + std::to_string(level) + " " + knowledge_name(level, mode);
  DepthTable table = build_depth(
      layout, knowledge.classifiers,
      [&](std::uint32_t done, std::uint32_t total) {
        if (terminal) std::fprintf(stderr, "\r%s: %5.1f%% of %u slices", what.c_str(), 100.0 * done / total, total);
      },
      twin_mismatches);
  if (terminal) std::fprintf(stderr, "\r%70s\r", "");
  return table;
}

void print_summary(Layout layout, int level, SchemaMode mode, const DepthTable& table, const DepthSummary& sum,
                   double seconds) {
  std::printf("knowledge depth %s, level %d, %s: %llu legal positions, built in %.1f s\n", layout_name(layout).c_str(),
              level, knowledge_name(level, mode).c_str(),
              static_cast<unsigned long long>(sum.side[WHITE].legal + sum.side[BLACK].legal), seconds);
  std::printf("  %-9s %12s %12s %12s %8s  %s\n", "to move", "decisive", "depth <= 18", "depth <= 24", "deepest",
              "a deepest position");
  for (Color c : {WHITE, BLACK}) {
    const DepthHistogram& h = sum.side[c];
    auto share = [&](int d) {
      return 100.0 * double(h.decisive_within(d)) / double(std::max<std::uint64_t>(h.decisive(), 1));
    };
    std::printf("  %-9s %12llu %11.2f%% %11.2f%% %8d  %s\n", colour_name(c),
                static_cast<unsigned long long>(h.decisive()), share(PAPER_PLIES), share(WIDER_PLIES), h.deepest,
                h.deepest >= 0 ? to_fen(table.index().position(h.deepest_index)).c_str() : "-");
  }
  std::printf("  values changed from the oracle's: %llu%s\n", static_cast<unsigned long long>(sum.changed),
              sum.changed == 0            ? ""
              : mode == SchemaMode::Paper ? " (places where the published rules mislead a search)"
                                          : " (A SOUND SCHEMA IS WRONG)");
  for (std::uint64_t i : sum.first_changed) std::printf("    %s\n", to_fen(table.index().position(i)).c_str());
  std::printf("  %5s %14s %14s %14s %14s\n", "depth", "White wins", "White losses", "Black wins", "Black losses");
  const int deepest = std::max(sum.side[WHITE].deepest, sum.side[BLACK].deepest);
  for (int d = 0; d <= deepest; ++d)
    std::printf("  %5d %14llu %14llu %14llu %14llu\n", d, static_cast<unsigned long long>(sum.side[WHITE].wins[d]),
                static_cast<unsigned long long>(sum.side[WHITE].losses[d]),
                static_cast<unsigned long long>(sum.side[BLACK].wins[d]),
                static_cast<unsigned long long>(sum.side[BLACK].losses[d]));
}

void print_csv(Layout layout, int level, SchemaMode mode, const DepthSummary& sum) {
  for (Color c : {WHITE, BLACK}) {
    const DepthHistogram& h = sum.side[c];
    for (int d = 0; d <= h.deepest; ++d)
      for (bool win : {true, false})
        std::printf("%s,%d,%s,%s,%s,%d,%llu\n", layout_name(layout).c_str(), level, knowledge_name(level, mode).c_str(),
                    c == WHITE ? "white" : "black", win ? "win" : "loss", d,
                    static_cast<unsigned long long>((win ? h.wins : h.losses)[d]));
  }
}

}  // namespace

int depth_report(const DepthRequest& request) {
  const ChunkLibraries libraries(request.libraries_dir);
  const std::string fingerprint = knowledge_fingerprint(request.libraries_dir);
  if (request.csv) std::printf("layout,level,schemas,to_move,result,depth,positions\n");
  std::vector<DepthCurve> curves;
  bool sound_changed = false, twins_broken = false;
  for (Layout layout : request.layouts) {
    const OracleTable oracle = load_oracle(request.data_dir, layout, TableRead::Whole);
    for (int level = request.first_level; level <= request.last_level; ++level)
      for (SchemaMode mode : request.modes) {
        if (level == 0 && mode != request.modes.front()) continue;  // one table serves both modes
        const Knowledge knowledge(level, mode, libraries);
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t mismatches = 0;
        const DepthTable table =
            build_with_progress(layout, level, mode, knowledge, request.check_twins ? &mismatches : nullptr);
        const double seconds = Seconds(std::chrono::steady_clock::now() - start).count();
        if (request.save) save_depth(table, level, knowledge_name(level, mode), fingerprint, request.data_dir);
        const DepthSummary sum = summarize_depth(table, oracle);
        sound_changed |= mode == SchemaMode::Sound && sum.changed > 0;
        if (request.csv)
          print_csv(layout, level, mode, sum);
        else
          print_summary(layout, level, mode, table, sum, seconds);
        if (request.check_twins && OracleIndex(layout).self_twin()) {
          // The table keeps one config of each twin pair: sound only if every
          // classifier answers a position and its colour-reversed twin alike.
          std::printf("  twin check: %s\n",
                      mismatches ? (std::to_string(mismatches) + " entries differ from their "
                                                                 "colour-reversed twins (SYMMETRY BROKEN)")
                                       .c_str()
                                 : "every twin config solved on its own equals its stored twin");
          twins_broken |= mismatches > 0;
        }
        if (request.save && !request.csv)
          std::printf("  saved to %s\n",
                      depth_path(request.data_dir, layout, level, knowledge_name(level, mode)).c_str());
        if (!request.plot.empty()) {
          // Colour by level, dashes by layout and mode.
          DepthCurve curve{layout_name(layout) + " level " + std::to_string(level) + " " + knowledge_name(level, mode),
                           level,
                           2 * int(layout) + (mode == SchemaMode::Paper ? 1 : 0),
                           {}};
          const std::uint64_t decisive = sum.side[WHITE].decisive() + sum.side[BLACK].decisive();
          for (int d = 0; d <= KnowledgeRules::MAX_DEPTH; ++d) {
            const std::uint64_t within = sum.side[WHITE].decisive_within(d) + sum.side[BLACK].decisive_within(d);
            curve.share_beyond.push_back(double(decisive - within) / double(std::max<std::uint64_t>(decisive, 1)));
            if (within == decisive) break;
          }
          curves.push_back(std::move(curve));
        }
        std::fflush(stdout);
      }
  }
  if (!request.plot.empty()) {
    write_depth_plot(request.plot, curves, PAPER_PLIES);
    if (!request.csv) std::printf("plot written to %s\n", request.plot.c_str());
  }
  return sound_changed || twins_broken ? 1 : 0;
}

int depth_probe(const DepthRequest& request, const std::string& fen) {
  const Position pos = parse_fen(fen).pos;
  const auto slot = locate(pos);
  if (!slot)
    throw InputError(
        "position is outside the oracle's domain (a king and up to three pawns, one per file, on three "
        "adjacent files for each side, the two groups at least one file apart)");
  const Layout layout = slot->layout;
  const ChunkLibraries libraries(request.libraries_dir);
  const std::string fingerprint = knowledge_fingerprint(request.libraries_dir);
  std::printf("position  %s\n", to_fen(pos).c_str());
  const Value truth = load_oracle(request.data_dir, layout).value(slot->view(pos));
  std::printf("oracle    %s%s for the side to move (table %s)\n", value_word(truth).c_str(),
              is_decisive(truth) ? (" in " + std::to_string(distance_of(truth))).c_str() : "",
              layout_name(layout).c_str());

  // The depth at every level in both modes, from the saved tables.
  std::printf("knowledge depth (plies to a position the rules or a level decide; value for the side to move)\n");
  std::printf("  %-7s", "level");
  for (int level = 0; level <= MAX_LEVEL; ++level) std::printf(" %9d", level);
  std::printf("\n");
  std::vector<std::string> missing;
  for (SchemaMode mode : {SchemaMode::Sound, SchemaMode::Paper}) {
    std::printf("  %-7s", mode_name(mode).c_str());
    for (int level = 0; level <= MAX_LEVEL; ++level) {
      const std::string name = knowledge_name(level, mode);
      if (!depth_saved(request.data_dir, layout, level, name, fingerprint)) {
        std::printf(" %9s", "-");
        missing.push_back(std::to_string(level) + " " + name);
        continue;
      }
      std::printf(
          " %9s",
          depth_word(load_depth(request.data_dir, layout, level, name, fingerprint).value(slot->view(pos))).c_str());
      std::fflush(stdout);
    }
    std::printf("\n");
  }
  if (!missing.empty())
    std::printf(
        "  (- not saved, or built with other libraries or schemas; save them with: chunker oracle depth --layout %s "
        "--level "
        "0-%d --schemas both --save)\n",
        layout_name(layout).c_str(), MAX_LEVEL);

  // The knowledge line, from the saved table or one built now.
  const int level = request.last_level;
  const SchemaMode mode = request.modes.front();
  const std::string name = knowledge_name(level, mode);
  const Knowledge knowledge(level, mode, libraries);
  const bool saved = depth_saved(request.data_dir, layout, level, name, fingerprint);
  if (!saved)
    std::fprintf(stderr,
                 "the level %d %s depth table is not saved, or was built with other libraries or schemas: building it "
                 "(a minute or two)\n",
                 level, name.c_str());
  const DepthTable table = saved ? load_depth(request.data_dir, layout, level, name, fingerprint)
                                 : build_with_progress(layout, level, mode, knowledge);
  const auto line = knowledge_line(table, *slot, pos, knowledge.classifiers);
  std::printf("knowledge line, level %d, %s: ", level, name.c_str());
  if (!is_decisive(line.front().value)) {
    std::printf("a draw: no decided position ends it\n");
    return 0;
  }
  std::printf("%s plies to a decided position\n", std::to_string(distance_of(line.front().value)).c_str());
  std::printf("  %4s %-8s %-9s %-46s %s\n", "ply", "move", "value", "position", "decided by");
  std::vector<Move> moves;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const KnowledgeStep& step = line[i];
    std::string move = i ? san(line[i - 1].pos, step.move) : "";
    if (i) moves.push_back(step.move);
    std::printf("  %4zu %-8s %-9s %-46s %s\n", i, move.c_str(), depth_word(step.value).c_str(),
                to_fen(step.pos).c_str(), step.decided_by.c_str());
  }
  std::printf("  line: %s\n", san_line(pos, moves, parse_fen(fen).fullmove).c_str());
  return 0;
}

int depth_sample(const DepthRequest& request, std::size_t count, int min_depth) {
  const std::string fingerprint = knowledge_fingerprint(request.libraries_dir);
  const int level = request.last_level;
  const std::string name = knowledge_name(level, request.modes.front());
  std::vector<Layout> saved;
  for (Layout layout : request.layouts)
    if (depth_saved(request.data_dir, layout, level, name, fingerprint)) saved.push_back(layout);
  if (saved.empty())
    throw InputError("no depth table of level " + std::to_string(level) + " is saved: build one with " +
                     depth_rebuild_command(request.layouts.front(), level, name));
  std::size_t n = 0;
  for (std::size_t k = 0; k < saved.size(); ++k) {
    const DepthTable table = load_depth(request.data_dir, saved[k], level, name, fingerprint);
    const std::size_t share = (count - n) / (saved.size() - k);
    for (std::uint64_t i : sample_deep(table, share, min_depth, 1983 + k)) {
      const Value v = table.value(table.index().position(i));
      std::printf("%s id \"%s-%zu\"; value %s; c1 \"knowledge depth %d\";\n",
                  board_fields(table.index().position(i)).c_str(), layout_name(saved[k]).c_str(), ++n,
                  value_word(v).c_str(), distance_of(v));
    }
  }
  std::fprintf(stderr, "sampled %zu positions of knowledge depth >= %d at level %d from %zu layout(s)\n", n, min_depth,
               level, saved.size());
  return 0;
}

}  // namespace chunker::cli
