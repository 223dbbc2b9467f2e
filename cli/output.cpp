#include "cli/output.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "engine/notation.h"
#include "engine/peasant/eval.h"
#include "play/answer_json.h"

namespace chunker::cli {

namespace {

std::string stop_word(StopReason s) {
  switch (s) {
    case StopReason::Proven:
      return "proven";
    case StopReason::PlyLimit:
      return "ply limit";
    case StopReason::NodeLimit:
      return "node limit";
    case StopReason::Stopped:
      return "stop";
  }
  return "";
}

std::string winner(const Position& root, Value v) {
  if (!is_decisive(v)) return "draw";
  Color c = is_win(v) ? root.side : ~root.side;
  return c == WHITE ? "White wins" : "Black wins";
}

// Where a Peasant score that is not a game value comes from.
std::string score_source(Value v) { return is_known_result(v) ? "knowledge" : "evaluator"; }

Json json_line(const Position& root, const std::vector<Move>& line) {
  Json out = Json::array();
  Position pos = root;
  for (Move m : line) {
    out.push_back(san(pos, m));
    pos = make_move(pos, m);
  }
  return out;
}

std::string time_line(double seconds) {
  char line[48];
  std::snprintf(line, sizeof line, "time       %.3f s\n", seconds);
  return line;
}

// The share of terminal nodes each source decided, as the paper lists them.
std::string terminals_line(const SearchResult& r) {
  std::vector<std::pair<std::string, std::uint64_t>> sources = {{"rules", r.rule_terminals},
                                                                {"hash table", r.hash_terminals}};
  if (r.hint_terminals) sources.emplace_back("held by a hint", r.hint_terminals);
  for (std::size_t i = 0; i < r.classifier_terminals.size(); ++i)
    sources.emplace_back(r.classifier_names[i], r.classifier_terminals[i]);
  std::uint64_t total = 0;
  for (const auto& s : sources) total += s.second;
  std::string text;
  for (const auto& [name, count] : sources) {
    char share[32];
    std::snprintf(share, sizeof share, "%.1f%%", total ? 100.0 * double(count) / double(total) : 0.0);
    text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count) + " (" + share + ")";
  }
  return text;
}

}  // namespace

std::string value_with_distance(Value v) {
  return is_decisive(v) ? value_word(v) + " in " + std::to_string(distance_of(v)) : "draw";
}

namespace {

// The search's own lines: where it did not decide, how far it got, then its counts.
void search_text(std::ostringstream& out, const Position& root, const SearchResult& r, int fullmove, bool decided) {
  if (!decided) {
    if (r.kind == SearchKind::ProofNumber) {
      out << "value      unproven: the proof-number search stopped (" << stop_word(r.stop)
          << ") before it proved or disproved a win for either side\n";
    } else if (r.completed_ply == 0) {
      out << "value      unknown: the node limit ended the first iteration\n";
    } else {
      out << "value      unproven: neither side wins within " << r.completed_ply
          << " plies (search scores it a draw)\n";
    }
    if (!r.best.is_none()) out << "best move  " << san(root, r.best) << "\n";
    if (!r.pv.empty()) out << "line       " << san_line(root, r.pv, fullmove) << "\n";
  }
  out << "nodes      " << r.nodes << "\n";
  out << "terminals  " << terminals_line(r) << "\n";
  if (r.kind == SearchKind::ProofNumber)
    out << "ply        " << (r.proof_tree ? std::to_string(r.exact_ply) : "----")
        << " (the proof tree's depth; its positions: " << r.proof_positions << ", stopped by: " << stop_word(r.stop)
        << ")\n";
  else
    out << "ply        " << (r.proof == Proof::Search ? std::to_string(r.exact_ply) : "----")
        << " (last iteration completed: " << r.completed_ply << ", stopped by: " << stop_word(r.stop)
        << (r.proof_tree ? "; its proof's positions: " + std::to_string(r.proof_positions) : "") << ")\n";
}

// The answer's own lines: its value and where it came from, the distance,
// the best move, the line and every move's value where the source gave them.
void answer_text(std::ostringstream& out, const Position& root, const Answer& a, int fullmove) {
  const std::string who = is_decisive(a.value) ? " (" + winner(root, a.value) + ")" : "";
  out << "value      " << value_word(a.value) << " for the side to move" << who << ", proven by the "
      << source_name(a.source) << "\n";
  out << "source     " << origin_words(a) << "\n";
  if (is_decisive(a.value))
    out << "distance   "
        << (a.distance_known ? std::to_string(distance_of(a.value)) + " plies"
            : a.search && !a.search->proven
                ? "at most " + std::to_string(distance_of(a.value)) + " plies, not yet shown exact"
            : a.search && a.search->kind == SearchKind::ProofNumber
                ? "not known: a proof-number search proves the value only"
                : "not known: the schemas decided it")
        << "\n";
  if (const Move best = a.best(); !best.is_none()) out << "best move  " << san(root, best) << "\n";
  if (!a.line.empty())
    out << "line       " << san_line(root, a.line, fullmove)
        << (a.search && a.search->proof == Proof::ProofNumber && a.source == Source::Search
                ? " (the proof's, to a position the rules or a schema decide)"
                : "")
        << "\n";
  if (a.moves.size() > 1 || (a.moves.size() == 1 && a.source != Source::Search)) {
    std::string moves;
    for (const MoveValue& m : a.moves)
      moves += (moves.empty() ? "" : ", ") + san(root, m.move) + " " + value_with_distance(m.value);
    out << "moves      " << moves << "\n";
  }
  if (a.exact) {
    const ExactFigures& x = *a.exact;
    char line[256];
    std::snprintf(line, sizeof line, "exact      %llu positions of %llu pawn structures",
                  static_cast<unsigned long long>(x.positions), static_cast<unsigned long long>(x.structures));
    out << line;
    if (a.source == Source::ExactSolve) {
      std::snprintf(line, sizeof line, " (%llu from the oracle), %.3f s, peak memory %.0f MB",
                    static_cast<unsigned long long>(x.from_oracle), x.seconds, x.peak_megabytes);
      out << line;
    }
    out << "\n";
  }
}

}  // namespace

