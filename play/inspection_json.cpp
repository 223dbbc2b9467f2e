#include "play/inspection_json.h"

#include "engine/notation.h"
#include "play/answer_json.h"

namespace chunker {

namespace {

const char* colour_key(Color c) { return c == WHITE ? "white" : "black"; }

Json square_list(Bitboard b) {
  Json out = Json::array();
  while (b) out.push_back(square_name(pop_lsb(b)));
  return out;
}

// A chunk entry: null where it cannot arise, else who wins it and in how many plies.
Json chunk_result(const ChunkResult& r, const char* defender) {
  if (!r.legal) return nullptr;
  const Json winner = is_win(r.pawns_value) ? Json("pawns") : is_loss(r.pawns_value) ? Json(defender) : Json(nullptr);
  return {{"winner", winner}, {"distance", distance_json(r.pawns_value)}};
}

// {"white_to_move": ..., "black_to_move": ...}
template <typename Cell>
Json by_side(Cell cell) {
  return {{"white_to_move", cell(WHITE)}, {"black_to_move", cell(BLACK)}};
}

Json tempi(int t) { return t < 0 ? Json(nullptr) : Json(t); }

void add_instance(Json& out, const Kv3cppInstance& i) {
  out["entry"] = i.index;
  out["colour_reversed"] = i.colour_reversed;
  out["mirrored"] = i.mirrored;
}

Json chunk_json(const Kv3cppChunkReport& c) {
  Json out = {
      {"pawns", colour_key(c.pawns)}, {"pawn_squares", square_list(c.pawn_squares)}, {"king", square_name(c.king)}};
  add_instance(out, c.instance);
  for (int a = 0; a < ASSUMPTION_NB; ++a)
    out[assumption_name(Assumption(a))] = by_side([&](Color s) { return chunk_result(c.result[a][s], "king"); });
  out["spare_tempi"] = by_side([&](Color s) { return tempi(c.spare_tempi[s]); });
  out["z_configuration"] = c.z_configuration;
  return out;
}

Json interaction_json(const InteractionReport& r) {
  return {{"groups_apart", r.groups_apart},
          {"promotion_pending", r.promotion_pending},
          {"hemmed_in", {{"white", r.hemmed_in[WHITE]}, {"black", r.hemmed_in[BLACK]}}},
          {"meeting_moves", r.meeting_moves < 0 ? Json(nullptr) : Json(r.meeting_moves)}};
}

Json alternate_json(const AlternateParseReport& a) {
  Json k3 = {{"king", square_name(a.king)},
             {"pawn_squares", square_list(a.pawn_squares)},
             {"lone_king", square_name(a.lone_king)}};
  add_instance(k3, a.instance);
  k3["result"] = by_side([&](Color s) { return chunk_result(a.result[s], "lone king"); });
  k3["spare_tempi"] = by_side([&](Color s) { return tempi(a.spare_tempi[s]); });
  return {{"escort", colour_key(a.escort)},
          {"k3cppvk", std::move(k3)},
          {"unopposed",
           {{"pawns", colour_key(~a.escort)},
            {"pawn_squares", square_list(a.unopposed)},
            {"moves_to_promote", a.unopposed_moves < 0 ? Json(nullptr) : Json(a.unopposed_moves)}}}};
}

Json verdict_json(const Position& pos, std::optional<Value> v) {
  if (!v) return nullptr;
  const Json winner = !is_decisive(*v) ? Json(nullptr) : Json(colour_key(is_win(*v) ? pos.side : ~pos.side));
  return {{"value", value_word(*v)}, {"winner", winner}};
}

Json oracle_json(const Inspection& in, bool paths) {
  if (!in.oracle) return nullptr;
  const OracleFinding& o = *in.oracle;
  Json out = {{"layout", layout_name(o.layout)}, {"built", o.built}};
  if (!o.built) {
    out["problem"] = o.problem ? o.problem->message(paths) : "";
    return out;
  }
  std::vector<MoveValue> moves;
  for (const auto& [move, value] : o.moves) moves.push_back({move, value, true});
  out["value"] = value_word(o.value);
  out["distance"] = distance_json(o.value);
  out["moves"] = moves_json(in.pos, moves, true);
  return out;
}

// Outside the oracle's domain: the exact table's values, or why there are none.
Json exact_json(const Inspection& in, bool paths) {
  if (in.oracle) return nullptr;
  if (!in.exact) return {{"refused", in.exact_refusal ? refusal_json(*in.exact_refusal) : Json(nullptr)}};
  const Answer& a = *in.exact;
  return {{"origin", origin_json(a, paths)},
          {"value", value_word(a.value)},
          {"distance", distance_json(a.value)},
          {"moves", moves_json(in.pos, a.moves, true)}};
}

}  // namespace

std::string inspection_json(const Inspection& in, int fullmove, bool paths) {
  Json parse = {{"chunks", Json::array()},
                {"interaction", interaction_json(in.chunks.interaction)},
                {"alternates", Json::array()}};
  for (Color pawns : {WHITE, BLACK})
    if (in.chunks.chunk[pawns]) parse["chunks"].push_back(chunk_json(*in.chunks.chunk[pawns]));
  for (const AlternateParseReport& a : in.chunks.alternates) parse["alternates"].push_back(alternate_json(a));
  Json consulted = Json::array();
  for (const SchemaFinding& s : in.schemas)
    consulted.push_back({{"name", s.name}, {"verdict", verdict_json(in.pos, s.verdict)}, {"reason", s.reason}});
  const Json out = {
      {"fen", to_fen(in.pos, 0, fullmove)},
      {"side_to_move", colour_key(in.pos.side)},
      {"rules", verdict_json(in.pos, in.rules)},
      {"parse", std::move(parse)},
      {"schemas",
       {{"mode", mode_name(in.mode)},
        {"consulted", std::move(consulted)},
        {"hint", in.hint.empty() ? Json(nullptr) : Json(in.hint)}}},
      {"oracle", oracle_json(in, paths)},
      {"exact", exact_json(in, paths)},
  };
  return out.dump();
}

}  // namespace chunker
