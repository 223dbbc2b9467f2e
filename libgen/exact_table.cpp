// The exact table: lookup, best play, and its file (exact.h).
#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <stdexcept>

#include "answered_promotion.h"
#include "exact_slice.h"
#include "library_file.h"
#include "retrograde.h"

namespace chunker {

void CarefulRules::keep_chess_replies(const Position& pos, MoveList& replies) const {
  if (pos.side != careful || pos.promoted == NO_SQUARE) return;
  MoveList kept;
  for (Move m : replies)
    if (chess_allows(pos, m)) kept.add(m);
  replies = kept;
}

std::optional<Value> CarefulRules::end(const Position& pos, std::optional<Value> by_rules) const {
  // Right after the opponent's unsafe promotion, no reply that chess allows
  // (keep_chess_replies): the new queen stays, and the game is counted lost.
  if (pos.side == careful && pos.promoted != NO_SQUARE && by_rules == 0) return loss_in(0);
  if (pos.side == careful) {
    // A safe promotion at hand (Chunker's win in 1) while the opponent has a
    // pawn a step from promoting, or one that could step to a check: played
    // out, its value found through the replies.
    const Bitboard seventh = careful == WHITE ? rank_bb(1) : rank_bb(6);
    const Bitboard checking = pawn_attacks(careful, king_bb(pos.king[careful]));
    if (by_rules == win_in(1) &&
        ((pos.pawns[~careful] & seventh) || (pawn_reach(~careful, pos.pawns[~careful]) & checking)))
      return std::nullopt;
    return by_rules;
  }
  if (pos.promoted == NO_SQUARE) return by_rules;
  // Right after the careful side's promotion: a pawn's mate wins for the
  // opponent (bench/match: deepest-abc-efg-w, 16.a8=Q f3-f2#). Otherwise the
  // replies listed are the capture of the new piece and safe promotions
  // (movegen.h); with none, the promotion was safe and nothing answers it:
  // the careful side wins.
  if (pawn_mates_after_promotion(pos)) return win_in(1);
  if (by_rules == 0) return loss_in(0);
  // A safe promotion answered by a safe promotion: the queens play on in
  // chess, and their first moves decide it, or it counts as a draw
  // (answered_promotion.h). bench/match, grigoriev-1928-race: 1.e4 won by
  // the rules, but 7.e8=Q a1=Q is only a draw in chess, where 1.d4 wins by
  // 8.d8=Q a1=Q 9.Qh8+.
  const Bitboard guard = KING_ATTACKS[pos.king[careful]] | pawn_attacks(careful, pos.pawns[careful]);
  const bool safe = !(KING_ATTACKS[pos.king[pos.side]] & square_bb(pos.promoted)) || (guard & square_bb(pos.promoted));
  if (by_rules != win_in(1) || !safe) return by_rules;
  // An answer that leaves the opponent's king in our new queen's check is
  // illegal in chess: with no other, the promotion stands.
  Value best = loss_in(0);
  for (Move answer : legal_moves(pos))
    if (chess_allows(pos, answer))
      best = std::max(best, from_child(answered_promotion_value(make_move(pos, answer), pos.promoted)));
  return best;
}

ExactTable::ExactTable(std::string root_fen, std::vector<PawnStructure> structures, TableBytes bytes,
                       std::optional<Color> careful)
    : root_fen_(std::move(root_fen)), structures_(std::move(structures)), bytes_(std::move(bytes)), careful_(careful) {
  slice_.reserve(structures_.size());
  for (std::uint32_t i = 0; i < structures_.size(); ++i) slice_.emplace(structures_[i], i);
}

std::optional<std::uint32_t> ExactTable::slice_of(const PawnStructure& s) const {
  auto it = slice_.find(s);
  if (it == slice_.end()) return std::nullopt;
  return it->second;
}

bool ExactTable::holds(const Position& pos) const {
  if (!slice_of(structure_of(pos))) return false;
  if (pos.ep == NO_SQUARE && pos.promoted == NO_SQUARE) return true;
  for (Move m : legal_moves(pos))
    if (!holds(make_move(pos, m))) return false;
  return true;
}

Value ExactTable::value(const Position& pos) const {
  auto find = [this](const PawnStructure& s) -> const std::uint8_t* {
    const auto slice = slice_of(s);
    return slice ? bytes_.data() + king_slice::index(*slice, 0) : nullptr;
  };
  return careful_ ? exact_value(pos, find, CarefulRules{*careful_}) : exact_value(pos, find);
}

std::vector<std::pair<Move, Value>> move_values(const ExactTable& table, const Position& pos) {
  std::vector<std::pair<Move, Value>> values;
  for (Move m : legal_moves(pos)) {
    const Position child = make_move(pos, m);
    // A safe promotion ends the game: the table knows nothing after it
    // (but for a careful side's, valued through the replies).
    const bool ends = m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m) && table.careful() != pos.side;
    values.emplace_back(m, ends ? win_in(1) : from_child(table.value(child)));
  }
  return values;
}

std::vector<Move> best_line(const Position& root, Value value,
                            const std::function<std::optional<MoveValues>(const Position&)>& moves_of) {
  std::vector<Move> line;
  Position pos = root;
  for (Value v = value; is_decisive(v) && distance_of(v) > 0; v = to_child(v)) {
    const auto values = moves_of(pos);
    if (!values) break;
    const auto best = std::find_if(values->begin(), values->end(), [&](const auto& mv) { return mv.second == v; });
    if (best == values->end()) throw std::logic_error("exact line: no move keeps a position's value");
    line.push_back(best->first);
    if (v == win_in(1)) break;  // the safe promotion
    pos = make_move(pos, best->first);
  }
  return line;
}

std::vector<Move> best_line(const ExactTable& table, const Position& root) {
  return best_line(root, table.value(root),
                   [&](const Position& pos) -> std::optional<MoveValues> { return move_values(table, pos); });
}

namespace {

constexpr std::uint32_t EXACT_FORMAT_VERSION = 1;
const TableHeader EXACT_HEADER{"exact", "slice=side|white king|black king", EXACT_FORMAT_VERSION};

// What the file holds, in the form Boost.Serialization writes.
struct ExactPayload {
  std::string root_fen;
  std::vector<std::uint64_t> white, black;  // each structure's pawns
  std::vector<std::uint8_t> bytes;
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& root_fen& white& black& bytes;
  }
};

}  // namespace

void save_exact(const ExactTable& table, const std::string& path) {
  if (table.careful()) throw std::logic_error("save_exact: a careful table is not saved");
  ExactPayload payload{table.root_fen(), {}, {}, {table.bytes().begin(), table.bytes().end()}};
  for (const PawnStructure& s : table.structures()) {
    payload.white.push_back(s.pawns[WHITE]);
    payload.black.push_back(s.pawns[BLACK]);
  }
  save_library_file(payload, EXACT_HEADER, path);
}

ExactTable load_exact(const std::string& path) {
  const auto payload = load_library_file<ExactPayload>(
      EXACT_HEADER, path, "chunker solve FEN --save " + path, [](const ExactPayload& p) {
        return p.white.size() == p.black.size() && p.bytes.size() == p.white.size() * king_slice::SIZE;
      });
  std::vector<PawnStructure> structures;
  for (std::size_t i = 0; i < payload.white.size(); ++i) structures.push_back({{payload.white[i], payload.black[i]}});
  return ExactTable(payload.root_fen, std::move(structures), TableBytes(payload.bytes.begin(), payload.bytes.end()));
}

}  // namespace chunker