std::string origin_words(const Answer& a) {
  const Origin& o = a.origin;
  std::string words;
  switch (a.source) {
    case Source::Oracle:
      words = "the oracle's " + (o.layout ? layout_name(*o.layout) : std::string("")) + " table";
      break;
    case Source::ExactTable:
      words = "the exact table of " + o.table_root + (o.file.empty() ? ", solved earlier" : ", read from " + o.file);
      break;
    case Source::ExactSolve:
      words = "solved now";
      for (const OracleUse& use : o.oracles)
        words += "; oracle " + layout_name(use.layout) + (use.problem.empty() ? "" : " not used (" + use.problem + ")");
      if (!o.cached_in.empty()) words += "; cached in " + o.cached_in;
      if (!o.not_saved.empty()) words += "; not saved: " + o.not_saved;
      if (!o.saved_to.empty()) words += "; saved to " + o.saved_to;
      break;
    case Source::Search:
      words = a.search && a.search->proof == Proof::ProofNumber ? "proof-number search" : "alpha-beta search";
      break;
    case Source::Evaluation:
      words = o.evaluator_problem.empty() ? "the chunk evaluation"
                                          : "Peasant's evaluator (no chunk libraries: " + o.evaluator_problem + ")";
      break;
  }
  if (!o.guide_problem.empty()) words += "; the hand-made guide steered (" + o.guide_problem + ")";
  return o.repetitions ? words + ", with the game's repetitions" : words;
}

std::string refusal_words(const ExactRefusal& r) {
  constexpr double MB = 1024.0 * 1024.0;
  char line[256];
  const char* more = r.counted ? "" : "more than ";
  switch (r.reason) {
    case ExactRefusal::Reason::NoBudget:
      return "not tried (--memory 0)";
    case ExactRefusal::Reason::OverClock:
      std::snprintf(line, sizeof line, "not tried: %s%.3g positions reachable, over the %.1f s the clock allows", more,
                    double(r.positions), r.seconds);
      return line;
    case ExactRefusal::Reason::OverMemory:
      std::snprintf(line, sizeof line,
                    "not tried: %s%.3g positions reachable (%s%llu pawn structures x %u), %.0f MB; --memory is %.0f MB",
                    more, double(r.positions), more, static_cast<unsigned long long>(r.structures), king_slice::SIZE,
                    double(r.bytes) / MB, double(r.budget) / MB);
      return line;
  }
  return {};
}

std::string solve_text(const Position& root, const Answer& a, int fullmove) {
  std::ostringstream out;
  out << "position   " << to_fen(root, 0, fullmove) << "\n";
  if (a.proven) answer_text(out, root, a, fullmove);
  if (a.search) search_text(out, root, *a.search, fullmove, a.proven);
  if (!a.proven && a.source == Source::Evaluation && a.search)
    out << "evaluation " << std::showpos << a.value << std::noshowpos
        << " for the side to move (a score, not a proof)\n";
  if (a.exact_refusal) out << "exact      " << refusal_words(*a.exact_refusal) << "\n";
  out << time_line(a.seconds);
  return out.str();
}

