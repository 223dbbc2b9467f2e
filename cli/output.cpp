#include "output.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "notation.h"
#include "peasant/eval.h"

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

std::string json_line(const Position& root, const std::vector<Move>& line) {
  std::string out = "[";
  Position pos = root;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (i) out += ",";
    out += json_string(san(pos, line[i]));
    pos = make_move(pos, line[i]);
  }
  return out + "]";
}

std::string time_line(double seconds) {
  char line[48];
  std::snprintf(line, sizeof line, "time       %.3f s\n", seconds);
  return line;
}

// The share of terminal nodes each source decided, as the paper lists them.
std::string terminal_shares(const SearchResult& r) {
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

namespace {

// "win in 23", "draw", "loss in 8": a value for the side to move.
std::string value_with_distance(Value v) {
  return is_decisive(v) ? value_word(v) + " in " + std::to_string(distance_of(v)) : "draw";
}

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
  out << "terminals  " << terminal_shares(r) << "\n";
  if (r.kind == SearchKind::ProofNumber)
    out << "ply        " << (r.proof_tree ? std::to_string(r.exact_ply) : "----")
        << " (the proof tree's depth; its positions: " << r.proof_positions << ", stopped by: " << stop_word(r.stop)
        << ")\n";
  else
    out << "ply        " << (r.proof == Proof::Search ? std::to_string(r.exact_ply) : "----")
        << " (last iteration completed: " << r.completed_ply << ", stopped by: " << stop_word(r.stop) << ")\n";
}

// The answer's own lines: its value and where it came from, the distance,
// the best move, the line and every move's value where the source gave them.
void answer_text(std::ostringstream& out, const Position& root, const Answer& a, int fullmove) {
  const std::string who = is_decisive(a.value) ? " (" + winner(root, a.value) + ")" : "";
  out << "value      " << value_word(a.value) << " for the side to move" << who << ", proven by the "
      << source_name(a.source) << "\n";
  out << "source     " << a.detail << "\n";
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

std::string solve_text(const Position& root, const Answer& a, int fullmove) {
  std::ostringstream out;
  out << "position   " << to_fen(root, 0, fullmove) << "\n";
  if (a.proven) answer_text(out, root, a, fullmove);
  if (a.search) search_text(out, root, *a.search, fullmove, a.proven);
  if (!a.proven && a.source == Source::Evaluation && a.search)
    out << "evaluation " << std::showpos << a.value << std::noshowpos
        << " for the side to move (a score, not a proof)\n";
  if (!a.exact_note.empty()) out << "exact      " << a.exact_note << "\n";
  out << time_line(a.seconds);
  return out.str();
}

std::string solve_json(const Position& root, const Answer& a, int fullmove) {
  std::ostringstream out;
  const SearchResult none;
  const SearchResult& r = a.search ? *a.search : none;
  const Move best = a.best();
  out << "{\"fen\":" << json_string(to_fen(root, 0, fullmove));
  out << ",\"source\":" << json_string(source_name(a.source)) << ",\"detail\":" << json_string(a.detail);
  const bool searched_only = !a.proven && a.search;
  const bool decisive_known = searched_only && is_decisive(r.value) && r.completed_ply > 0;
  out << ",\"value\":"
      << (a.proven || decisive_known ? json_string(value_word(a.proven ? a.value : r.value))
          : searched_only && r.completed_ply > 0 && r.kind == SearchKind::AlphaBeta ? json_string(value_word(r.value))
                                                                                    : "null");
  out << ",\"proven\":" << (a.proven || decisive_known ? "true" : "false");
  out << ",\"distance\":"
      << (a.proven && is_decisive(a.value) && a.distance_known ? std::to_string(distance_of(a.value)) : "null");
  out << ",\"distance_exact\":" << (a.proven && a.distance_known ? "true" : "false");
  out << ",\"search\":" << (!a.search ? "null" : r.kind == SearchKind::ProofNumber ? "\"pn\"" : "\"ab\"");
  out << ",\"proof\":"
      << (!a.proven                       ? "null"
          : a.source == Source::Oracle    ? "\"oracle\""
          : a.source != Source::Search    ? "\"exact\""
          : r.proof == Proof::ProofNumber ? "\"proof-number\""
                                          : "\"search\"");
  out << ",\"best\":" << (best.is_none() ? "null" : json_string(san(root, best)));
  out << ",\"best_uci\":" << (best.is_none() ? "null" : json_string(uci(best)));
  out << ",\"pv\":" << json_line(root, a.proven ? a.line : r.pv);
  out << ",\"moves\":[";
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const MoveValue& m = a.moves[i];
    out << (i ? "," : "") << "{\"move\":" << json_string(san(root, m.move)) << ",\"uci\":" << json_string(uci(m.move))
        << ",\"value\":" << (m.proven ? json_string(value_word(m.value)) : "null") << ",\"distance\":"
        << (m.proven && is_decisive(m.value) && a.distance_known ? std::to_string(distance_of(m.value)) : "null")
        << "}";
  }
  out << "]";
  if (a.exact)
    out << ",\"exact\":{\"positions\":" << a.exact->positions << ",\"structures\":" << a.exact->structures
        << ",\"from_oracle\":" << a.exact->from_oracle << ",\"source\":" << json_string(a.detail)
        << ",\"seconds\":" << a.exact->seconds << ",\"peak_mb\":" << a.exact->peak_megabytes << "}";
  else
    out << ",\"exact\":" << (a.exact_note.empty() ? "null" : json_string(a.exact_note));
  if (!a.proven && a.source == Source::Evaluation && a.search) out << ",\"evaluation\":" << a.value;
  out << ",\"nodes\":" << r.nodes << ",\"ply\":" << (r.proof != Proof::None ? std::to_string(r.exact_ply) : "null");
  if (r.kind == SearchKind::ProofNumber) out << ",\"proof_positions\":" << r.proof_positions;
  out << ",\"terminals\":{\"rules\":" << r.rule_terminals << ",\"hash\":" << r.hash_terminals
      << ",\"hint\":" << r.hint_terminals;
  for (std::size_t i = 0; i < r.classifier_terminals.size(); ++i)
    out << "," << json_string(r.classifier_names[i]) << ":" << r.classifier_terminals[i];
  out << "}";
  out << ",\"completed_ply\":" << r.completed_ply << ",\"stop\":" << json_string(stop_word(r.stop));
  out << ",\"seconds\":" << a.seconds << "}";
  return out.str();
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
  std::ostringstream out;
  out << "{\"engine\":\"peasant\",\"fen\":" << json_string(to_fen(root, 0, fullmove));
  out << ",\"value\":" << (r.proven ? json_string(value_word(r.value)) : "null");
  out << ",\"proven\":" << (r.proven ? "true" : "false");
  out << ",\"score\":" << (r.proven ? "null" : std::to_string(r.value));
  out << ",\"score_source\":" << (r.proven ? "null" : json_string(score_source(r.value)));
  out << ",\"distance\":" << (r.proven && is_decisive(r.value) ? std::to_string(r.distance) : "null");
  out << ",\"best\":" << (r.best.is_none() ? "null" : json_string(san(root, r.best)));
  out << ",\"best_uci\":" << (r.best.is_none() ? "null" : json_string(uci(r.best)));
  out << ",\"pv\":" << json_line(root, r.pv);
  out << ",\"nodes\":" << r.nodes << ",\"terminal_nodes\":" << r.terminal_nodes << ",\"depth\":" << r.depth;
  out << ",\"seconds\":" << r.seconds << "}";
  return out.str();
}

}  // namespace chunker::cli
