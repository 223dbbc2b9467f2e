// The text of `chunker inspect`: a Unicode board with the parse's chunks
// marked beside it, then the parse, each chunk's library properties, the
// schemas' verdicts and the oracle.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "cli/inspect_output.h"
#include "cli/output.h"
#include "engine/notation.h"

namespace chunker::cli {

namespace {

std::string possessive(Color c) { return std::string(colour_name(c)) + "'s"; }

std::string squares(Bitboard b) {
  std::string out;
  while (b) {
    if (!out.empty()) out += ' ';
    out += square_name(pop_lsb(b));
  }
  return out.empty() ? "none" : out;
}

std::string trimmed(std::string text) { return text.erase(text.find_last_not_of(' ') + 1); }

// Columns of a property table: a label, then one cell per side to move.
std::string row(const std::string& label, const std::string& white, const std::string& black) {
  char line[128];
  std::snprintf(line, sizeof line, "  %-24s %-22s %s", label.c_str(), white.c_str(), black.c_str());
  return trimmed(line) + "\n";
}

std::string tempi_words(int tempi) { return tempi < 0 ? "-" : std::to_string(tempi); }

const char* piece_glyph(const Position& pos, Square s) {
  if (pos.king[WHITE] == s) return "♔";
  if (pos.king[BLACK] == s) return "♚";
  if (pos.pawns[WHITE] & square_bb(s)) return "♙";
  if (pos.pawns[BLACK] & square_bb(s)) return "♟";
  if (pos.promoted == s) return pos.side == WHITE ? "♛" : "♕";  // the opponent's promoted piece
  return "·";
}

// The letter marking a square's piece in the chosen parse: A and B the
// Kv3CPP chunks of White's and Black's pawns; K the K3CPPvK chunk and U the
// unopposed pawns of an alternate parse.
char chunk_mark(const Inspection& in, int parse, Square s) {
  const Position& pos = in.pos;
  const Bitboard piece = square_bb(s);
  if (parse == DEFAULT_PARSE) {
    for (Color pawns : {WHITE, BLACK})
      if (in.chunks.chunk[pawns] && ((pos.pawns[pawns] & piece) || pos.king[~pawns] == s))
        return pawns == WHITE ? 'A' : 'B';
    return 0;
  }
  const AlternateParseReport& alt = in.chunks.alternates[std::size_t(parse)];
  if ((alt.pawn_squares & piece) || alt.king == s || alt.lone_king == s) return 'K';
  if (alt.unopposed & piece) return 'U';
  return 0;
}

std::string board(const Inspection& in, int parse, int fullmove) {
  const Position& pos = in.pos;
  std::ostringstream out;
  out << "    a b c d e f g h          chunks\n";
  for (int rank = 7; rank >= 0; --rank) {
    out << "  " << rank + 1 << ' ';
    for (int file = 0; file < 8; ++file) out << piece_glyph(pos, make_square(file, rank)) << ' ';
    out << ' ' << rank + 1 << "      ";
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      const char mark = pos.occupied() & square_bb(s) ? chunk_mark(in, parse, s) : 0;
      out << (mark ? std::string(1, mark) : std::string(pos.occupied() & square_bb(s) ? "-" : "·"))
          << (file < 7 ? " " : "");
    }
    out << "\n";
  }
  out << "    a b c d e f g h\n";
  out << "  " << colour_name(pos.side) << " to move      " << to_fen(pos, 0, fullmove) << "\n";
  return out.str();
}

std::string winner_words(const Position& pos, Value v) {
  if (!is_decisive(v)) return "draw";
  return std::string(colour_name(is_win(v) ? pos.side : ~pos.side)) + " wins";
}

std::string rules_line(const Inspection& in) {
  const Value v = *in.rules;
  const Position& pos = in.pos;
  if (is_win(v)) return std::string("rules: ") + colour_name(pos.side) + " promotes safely now: win in 1\n";
  if (is_loss(v)) return std::string("rules: checkmate, ") + colour_name(pos.side) + " has lost\n";
  return pos.bare_kings() ? "rules: bare kings, a draw\n" : "rules: stalemate, a draw\n";
}

std::string interaction_line(const InteractionReport& r) {
  std::string line = "  interaction: ";
  line +=
      r.groups_apart ? "pawn groups a file apart" : "pawns of both colours on neighbouring files (the chunks interact)";
  for (Color c : {WHITE, BLACK})
    if (r.hemmed_in[c]) line += std::string("; ") + possessive(c) + " king has no move of its own";
  if (r.meeting_moves == 0)
    line += "; the chunks interact now";
  else if (r.meeting_moves > 0)
    line += "; the chunks may meet after " + std::to_string(r.meeting_moves) + " moves of each king";
  else
    line += "; the kings cannot bring the chunks together";
  return line + "\n";
}

std::string normal_form(const Kv3cppInstance& i) {
  if (!i.colour_reversed && !i.mirrored) return "as on the board";
  if (i.colour_reversed && i.mirrored) return "seen colour-reversed and in the file mirror";
  return i.colour_reversed ? "seen colour-reversed" : "seen in the file mirror";
}

std::string kv3cpp_chunk_text(const Kv3cppChunkReport& c) {
  static const char* names[ASSUMPTION_NB] = {"AM (alternating)", "PCP (pawns may pass)", "KCP (king may pass)",
                                             "AMS (stuck king: draw)", "KCPS (stuck king: draw)"};
  std::ostringstream out;
  out << "chunk " << (c.pawns == WHITE ? 'A' : 'B') << "  Kv3CPP: " << possessive(c.pawns) << " pawns "
      << squares(c.pawn_squares) << " against " << possessive(~c.pawns) << " king " << square_name(c.king) << "\n";
  out << "         library entry " << c.instance.index << ", " << normal_form(c.instance) << "\n";
  out << row("", "White to move", "Black to move");
  for (int a = 0; a < ASSUMPTION_NB; ++a)
    out << row(names[a], chunk_result_words(c.result[a][WHITE], "king"),
               chunk_result_words(c.result[a][BLACK], "king"));
  out << row("spare tempi (KCP)", tempi_words(c.spare_tempi[WHITE]), tempi_words(c.spare_tempi[BLACK]));
  out << row("Z configuration", c.z_configuration ? "yes" : "no", "");
  return out.str();
}

std::string default_parse_text(const Inspection& in) {
  std::ostringstream out;
  out << "parse: default, two Kv3CPP chunks (each king against the other side's pawns)\n";
  for (Color pawns : {WHITE, BLACK}) {
    if (!in.pos.pawns[pawns])
      out << "  no chunk of " << possessive(pawns) << " pawns: it has none\n";
    else if (!in.chunks.chunk[pawns])
      out << "  no Kv3CPP chunk of " << possessive(pawns) << " pawns "
          << (in.chunks.interaction.promotion_pending
                  ? "(a promoted piece waits to be taken)"
                  : "(more than three, two on a file, or over more than three files)")
          << "\n";
  }
  out << interaction_line(in.chunks.interaction);
  if (!in.chunks.alternates.empty()) {
    out << "  alternate parses (parse alt):";
    for (std::size_t i = 0; i < in.chunks.alternates.size(); ++i)
      out << (i ? "; " : " ") << possessive(in.chunks.alternates[i].escort) << " king joins its pawns";
    out << "\n";
  }
  for (Color pawns : {WHITE, BLACK})
    if (in.chunks.chunk[pawns]) out << kv3cpp_chunk_text(*in.chunks.chunk[pawns]);
  return out.str();
}

std::string alternate_parse_text(const Inspection& in, int parse) {
  const AlternateParseReport& alt = in.chunks.alternates[std::size_t(parse)];
  const Color e = alt.escort;
  std::ostringstream out;
  out << "parse: alternate " << parse + 1 << " of " << in.chunks.alternates.size() << ", " << possessive(e)
      << " king joins its pawns (the paper §4)\n";
  out << "chunk K  K3CPPvK: " << possessive(e) << " king " << square_name(alt.king) << " and pawns "
      << squares(alt.pawn_squares) << " against " << possessive(~e) << " lone king " << square_name(alt.lone_king)
      << ", who may pass\n";
  out << "         library entry " << alt.instance.index << ", " << normal_form(alt.instance) << "\n";
  out << row("", "White to move", "Black to move");
  out << row("K3CPPvK", chunk_result_words(alt.result[WHITE], "lone king"),
             chunk_result_words(alt.result[BLACK], "lone king"));
  out << row("lone king's spare tempi", tempi_words(alt.spare_tempi[WHITE]), tempi_words(alt.spare_tempi[BLACK]));
  out << "chunk U  3CPP unopposed: " << possessive(~e) << " pawns " << squares(alt.unopposed);
  if (alt.unopposed_moves >= 0)
    out << ", the quickest promotes in " << alt.unopposed_moves << (alt.unopposed_moves == 1 ? " move" : " moves")
        << " (obstacles aside)";
  out << "\n";
  return out.str();
}

std::string schemas_text(const Inspection& in) {
  std::ostringstream out;
  out << "schemas (" << mode_name(in.mode) << " mode)\n";
  const SchemaFinding* deciding = nullptr;
  for (const SchemaFinding& s : in.schemas) {
    if (s.verdict && !deciding) deciding = &s;
    char head[64];
    std::snprintf(head, sizeof head, "  %-28s %-11s ", s.name.c_str(),
                  s.verdict ? winner_words(in.pos, *s.verdict).c_str() : "-");
    out << head << s.reason << "\n";
  }
  if (deciding)
    out << "  decided by " << deciding->name << ": " << winner_words(in.pos, *deciding->verdict) << "\n";
  else
    out << "  no schema decides the position\n";
  if (!in.hint.empty())
    out << "  hint of " << in.hint << ": " << colour_name(in.pos.side)
        << " likely holds (a search that only asks whether it loses takes it as a draw here, unsearched)\n";
  return out.str();
}

// The exact values of the moves, best first for the side to move: the
// oracle's, or outside its domain an exact table's; nullopt when neither.
std::optional<std::vector<std::pair<Move, Value>>> exact_moves(const Inspection& in) {
  std::vector<std::pair<Move, Value>> moves;
  if (in.oracle && in.oracle->built)
    moves = in.oracle->moves;
  else if (in.exact)
    for (const MoveValue& m : in.exact->moves) moves.emplace_back(m.move, m.value);
  else
    return std::nullopt;
  std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return moves;
}

// Four moves and their values to a line.
std::string move_cells(const Position& pos, const std::vector<std::pair<Move, Value>>& moves) {
  std::string out, cells;
  int column = 0;
  for (auto [move, value] : moves) {
    char cell[40];
    std::snprintf(cell, sizeof cell, "%-7s %-13s", san(pos, move).c_str(), value_words(value).c_str());
    cells += cell;
    if (++column == 4) out += "  " + trimmed(cells) + "\n", cells.clear(), column = 0;
  }
  if (column) out += "  " + trimmed(cells) + "\n";
  return out;
}

// Why no exact table answers outside the oracle's domain.
std::string exact_problem(const Inspection& in) {
  return in.exact_refusal ? refusal_words(*in.exact_refusal) : "not asked";
}

// Outside the oracle's domain: the exact table's answer, or why there is none.
std::string exact_text(const Inspection& in) {
  if (!in.exact) return "exact: " + exact_problem(in) + " (solve FEN --memory MB solves larger sets)\n";
  const Answer& a = *in.exact;
  return "exact (" + origin_words(a) + "): " + value_words(a.value) + " for " + colour_name(in.pos.side) +
         ", the side to move (" + winner_words(in.pos, a.value) + ")\n" + move_cells(in.pos, *exact_moves(in));
}

std::string oracle_text(const Inspection& in) {
  if (!in.oracle)
    return "oracle: outside its domain (a king and up to three pawns on three adjacent files a side, a file apart)\n" +
           exact_text(in);
  const OracleFinding& o = *in.oracle;
  std::ostringstream out;
  out << "oracle (" << layout_name(o.layout) << "): ";
  if (!o.built) return out.str() + "not available: " + o.problem->what() + "\n";
  out << value_words(o.value) << " for " << colour_name(in.pos.side) << ", the side to move ("
      << winner_words(in.pos, o.value) << ")\n";
  return out.str() + move_cells(in.pos, *exact_moves(in));
}

}  // namespace

