#include "output.h"

#include <cstdio>
#include <sstream>

#include "notation.h"
#include "peasant_eval.h"

namespace chunker::cli {

namespace {

std::string stop_word(StopReason s) {
  switch (s) {
    case StopReason::Proven: return "proven";
    case StopReason::PlyLimit: return "ply limit";
    case StopReason::NodeLimit: return "node limit";
    case StopReason::Stopped: return "stop";
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
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += c;
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
  std::vector<std::pair<std::string, std::uint64_t>> sources = {{"rules", r.rule_terminals}, {"hash table", r.hash_terminals}};
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

std::string solve_text(const Position& root, const SearchResult& r, int fullmove) {
  std::ostringstream out;
  out << "position   " << to_fen(root, 0, fullmove) << "\n";
  if (r.proven) {
    std::string who = is_decisive(r.value) ? " (" + winner(root, r.value) + ")" : "";
    out << "value      " << value_word(r.value) << " for the side to move" << who << ", proven "
        << (r.proof == Proof::Search ? "by search"
                                     : "exhaustively over " + std::to_string(r.closure_positions) + " reachable positions")
        << "\n";
    if (is_decisive(r.value))
      out << "distance   " << (r.distance_known ? std::to_string(r.distance) + " plies" : "not known: the schemas decided it")
          << "\n";
  } else if (r.completed_ply == 0) {
    out << "value      unknown: the node limit ended the first iteration\n";
  } else if (is_decisive(r.value)) {
    out << "value      " << value_word(r.value) << " for the side to move (" << winner(root, r.value)
        << "), proven; distance at most " << distance_of(r.value) << " plies, not yet shown exact\n";
  } else {
    out << "value      unproven: neither side wins within " << r.completed_ply << " plies (search scores it a draw)\n";
  }
  if (!r.best.is_none()) out << "best move  " << san(root, r.best) << "\n";
  if (!r.pv.empty()) out << "line       " << san_line(root, r.pv, fullmove) << "\n";
  out << "nodes      " << r.nodes << "\n";
  out << "terminals  " << terminal_shares(r) << "\n";
  out << "ply        " << (r.proof == Proof::Search ? std::to_string(r.exact_ply) : "----") << " (last iteration completed: "
      << r.completed_ply << ", stopped by: " << stop_word(r.stop) << ")\n";
  out << time_line(r.seconds);
  return out.str();
}

std::string solve_json(const Position& root, const SearchResult& r, int fullmove) {
  std::ostringstream out;
  bool decisive_known = is_decisive(r.value) && r.completed_ply > 0;
  out << "{\"fen\":" << json_string(to_fen(root, 0, fullmove));
  out << ",\"value\":" << (!r.proven && r.completed_ply == 0 ? "null" : json_string(value_word(r.value)));
  out << ",\"proven\":" << (r.proven || decisive_known ? "true" : "false");
  out << ",\"distance\":";
  if (r.proven && is_decisive(r.value) && r.distance_known) out << r.distance;
  else out << "null";
  out << ",\"distance_exact\":" << (r.proven && r.distance_known ? "true" : "false");
  out << ",\"proof\":" << (r.proof == Proof::Search ? "\"search\"" : r.proof == Proof::Exhaustive ? "\"exhaustive\"" : "null");
  out << ",\"best\":" << (r.best.is_none() ? "null" : json_string(san(root, r.best)));
  out << ",\"best_uci\":" << (r.best.is_none() ? "null" : json_string(uci(r.best)));
  out << ",\"pv\":" << json_line(root, r.pv);
  out << ",\"nodes\":" << r.nodes << ",\"ply\":" << (r.proof == Proof::Search ? std::to_string(r.exact_ply) : "null");
  out << ",\"closure_positions\":" << r.closure_positions;
  out << ",\"terminals\":{\"rules\":" << r.rule_terminals << ",\"hash\":" << r.hash_terminals;
  for (std::size_t i = 0; i < r.classifier_terminals.size(); ++i)
    out << "," << json_string(r.classifier_names[i]) << ":" << r.classifier_terminals[i];
  out << "}";
  out << ",\"completed_ply\":" << r.completed_ply << ",\"stop\":" << json_string(stop_word(r.stop));
  out << ",\"seconds\":" << r.seconds << "}";
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
    out << "value      score " << std::showpos << r.value << std::noshowpos
        << " for the side to move: heuristic, a " << (r.value > 0 ? "win" : "loss")
        << " Peasant's knowledge (rules 2 and 4) or its pruning vouches for, not proven\n";
  } else {
    out << "value      score " << std::showpos << r.value << std::noshowpos
        << " for the side to move: heuristic (Peasant's evaluator), no forced result within " << r.depth
        << " plies\n";
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
