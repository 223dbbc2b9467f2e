#include "inspect_json.h"

#include <sstream>

#include "json_text.h"
#include "notation.h"

namespace chunker {

namespace {

std::string colour_key(Color c) { return c == WHITE ? "white" : "black"; }

std::string square_list(Bitboard b) {
  std::string out = "[";
  for (bool first = true; b; first = false) {
    if (!first) out += ',';
    out += json_string(square_name(pop_lsb(b)));
  }
  return out + "]";
}

std::string distance_or_null(Value v) { return is_decisive(v) ? std::to_string(distance_of(v)) : "null"; }

// A chunk entry: null where it cannot arise, else who wins it and in how many plies.
std::string chunk_result(const ChunkResult& r, const char* defender) {
  if (!r.legal) return "null";
  const std::string winner = is_win(r.pawns_value)    ? "\"pawns\""
                             : is_loss(r.pawns_value) ? json_string(defender)
                                                      : "null";
  return "{\"winner\":" + winner + ",\"distance\":" + distance_or_null(r.pawns_value) + "}";
}

// {"white_to_move": ..., "black_to_move": ...}
template <typename Cell>
std::string by_side(Cell cell) {
  return "{\"white_to_move\":" + cell(WHITE) + ",\"black_to_move\":" + cell(BLACK) + "}";
}

std::string tempi(int t) { return t < 0 ? "null" : std::to_string(t); }

std::string instance_json(const Kv3cppInstance& i) {
  return "\"entry\":" + std::to_string(i.index) + ",\"colour_reversed\":" + (i.colour_reversed ? "true" : "false") +
         ",\"mirrored\":" + (i.mirrored ? "true" : "false");
}

std::string chunk_json(const Kv3cppChunkReport& c) {
  std::ostringstream out;
  out << "{\"pawns\":" << json_string(colour_key(c.pawns)) << ",\"pawn_squares\":" << square_list(c.pawn_squares)
      << ",\"king\":" << json_string(square_name(c.king)) << "," << instance_json(c.instance);
  for (int a = 0; a < ASSUMPTION_NB; ++a)
    out << "," << json_string(assumption_name(Assumption(a))) << ":"
        << by_side([&](Color s) { return chunk_result(c.result[a][s], "king"); });
  out << ",\"spare_tempi\":" << by_side([&](Color s) { return tempi(c.spare_tempi[s]); });
  out << ",\"z_configuration\":" << (c.z_configuration ? "true" : "false") << "}";
  return out.str();
}

std::string interaction_json(const InteractionReport& r) {
  std::ostringstream out;
  out << "{\"groups_apart\":" << (r.groups_apart ? "true" : "false")
      << ",\"promotion_pending\":" << (r.promotion_pending ? "true" : "false")
      << ",\"hemmed_in\":{\"white\":" << (r.hemmed_in[WHITE] ? "true" : "false")
      << ",\"black\":" << (r.hemmed_in[BLACK] ? "true" : "false")
      << "},\"meeting_moves\":" << (r.meeting_moves < 0 ? "null" : std::to_string(r.meeting_moves)) << "}";
  return out.str();
}

std::string alternate_json(const AlternateParseReport& a) {
  std::ostringstream out;
  out << "{\"escort\":" << json_string(colour_key(a.escort))
      << ",\"k3cppvk\":{\"king\":" << json_string(square_name(a.king))
      << ",\"pawn_squares\":" << square_list(a.pawn_squares)
      << ",\"lone_king\":" << json_string(square_name(a.lone_king)) << "," << instance_json(a.instance)
      << ",\"result\":" << by_side([&](Color s) { return chunk_result(a.result[s], "lone king"); })
      << ",\"spare_tempi\":" << by_side([&](Color s) { return tempi(a.spare_tempi[s]); }) << "}"
      << ",\"unopposed\":{\"pawns\":" << json_string(colour_key(~a.escort))
      << ",\"pawn_squares\":" << square_list(a.unopposed)
      << ",\"moves_to_promote\":" << (a.unopposed_moves < 0 ? "null" : std::to_string(a.unopposed_moves)) << "}}";
  return out.str();
}

std::string verdict_json(const Position& pos, std::optional<Value> v) {
  if (!v) return "null";
  const std::string winner = !is_decisive(*v) ? "null" : json_string(colour_key(is_win(*v) ? pos.side : ~pos.side));
  return "{\"value\":" + json_string(value_word(*v)) + ",\"winner\":" + winner + "}";
}

std::string oracle_json(const Inspection& in) {
  if (!in.oracle) return "null";
  const OracleFinding& o = *in.oracle;
  std::ostringstream out;
  out << "{\"layout\":" << json_string(layout_name(o.layout)) << ",\"built\":" << (o.built ? "true" : "false");
  if (!o.built) return out.str() + ",\"problem\":" + json_string(o.problem) + "}";
  out << ",\"value\":" << json_string(value_word(o.value)) << ",\"distance\":" << distance_or_null(o.value)
      << ",\"moves\":[";
  for (std::size_t i = 0; i < o.moves.size(); ++i) {
    const auto [move, value] = o.moves[i];
    out << (i ? "," : "") << "{\"san\":" << json_string(san(in.pos, move)) << ",\"uci\":" << json_string(uci(move))
        << ",\"value\":" << json_string(value_word(value)) << ",\"distance\":" << distance_or_null(value) << "}";
  }
  out << "]}";
  return out.str();
}

// Outside the oracle's domain: the exact table's values, or why there are none.
std::string exact_json(const Inspection& in) {
  if (in.oracle) return "null";
  if (!in.exact) return "{\"problem\":" + json_string(in.exact_problem) + "}";
  const Answer& a = *in.exact;
  std::ostringstream out;
  out << "{\"source\":" << json_string(a.detail) << ",\"value\":" << json_string(value_word(a.value))
      << ",\"distance\":" << distance_or_null(a.value) << ",\"moves\":[";
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const MoveValue& m = a.moves[i];
    out << (i ? "," : "") << "{\"san\":" << json_string(san(in.pos, m.move)) << ",\"uci\":" << json_string(uci(m.move))
        << ",\"value\":" << json_string(value_word(m.value)) << ",\"distance\":" << distance_or_null(m.value) << "}";
  }
  out << "]}";
  return out.str();
}

}  // namespace

