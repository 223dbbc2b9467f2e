#include "cli/chess_output.h"

#include <cstdio>
#include <sstream>

#include "cli/output.h"
#include "engine/notation.h"

namespace chunker::cli {

namespace {

std::string who_wins(const ChessPosition& root, Value v) {
  if (!is_decisive(v)) return "";
  return (is_win(v) ? root.side : ~root.side) == WHITE ? " (White mates)" : " (Black mates)";
}

Json line_json(ChessPosition pos, const std::vector<ChessMove>& line) {
  Json out = Json::array();
  for (ChessMove m : line) {
    out.push_back(pieces::san(pos, m));
    pos = pieces::make_move(pos, m);
  }
  return out;
}

}  // namespace

std::string chess_solve_text(const ChessPosition& root, const ChessAnswer& a, int fullmove) {
  std::ostringstream out;
  out << "position   " << pieces::to_fen(root, 0, fullmove) << "\n";
  out << "rules      " << CHESS_RULES_WORDS << "\n";
  out << "value      " << value_word(a.value) << " for the side to move" << who_wins(root, a.value)
      << ", proven by the chess-exact solve\n";
  out << "source     " << (a.solved_now ? "solved now" : "the chess table of " + a.table_root + ", solved earlier");
  if (a.batches)
    out << "; past --memory, its slices first solved into the slice store in " << a.batches << " batch"
        << (a.batches == 1 ? "" : "es");
  if (a.from_store) out << "; " << a.from_store << " of its slices read from the slice store";
  if (!a.not_stored.empty()) out << "; not stored: " << a.not_stored;
  out << "\n";
  if (is_decisive(a.value)) out << "distance   " << distance_of(a.value) << " plies to mate\n";
  if (const ChessMove best = a.best(); !best.is_none()) out << "best move  " << pieces::san(root, best) << "\n";
  if (!a.line.empty())
    out << "line       " << pieces::san_line(root, a.line, fullmove)
        << (is_decisive(a.value) ? "" : " (moves that keep the draw)") << "\n";
  std::string moves;
  for (const ChessMoveValue& m : a.moves)
    moves += (moves.empty() ? "" : ", ") + pieces::san(root, m.move) + " " + value_with_distance(m.value);
  if (!moves.empty()) out << "moves      " << moves << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "exact      %llu positions of %llu slice%s",
                static_cast<unsigned long long>(a.figures.positions),
                static_cast<unsigned long long>(a.figures.structures), a.figures.structures == 1 ? "" : "s");
  out << line;
  if (a.solved_now) {
    std::snprintf(line, sizeof line, ", %.3f s, peak memory %.0f MB", a.figures.seconds, a.figures.peak_megabytes);
    out << line;
  }
  out << "\n";
  return out.str();
}

std::string chess_solve_json(const ChessPosition& root, const ChessAnswer& a, int fullmove) {
  const ChessMove best = a.best();
  Json moves = Json::array();
  for (const ChessMoveValue& m : a.moves)
    moves.push_back({{"san", pieces::san(root, m.move)},
                     {"uci", pieces::uci(m.move)},
                     {"value", value_word(m.value)},
                     {"distance", distance_json(m.value)}});
  Json out = {{"fen", pieces::to_fen(root, 0, fullmove)},
              {"rules", "chess"},
              {"source", a.solved_now ? "chess solve" : "chess table"},
              {"table_root", a.table_root},
              {"value", value_word(a.value)},
              {"distance", distance_json(a.value)},
              {"best", best.is_none() ? Json(nullptr) : Json(pieces::san(root, best))},
              {"best_uci", best.is_none() ? Json(nullptr) : Json(pieces::uci(best))},
              {"pv", line_json(root, a.line)},
              {"moves", std::move(moves)},
              {"exact",
               {{"positions", a.figures.positions},
                {"slices", a.figures.structures},
                {"from_store", a.from_store},
                {"batches", a.batches},
                {"seconds", a.solved_now ? Json(a.figures.seconds) : Json(nullptr)},
                {"peak_mb", a.solved_now ? Json(a.figures.peak_megabytes) : Json(nullptr)}}}};
  return out.dump();
}

std::string chess_class_text(const std::string& material, const ClassBuild& b, const std::string& store,
                             double seconds) {
  std::ostringstream out;
  out << "class      " << material << ": " << b.slices << " slice" << (b.slices == 1 ? "" : "s")
      << " with the endings its moves lead to (none past a stored one)\n";
  out << "rules      " << CHESS_RULES_WORDS << "\n";
  out << "store      " << store << " (" << b.found << " already there)\n";
  char line[256];
  std::snprintf(line, sizeof line, "solved     %llu slice%s, %llu positions, in %llu batch%s, %.1f s\n",
                static_cast<unsigned long long>(b.solved), b.solved == 1 ? "" : "s",
                static_cast<unsigned long long>(b.solved_positions), static_cast<unsigned long long>(b.batches),
                b.batches == 1 ? "" : "es", seconds);
  out << line;
  return out.str();
}

std::string chess_class_json(const std::string& material, const ClassBuild& b, double seconds) {
  return Json{{"class", material},    {"rules", "chess"},   {"slices", b.slices},
              {"found", b.found},     {"solved", b.solved}, {"solved_positions", b.solved_positions},
              {"batches", b.batches}, {"seconds", seconds}}
      .dump();
}

std::string chess_refusal_words(const ExactRefusal& r) {
  constexpr double MB = 1024.0 * 1024.0;
  if (r.reason == ExactRefusal::Reason::NoBudget) return "not tried (--memory 0)";
  char line[256];
  // Counting stops far past the budget: then the slices are not all known.
  if (r.counted)
    std::snprintf(line, sizeof line, "not tried: %.3g positions reachable in %llu slices, %.0f MB; --memory is %.0f MB",
                  double(r.positions), static_cast<unsigned long long>(r.structures), double(r.bytes) / MB,
                  double(r.budget) / MB);
  else
    std::snprintf(line, sizeof line, "not tried: more than %.3g positions reachable, %.0f MB; --memory is %.0f MB",
                  double(r.positions), double(r.bytes) / MB, double(r.budget) / MB);
  return line;
}

std::string chess_refusal_json(const ChessPosition& root, const ExactRefusal& r) {
  Json refused = refusal_json(r);
  return Json{{"fen", pieces::to_fen(root)}, {"rules", "chess"}, {"value", nullptr}, {"refused", std::move(refused)}}
      .dump();
}

}  // namespace chunker::cli
