#include "uci/search_info.h"

#include <algorithm>
#include <cstdio>

#include "engine/classifier.h"
#include "engine/notation.h"

namespace chunker {

std::string score_text(Value v, bool proven) {
  if (proven && is_decisive(v) && distance_of(v) < UNKNOWN_DISTANCE) {
    const int moves = (distance_of(v) + 1) / 2;
    return "mate " + std::to_string(is_win(v) ? moves : -moves);
  }
  if (proven && is_decisive(v)) return "cp " + std::to_string(is_win(v) ? PROVEN_CP : -PROVEN_CP);
  return "cp " + std::to_string(proven ? 0 : v * CENTIPAWNS_PER_UNIT);
}

std::string info_line(int depth, const std::string& score, std::uint64_t nodes,
                      std::chrono::steady_clock::time_point start, Move best) {
  const long long ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  std::string line = "info depth " + std::to_string(depth) + " score " + score + " nodes " + std::to_string(nodes) +
                     " time " + std::to_string(ms) + " nps " +
                     std::to_string(nodes * 1000 / std::uint64_t(std::max(1LL, ms)));
  if (!best.is_none()) line += " pv " + uci(best);
  return line;
}

namespace {

// Why a solve did not run, in the GUI's terms (its option ExactMemory).
std::string refusal_words(const ExactRefusal& r) {
  char line[192];
  const char* more = r.counted ? "" : "more than ";
  switch (r.reason) {
    case ExactRefusal::Reason::NoBudget:
      return "not tried: ExactMemory is 0";
    case ExactRefusal::Reason::OverClock:
      std::snprintf(line, sizeof line, "not tried: %s%.3g positions reachable, more than the clock allows", more,
                    double(r.positions));
      return line;
    case ExactRefusal::Reason::OverMemory:
      std::snprintf(line, sizeof line, "not tried: %s%.3g positions reachable, over ExactMemory (%.0f MB)", more,
                    double(r.positions), double(r.budget) / (1024.0 * 1024.0));
      return line;
  }
  return {};
}

// Why a solve gave no table: its refusal, or its failure.
std::string unsolved_words(const GameNote& note) {
  return note.refusal ? refusal_words(*note.refusal) : "failed: " + note.why;
}

}  // namespace

std::string source_words(Source source, const Origin& origin) {
  if (source == Source::Oracle && origin.layout) return "the oracle's " + layout_name(*origin.layout) + " table";
  if (source == Source::ExactTable) return "the exact table of " + origin.table_root;
  return "an exact solve";
}

std::string note_words(const GameNote& note) {
  const std::string move = uci(note.move), instead = uci(note.instead);
  switch (note.kind) {
    case GameNote::Kind::CarefulWin:
      return move + " wins too, and the opponent cannot force a promotion in answer to ours (after " + instead +
             " it can)";
    case GameNote::Kind::CarefulDraw:
      return move + " wins too, and the opponent's answering promotion only draws (after " + instead +
             " the careful rules score it lost)";
    case GameNote::Kind::EnginePrefers:
      return move + " keeps Chunker's result too, and the chess engine prefers it to " + instead +
             " for the chess on the board";
    case GameNote::Kind::CheckingPromotion:
      return "after " + instead + " a promotion with check leaves no reply chess allows that wins: " + move +
             " still wins";
    case GameNote::Kind::PromotionLosesChess:
      return "the promotion " + instead + " wins Chunker's game but loses the chess after it: " + move + " still wins";
    case GameNote::Kind::CarefulSolved: {
      char line[160];
      std::snprintf(line, sizeof line, "careful solve: %.3g positions in %.1f s", note.positions, note.seconds);
      return line;
    }
    case GameNote::Kind::CarefulNotSolved:
      return "careful solve " + unsolved_words(note);
    case GameNote::Kind::ExactSolveRefused:
      return "exact solve " + unsolved_words(note);
    case GameNote::Kind::LibrariesMissing:
      return note.why + "; searching at level 0 with Peasant's evaluation";
  }
  return {};
}

}  // namespace chunker
