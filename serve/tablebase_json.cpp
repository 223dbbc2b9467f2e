#include "serve/tablebase_json.h"

#include <algorithm>
#include <tuple>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "play/answer_json.h"

namespace chunker::serve {

namespace {

// lila-tablebase's categories that Chunker gives, in its order of moves: a
// move that leaves the opponent lost first, an unknown one before a draw.
enum class Category { Loss, Unknown, Draw, Win };

const char* category_name(Category c) {
  switch (c) {
    case Category::Loss:
      return "loss";
    case Category::Unknown:
      return "unknown";
    case Category::Draw:
      return "draw";
    case Category::Win:
      return "win";
  }
  return "";
}

// A position's category and signed distance for its side to move.
struct Standing {
  Category category = Category::Unknown;
  int distance = 0;           // + a win, - a loss, in plies, where `has_distance`
  bool has_distance = false;  // false for a draw or where not known
  bool checkmate = false, stalemate = false, insufficient_material = false;
};

// `v`: the position's value for its side to move; null where not known.
Standing standing(const Position& pos, const Value* v, bool distance_known) {
  Standing s;
  const bool no_moves = legal_moves(pos).size == 0;
  s.checkmate = no_moves && pos.in_check();
  s.stalemate = no_moves && !pos.in_check();
  s.insufficient_material = pos.bare_kings();
  if (!v) return s;
  s.category = is_win(*v) ? Category::Win : is_loss(*v) ? Category::Loss : Category::Draw;
  s.has_distance = distance_known && is_decisive(*v);
  if (s.has_distance) s.distance = is_win(*v) ? distance_of(*v) : -distance_of(*v);
  return s;
}

void add_standing(Json& out, const Standing& s) {
  out["checkmate"] = s.checkmate;
  out["stalemate"] = s.stalemate;
  out["insufficient_material"] = s.insufficient_material;
  out["category"] = category_name(s.category);
  out["distance"] = s.has_distance ? Json(s.distance) : Json(nullptr);
  // Chess's distances, which Chunker's game does not have.
  for (const char* name : {"dtz", "precise_dtz", "dtm"}) out[name] = nullptr;
}

// A pawn move or a capture: lila's `zeroing` (the fifty-move counter's reset).
bool zeroing(const Position& pos, Move m) {
  const Bitboard all_pawns = pos.pawns[WHITE] | pos.pawns[BLACK];
  return (all_pawns & (square_bb(m.from()) | square_bb(m.to()))) != 0 || m.kind() != MoveKind::Normal;
}

struct MoveStanding {
  Move move;
  Standing after;  // of the position after the move, for the opponent
};

// lila-tablebase's order: by the category after the move, a mate or a
// stalemate first, then the quickest loss for the opponent, and its longest
// win.
auto sort_key(const MoveStanding& m) {
  const Standing& s = m.after;
  const int plies = s.distance < 0 ? -s.distance : s.distance;
  return std::make_tuple(int(s.category), !s.checkmate, !s.stalemate, !s.insufficient_material,
                         s.category == Category::Loss ? plies : -plies);
}

}  // namespace

std::string tablebase_json(const Position& pos, const Lookup& found) {
  const Answer* a = found.answer ? &*found.answer : nullptr;
  Json out;
  add_standing(out, standing(pos, a ? &a->value : nullptr, a && a->distance_known));
  out["rules"] = "chunker";
  out["origin"] = a ? origin_json(*a, false) : Json(nullptr);
  out["estimate"] = found.refusal ? refusal_json(*found.refusal) : Json(nullptr);
  std::vector<MoveStanding> moves;
  for (Move m : legal_moves(pos)) {
    // The opponent's value after the move, a ply nearer the end.
    Value after = 0;
    bool known = false;
    for (const MoveValue& v : a ? a->moves : std::vector<MoveValue>{})
      if (v.move == m) after = to_child(v.value), known = true;
    moves.push_back({m, standing(make_move(pos, m), known ? &after : nullptr, a && a->distance_known)});
  }
  std::stable_sort(moves.begin(), moves.end(),
                   [](const MoveStanding& x, const MoveStanding& y) { return sort_key(x) < sort_key(y); });
  Json list = Json::array();
  for (const MoveStanding& m : moves) {
    Json move = {{"uci", uci(m.move)}, {"san", san(pos, m.move)}, {"zeroing", zeroing(pos, m.move)}};
    add_standing(move, m.after);
    move["fen"] = to_fen(make_move(pos, m.move));
    list.push_back(std::move(move));
  }
  out["moves"] = std::move(list);
  return out.dump();
}

}  // namespace chunker::serve
