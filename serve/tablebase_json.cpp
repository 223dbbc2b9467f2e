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
Standing standing(bool no_moves, bool in_check, bool insufficient_material, const Value* v, bool distance_known) {
  Standing s;
  s.checkmate = no_moves && in_check;
  s.stalemate = no_moves && !in_check;
  s.insufficient_material = insufficient_material;
  if (!v) return s;
  s.category = is_win(*v) ? Category::Win : is_loss(*v) ? Category::Loss : Category::Draw;
  s.has_distance = distance_known && is_decisive(*v);
  if (s.has_distance) s.distance = is_win(*v) ? distance_of(*v) : -distance_of(*v);
  return s;
}

Standing standing(const Position& pos, const Value* v, bool distance_known) {
  return standing(legal_moves(pos).size == 0, pos.in_check(), pos.bare_kings(), v, distance_known);
}
Standing standing(const ChessPosition& pos, const Value* v) {
  return standing(pieces::legal_moves(pos).empty(), pieces::in_check(pos), pieces::dead(pos), v, true);
}

// `chess`: the value is chess's, to mate, and `dtm` (lila's signed plies to
// mate, 0 for a draw) says so; Chunker's game has no chess distance.
void add_standing(Json& out, const Standing& s, bool chess = false) {
  out["checkmate"] = s.checkmate;
  out["stalemate"] = s.stalemate;
  out["insufficient_material"] = s.insufficient_material;
  out["category"] = category_name(s.category);
  out["distance"] = s.has_distance ? Json(s.distance) : Json(nullptr);
  for (const char* name : {"dtz", "precise_dtz"}) out[name] = nullptr;
  out["dtm"] = !chess || s.category == Category::Unknown ? Json(nullptr) : Json(s.distance);
}

// A pawn move or a capture: lila's `zeroing` (the fifty-move counter's reset).
bool zeroing(const Position& pos, Move m) {
  const Bitboard all_pawns = pos.pawns[WHITE] | pos.pawns[BLACK];
  return (all_pawns & (square_bb(m.from()) | square_bb(m.to()))) != 0 || m.kind() != MoveKind::Normal;
}

template <typename M>
struct MoveStanding {
  M move;
  Standing after;  // of the position after the move, for the opponent
};

// lila-tablebase's order: by the category after the move, a mate or a
// stalemate first, then the quickest loss for the opponent, and its longest
// win.
template <typename M>
auto sort_key(const MoveStanding<M>& m) {
  const Standing& s = m.after;
  const int plies = s.distance < 0 ? -s.distance : s.distance;
  return std::make_tuple(int(s.category), !s.checkmate, !s.stalemate, !s.insufficient_material,
                         s.category == Category::Loss ? plies : -plies);
}

template <typename M>
void sort_moves(std::vector<MoveStanding<M>>& moves) {
  std::stable_sort(moves.begin(), moves.end(), [](const auto& x, const auto& y) { return sort_key(x) < sort_key(y); });
}

}  // namespace

std::string tablebase_json(const Position& pos, const Lookup& found) {
  const Answer* a = found.answer ? &*found.answer : nullptr;
  Json out;
  add_standing(out, standing(pos, a ? &a->value : nullptr, a && a->distance_known));
  out["rules"] = "chunker";
  out["origin"] = a ? origin_json(*a, false) : Json(nullptr);
  out["estimate"] = found.refusal ? refusal_json(*found.refusal) : Json(nullptr);
  std::vector<MoveStanding<Move>> moves;
  for (Move m : legal_moves(pos)) {
    // The opponent's value after the move, a ply nearer the end.
    Value after = 0;
    bool known = false;
    for (const MoveValue& v : a ? a->moves : std::vector<MoveValue>{})
      if (v.move == m) after = to_child(v.value), known = true;
    moves.push_back({m, standing(make_move(pos, m), known ? &after : nullptr, a && a->distance_known)});
  }
  sort_moves(moves);
  Json list = Json::array();
  for (const auto& m : moves) {
    Json move = {{"uci", uci(m.move)}, {"san", san(pos, m.move)}, {"zeroing", zeroing(pos, m.move)}};
    add_standing(move, m.after);
    move["fen"] = to_fen(make_move(pos, m.move));
    list.push_back(std::move(move));
  }
  out["moves"] = std::move(list);
  return out.dump();
}

std::string chess_tablebase_json(const ChessPosition& pos, const ChessLookup& found) {
  const ChessAnswer* a = found.answer ? &*found.answer : nullptr;
  Json out;
  add_standing(out, standing(pos, a ? &a->value : nullptr), true);
  out["rules"] = "chess";
  out["origin"] =
      a ? Json{{"source", a->solved_now ? "chess solve" : "chess table"}, {"root", a->table_root}} : Json(nullptr);
  out["estimate"] = found.refusal ? refusal_json(*found.refusal) : Json(nullptr);
  std::vector<MoveStanding<ChessMove>> moves;
  for (ChessMove m : pieces::legal_moves(pos)) {
    Value after = 0;
    bool known = false;
    for (const ChessMoveValue& v : a ? a->moves : std::vector<ChessMoveValue>{})
      if (v.move == m) after = to_child(v.value), known = true;
    moves.push_back({m, standing(pieces::make_move(pos, m), known ? &after : nullptr)});
  }
  sort_moves(moves);
  Json list = Json::array();
  for (const auto& m : moves) {
    Json move = {{"uci", pieces::uci(m.move)},
                 {"san", pieces::san(pos, m.move)},
                 {"zeroing", pieces::changes_material_or_pawns(pos, m.move)}};
    add_standing(move, m.after, true);
    move["fen"] = pieces::to_fen(pieces::make_move(pos, m.move));
    list.push_back(std::move(move));
  }
  out["moves"] = std::move(list);
  return out.dump();
}

}  // namespace chunker::serve