std::string solve_json(const Position& root, const Answer& a, int fullmove) {
  const SearchResult none;
  const SearchResult& r = a.search ? *a.search : none;
  const Move best = a.best();
  const bool searched_only = !a.proven && a.search;
  const bool decisive_known = searched_only && is_decisive(r.value) && r.completed_ply > 0;
  const bool valued =
      a.proven || decisive_known || (searched_only && r.completed_ply > 0 && r.kind == SearchKind::AlphaBeta);
  Json out = {{"fen", to_fen(root, 0, fullmove)},
              {"source", source_name(a.source)},
              {"origin", a.proven ? origin_json(a, true) : Json(nullptr)},
              {"value", valued ? Json(value_word(a.proven ? a.value : r.value)) : Json(nullptr)},
              {"proven", a.proven || decisive_known},
              {"distance", a.proven ? distance_json(a.value, a.distance_known) : Json(nullptr)},
              {"distance_exact", a.proven && a.distance_known},
              {"search", !a.search ? Json(nullptr) : Json(r.kind == SearchKind::ProofNumber ? "pn" : "ab")}};
  out["proof"] = !a.proven                       ? Json(nullptr)
                 : a.source == Source::Oracle    ? Json("oracle")
                 : a.source != Source::Search    ? Json("exact")
                 : r.proof == Proof::ProofNumber ? Json("proof-number")
                                                 : Json("search");
  out["best"] = best.is_none() ? Json(nullptr) : Json(san(root, best));
  out["best_uci"] = best.is_none() ? Json(nullptr) : Json(uci(best));
  out["pv"] = json_line(root, a.proven ? a.line : r.pv);
  out["moves"] = moves_json(root, a.moves, a.distance_known);
  Json exact = {{"answered", a.exact.has_value()}};
  if (a.exact) {
    exact["positions"] = a.exact->positions;
    exact["structures"] = a.exact->structures;
    exact["from_oracle"] = a.exact->from_oracle;
    exact["seconds"] = a.exact->seconds;
    exact["peak_mb"] = a.exact->peak_megabytes;
  }
  exact["refused"] = a.exact_refusal ? refusal_json(*a.exact_refusal) : Json(nullptr);
  out["exact"] = std::move(exact);
  out["evaluation"] = !a.proven && a.source == Source::Evaluation && a.search ? Json(a.value) : Json(nullptr);
  out["nodes"] = r.nodes;
  out["ply"] = r.proof != Proof::None ? Json(r.exact_ply) : Json(nullptr);
  out["proof_positions"] = r.kind == SearchKind::ProofNumber || r.proof_tree ? Json(r.proof_positions) : Json(nullptr);
  Json terminals = {{"rules", r.rule_terminals}, {"hash", r.hash_terminals}, {"hint", r.hint_terminals}};
  for (std::size_t i = 0; i < r.classifier_terminals.size(); ++i)
    terminals[r.classifier_names[i]] = r.classifier_terminals[i];
  out["terminals"] = std::move(terminals);
  out["completed_ply"] = r.completed_ply;
  out["stop"] = stop_word(r.stop);
  out["seconds"] = a.seconds;
  return out.dump();
}

std::string peasant_text(const Position& root, const PeasantResult& r, int fullmove) {
  std::ostringstream out;
  out << "position   " << to_fen(root, 0, fullmove) << "\n";
  out << "engine     peasant (Newborn's fixed-depth alpha-beta, with Church's correction)\n";
  if (r.proven && is_decisive(r.value)) {
    out << "value      " << value_word(r.value) << " for the side to move (" << winner(root, r.value)
        << "), proven: a forced safe promotion or mate within the search\n";
    out << "distance   at most " << r.distance << " plies (the line found; best play may end sooner)\n";
  } else if (r.proven) {
    out << "value      draw, proven: the game is over\n";
  } else if (is_known_result(r.value)) {
    out << "value      score " << std::showpos << r.value << std::noshowpos << " for the side to move: heuristic, a "
        << (r.value > 0 ? "win" : "loss")
        << " Peasant's knowledge (rules 2 and 4) or its pruning vouches for, not proven\n";
  } else {
    out << "value      score " << std::showpos << r.value << std::noshowpos
        << " for the side to move: heuristic (Peasant's evaluator), no forced result within " << r.depth << " plies\n";
  }
  if (!r.best.is_none()) out << "best move  " << san(root, r.best) << "\n";
  if (!r.pv.empty()) out << "line       " << san_line(root, r.pv, fullmove) << "\n";
  out << "nodes      " << r.nodes << " (terminal " << r.terminal_nodes << ")\n";
  out << "depth      " << r.depth << " plies\n";
  out << time_line(r.seconds);
  return out.str();
}

std::string peasant_json(const Position& root, const PeasantResult& r, int fullmove) {
  const Json out = {
      {"engine", "peasant"},
      {"fen", to_fen(root, 0, fullmove)},
      {"value", r.proven ? Json(value_word(r.value)) : Json(nullptr)},
      {"proven", r.proven},
      {"score", r.proven ? Json(nullptr) : Json(r.value)},
      {"score_source", r.proven ? Json(nullptr) : Json(score_source(r.value))},
      {"distance", r.proven && is_decisive(r.value) ? Json(r.distance) : Json(nullptr)},
      {"best", r.best.is_none() ? Json(nullptr) : Json(san(root, r.best))},
      {"best_uci", r.best.is_none() ? Json(nullptr) : Json(uci(r.best))},
      {"pv", json_line(root, r.pv)},
      {"nodes", r.nodes},
      {"terminal_nodes", r.terminal_nodes},
      {"depth", r.depth},
      {"seconds", r.seconds},
  };
  return out.dump();
}

}  // namespace chunker::cli
