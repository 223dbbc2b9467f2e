#include "tablebase_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "json_text.h"
#include "movegen.h"
#include "notation.h"

namespace chunker::serve {

namespace {

using json = nlohmann::ordered_json;

// Mate and stalemate as the rules see the position after a move: no legal
// move left, with the king in check or not.
void game_end(json& out, const Position& pos) {
  const bool no_moves = legal_moves(pos).size == 0;
  out["checkmate"] = no_moves && pos.in_check();
  out["stalemate"] = no_moves && !pos.in_check();
}

// A pawn move or a capture: lila's `zeroing` (the fifty-move counter's reset).
bool zeroing(const Position& pos, Move m) {
  const Bitboard all_pawns = pos.pawns[WHITE] | pos.pawns[BLACK];
  return (all_pawns & (square_bb(m.from()) | square_bb(m.to()))) != 0 || m.kind() != MoveKind::Normal;
}

// Chess's distances, which Chunker's game does not have (its ends at a safe promotion).
void null_chess_distances(json& out) {
  for (const char* name : {"dtz", "precise_dtz", "dtm"}) out[name] = nullptr;
}

json distance_json(Value v, bool known) { return known && is_decisive(v) ? json(distance_of(v)) : json(nullptr); }

json move_json(const Position& pos, Move m, const MoveValue* value, bool distance_known) {
  const Position after = make_move(pos, m);
  json out = {{"uci", uci(m)}, {"san", san(pos, m)}, {"zeroing", zeroing(pos, m)}};
  game_end(out, after);
  out["category"] = value ? value_word(value->value) : "unknown";
  out["distance"] = value ? distance_json(value->value, distance_known) : json(nullptr);
  null_chess_distances(out);
  out["fen"] = to_fen(after);
  return out;
}

}  // namespace

std::string tablebase_json(const Position& pos, const Lookup& found) {
  const Answer* a = found.answer ? &*found.answer : nullptr;
  json out;
  out["category"] = a ? value_word(a->value) : "unknown";
  out["distance"] = a ? distance_json(a->value, a->distance_known) : json(nullptr);
  null_chess_distances(out);
  game_end(out, pos);
  out["insufficient_material"] = pos.bare_kings();
  out["rules"] = "chunker";
  out["source"] = a ? json(source_name(a->source)) : json(nullptr);
  out["detail"] = a ? json(a->detail) : json(nullptr);
  if (!a) out["estimate"] = found.estimate;

  // Best first: a value for the side that plays the move is larger the better it is.
  std::vector<MoveValue> valued = a ? a->moves : std::vector<MoveValue>{};
  std::stable_sort(valued.begin(), valued.end(),
                   [](const MoveValue& x, const MoveValue& y) { return x.value > y.value; });
  json moves = json::array();
  for (const MoveValue& m : valued) moves.push_back(move_json(pos, m.move, &m, a->distance_known));
  for (Move m : legal_moves(pos))
    if (std::none_of(valued.begin(), valued.end(), [&](const MoveValue& v) { return v.move == m; }))
      moves.push_back(move_json(pos, m, nullptr, false));
  out["moves"] = std::move(moves);
  return out.dump();
}

}  // namespace chunker::serve
