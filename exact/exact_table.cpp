// The exact table: lookup, best play, and its file (exact.h).
#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <stdexcept>

#include "chunks/library_file.h"
#include "exact/exact_slice.h"
#include "exact/retrograde.h"

namespace chunker {

ExactTable::ExactTable(std::string root_fen, std::vector<PawnStructure> structures, TableBytes bytes,
                       std::shared_ptr<const SideRules> rules)
    : root_fen_(std::move(root_fen)),
      structures_(std::move(structures)),
      bytes_(std::move(bytes)),
      rules_(std::move(rules)) {
  slice_.reserve(structures_.size());
  for (std::uint32_t i = 0; i < structures_.size(); ++i) slice_.emplace(structures_[i], i);
}

std::optional<std::uint32_t> ExactTable::slice_of(const PawnStructure& s) const {
  auto it = slice_.find(s);
  if (it == slice_.end()) return std::nullopt;
  return it->second;
}

bool holds_reachable(const Position& pos, const std::function<bool(const PawnStructure&)>& held) {
  if (!held(structure_of(pos))) return false;
  if (pos.ep == NO_SQUARE && pos.promoted == NO_SQUARE) return true;
  for (Move m : legal_moves(pos))
    if (!holds_reachable(make_move(pos, m), held)) return false;
  return true;
}

bool ExactTable::holds(const Position& pos) const {
  return holds_reachable(pos, [this](const PawnStructure& s) { return slice_of(s).has_value(); });
}

Value ExactTable::value(const Position& pos) const {
  auto find = [this](const PawnStructure& s) -> const std::uint8_t* {
    const auto slice = slice_of(s);
    return slice ? bytes_.data() + king_slice::index(*slice, 0) : nullptr;
  };
  return rules_ ? exact_value(pos, find, SideRulesRef{rules_.get()}) : exact_value(pos, find);
}

std::vector<std::pair<Move, Value>> move_values(const ExactTable& table, const Position& pos) {
  std::vector<std::pair<Move, Value>> values;
  for (Move m : legal_moves(pos)) {
    const Position child = make_move(pos, m);
    // A safe promotion ends the game: the table knows nothing after it
    // (but for the side of other rules, valued through the replies).
    const bool ends = m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m) &&
                      !(table.rules() && table.rules()->side() == pos.side);
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

void save_exact(const ExactTable& table, const std::string& path, Durability durability) {
  if (table.rules()) throw std::logic_error("save_exact: a table of other rules than Chunker's is not saved");
  ExactPayload payload{table.root_fen(), {}, {}, {table.bytes().begin(), table.bytes().end()}};
  for (const PawnStructure& s : table.structures()) {
    payload.white.push_back(s.pawns[WHITE]);
    payload.black.push_back(s.pawns[BLACK]);
  }
  save_library_file(payload, EXACT_HEADER, path, durability);
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
