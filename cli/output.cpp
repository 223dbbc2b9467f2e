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

}  // namespace

std::string value_word(Value v) { return is_win(v) ? "win" : is_loss(v) ? "loss" : "draw"; }

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += c;
  }
  return out + "\"";
}

namespace {

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

// The search's own lines: its value, best move and line where it decided, then its counts.
void search_text(std::ostringstream& out, const Position& root, const SearchResult& r, int fullmove, bool decided) {
  if (!decided) {
    if (r.proven) {
      std::string who = is_decisive(r.value) ? " (" + winner(root, r.value) + ")" : "";
      out << "value      " << value_word(r.value) << " for the side to move" << who << ", proven by "
          << (r.proof == Proof::ProofNumber ? "proof-number search" : "search") << "\n";
      if (is_decisive(r.value))
        out << "distance   "
            << (r.distance_known                    ? std::to_string(r.distance) + " plies"
                : r.kind == SearchKind::ProofNumber ? "not known: a proof-number search proves the value only"
                                                    : "not known: the schemas decided it")
            << "\n";
    } else if (r.kind == SearchKind::ProofNumber) {
      out << "value      unproven: the proof-number search stopped (" << stop_word(r.stop)
          << ") before it proved or disproved a win for either side\n";
    } else if (r.completed_ply == 0) {
      out << "value      unknown: the node limit ended the first iteration\n";
    } else if (is_decisive(r.value)) {
      out << "value      " << value_word(r.value) << " for the side to move (" << winner(root, r.value)
          << "), proven; distance at most " << distance_of(r.value) << " plies, not yet shown exact\n";
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

void exact_text(std::ostringstream& out, const Position& root, const ExactReport& x, int fullmove) {
  std::string who = is_decisive(x.value) ? " (" + winner(root, x.value) + ")" : "";
  out << "value      " << value_word(x.value) << " for the side to move" << who
      << ", proven exactly by retrograde analysis of every reachable position\n";
  if (is_decisive(x.value)) out << "distance   " << distance_of(x.value) << " plies\n";
  const auto best = std::find_if(x.moves.begin(), x.moves.end(), [&](const auto& mv) { return mv.second == x.value; });
  if (best != x.moves.end()) out << "best move  " << san(root, best->first) << "\n";
  if (!x.line.empty()) out << "line       " << san_line(root, x.line, fullmove) << "\n";
  std::string moves;
  for (const auto& [m, v] : x.moves) moves += (moves.empty() ? "" : ", ") + san(root, m) + " " + value_with_distance(v);
  out << "moves      " << (moves.empty() ? "none" : moves) << "\n";
  char line[256];
  std::snprintf(
      line, sizeof line,
      "exact      %llu positions of %llu pawn structures (%llu from the oracle), %.3f s, peak memory %.0f MB; ",
      static_cast<unsigned long long>(x.positions), static_cast<unsigned long long>(x.structures),
      static_cast<unsigned long long>(x.from_oracle), x.seconds, x.peak_megabytes);
  out << line << x.source << "\n";
}

}  // namespace

std::string solve_text(const Position& root, const Solved& s, int fullmove) {
  std::ostringstream out;
  out << "position   " << to_fen(root, 0, fullmove) << "\n";
  if (s.exact) exact_text(out, root, *s.exact, fullmove);
  if (s.search) search_text(out, root, *s.search, fullmove, s.exact.has_value());
  if (!s.exact_note.empty()) out << "exact      " << s.exact_note << "\n";
  out << time_line(s.seconds);
  return out.str();
}

std::string solve_json(const Position& root, const Solved& s, int fullmove) {
  std::ostringstream out;
  const SearchResult none;
  const SearchResult& r = s.search ? *s.search : none;
  out << "{\"fen\":" << json_string(to_fen(root, 0, fullmove));
  if (s.exact) {
    const ExactReport& x = *s.exact;
    const auto best =
        std::find_if(x.moves.begin(), x.moves.end(), [&](const auto& mv) { return mv.second == x.value; });
    const Move best_move = best == x.moves.end() ? Move() : best->first;
    out << ",\"value\":" << json_string(value_word(x.value)) << ",\"proven\":true";
    out << ",\"distance\":" << (is_decisive(x.value) ? std::to_string(distance_of(x.value)) : "null");
    out << ",\"distance_exact\":true,\"proof\":\"exact\"";
    out << ",\"best\":" << (best_move.is_none() ? "null" : json_string(san(root, best_move)));
    out << ",\"best_uci\":" << (best_move.is_none() ? "null" : json_string(uci(best_move)));
    out << ",\"pv\":" << json_line(root, x.line);
    out << ",\"moves\":[";
    for (std::size_t i = 0; i < x.moves.size(); ++i) {
      const auto& [m, v] = x.moves[i];
      out << (i ? "," : "") << "{\"move\":" << json_string(san(root, m)) << ",\"uci\":" << json_string(uci(m))
          << ",\"value\":" << json_string(value_word(v))
          << ",\"distance\":" << (is_decisive(v) ? std::to_string(distance_of(v)) : "null") << "}";
    }
    out << "],\"exact\":{\"positions\":" << x.positions << ",\"structures\":" << x.structures
        << ",\"from_oracle\":" << x.from_oracle << ",\"source\":" << json_string(x.source)
        << ",\"seconds\":" << x.seconds << ",\"peak_mb\":" << x.peak_megabytes << "}";
  } else {
    const bool decisive_known = is_decisive(r.value) && r.completed_ply > 0;
    out << ",\"value\":" << (!r.proven && r.completed_ply == 0 ? "null" : json_string(value_word(r.value)));
    out << ",\"proven\":" << (r.proven || decisive_known ? "true" : "false");
    out << ",\"distance\":";
    if (r.proven && is_decisive(r.value) && r.distance_known)
      out << r.distance;
    else
      out << "null";
    out << ",\"distance_exact\":" << (r.proven && r.distance_known ? "true" : "false");
    out << ",\"search\":" << (r.kind == SearchKind::ProofNumber ? "\"pn\"" : "\"ab\"");
    out << ",\"proof\":"
        << (r.proof == Proof::Search        ? "\"search\""
            : r.proof == Proof::ProofNumber ? "\"proof-number\""
                                            : "null");
    out << ",\"best\":" << (r.best.is_none() ? "null" : json_string(san(root, r.best)));
    out << ",\"best_uci\":" << (r.best.is_none() ? "null" : json_string(uci(r.best)));
    out << ",\"pv\":" << json_line(root, r.pv);
    out << ",\"exact\":" << (s.exact_note.empty() ? "null" : json_string(s.exact_note));
  }
  out << ",\"nodes\":" << r.nodes << ",\"ply\":" << (r.proof != Proof::None ? std::to_string(r.exact_ply) : "null");
  if (r.kind == SearchKind::ProofNumber) out << ",\"proof_positions\":" << r.proof_positions;
  out << ",\"terminals\":{\"rules\":" << r.rule_terminals << ",\"hash\":" << r.hash_terminals
      << ",\"hint\":" << r.hint_terminals;
  for (std::size_t i = 0; i < r.classifier_terminals.size(); ++i)
    out << "," << json_string(r.classifier_names[i]) << ":" << r.classifier_terminals[i];
  out << "}";
  out << ",\"completed_ply\":" << r.completed_ply << ",\"stop\":" << json_string(stop_word(r.stop));
  out << ",\"seconds\":" << s.seconds << "}";
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