std::string chunk_result_words(const ChunkResult& r, const std::string& defender) {
  if (!r.legal) return "cannot arise";
  if (is_win(r.pawns_value)) return "pawns win in " + std::to_string(distance_of(r.pawns_value));
  if (is_loss(r.pawns_value)) return defender + " wins in " + std::to_string(distance_of(r.pawns_value));
  return "draw";
}

std::string value_words(Value v) {
  if (is_win(v)) return "win in " + std::to_string(distance_of(v));
  if (is_loss(v)) return "loss in " + std::to_string(distance_of(v));
  return "draw";
}

std::string inspection_text(const Inspection& in, int parse, int fullmove) {
  std::string out = board(in, parse, fullmove) + "\n";
  if (in.rules) out += rules_line(in);
  out += parse == DEFAULT_PARSE ? default_parse_text(in) : alternate_parse_text(in, parse);
  return out + schemas_text(in) + oracle_text(in);
}

std::string moves_text(const Inspection& in) {
  MoveList moves = legal_moves(in.pos);
  if (moves.empty()) return "no legal move\n";
  std::ostringstream out;
  const auto valued = exact_moves(in);
  std::vector<std::pair<Move, Value>> listed;
  if (valued)
    listed = *valued;
  else
    for (Move m : moves) listed.emplace_back(m, 0);
  for (auto [move, value] : listed) {
    char line[64];
    std::snprintf(line, sizeof line, "  %-7s %-6s %s\n", san(in.pos, move).c_str(), uci(move).c_str(),
                  valued ? value_words(value).c_str() : "");
    out << line;
  }
  if (!valued)
    out << "  (no exact values: "
        << (in.oracle && in.oracle->problem ? std::string(in.oracle->problem->what()) : exact_problem(in)) << ")\n";
  return out.str();
}

}  // namespace chunker::cli