std::string inspection_json(const Inspection& in, int fullmove) {
  std::ostringstream out;
  out << "{\"fen\":" << json_string(to_fen(in.pos, 0, fullmove))
      << ",\"side_to_move\":" << json_string(colour_key(in.pos.side));
  out << ",\"rules\":" << verdict_json(in.pos, in.rules);
  out << ",\"parse\":{\"chunks\":[";
  bool first = true;
  for (Color pawns : {WHITE, BLACK})
    if (in.chunks.chunk[pawns]) out << (first ? "" : ",") << chunk_json(*in.chunks.chunk[pawns]), first = false;
  out << "],\"interaction\":" << interaction_json(in.chunks.interaction) << ",\"alternates\":[";
  for (std::size_t i = 0; i < in.chunks.alternates.size(); ++i)
    out << (i ? "," : "") << alternate_json(in.chunks.alternates[i]);
  out << "]},\"schemas\":{\"mode\":" << json_string(mode_name(in.mode)) << ",\"consulted\":[";
  for (std::size_t i = 0; i < in.schemas.size(); ++i) {
    const SchemaFinding& s = in.schemas[i];
    out << (i ? "," : "") << "{\"name\":" << json_string(s.name) << ",\"verdict\":" << verdict_json(in.pos, s.verdict)
        << ",\"reason\":" << json_string(s.reason) << "}";
  }
  out << "],\"hint\":" << (in.hint.empty() ? "null" : json_string(in.hint)) << "},\"oracle\":" << oracle_json(in)
      << ",\"exact\":" << exact_json(in) << "}";
  return out.str();
}

}  // namespace chunker
