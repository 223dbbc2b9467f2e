// The chess-exact table's lookups, plan and lines (chess_table.h).
#include "exact/chess/chess_table.h"

#include <algorithm>

namespace chunker {

ChessTable::ChessTable(std::string root_fen, std::vector<SliceKey> keys)
    : root_fen_(std::move(root_fen)), keys_(std::move(keys)) {
  std::uint64_t total = 0;
  std::vector<std::uint32_t> twin(keys_.size());
  for (std::uint32_t i = 0; i < keys_.size(); ++i) {
    codecs_.emplace_back(keys_[i]);
    slice_.emplace(keys_[i], i);
    const auto reversed = slice_.find(colour_reversed(keys_[i]));
    twin[i] = reversed != slice_.end() && reversed->second != i ? reversed->second : i;
    offsets_.push_back(total);
    if (twin[i] == i) total += codecs_.back().size();
  }
  bytes_.resize(total);
  for (std::uint32_t i = 0; i < keys_.size(); ++i)
    views_.push_back({&codecs_[twin[i]], bytes_.data() + offsets_[twin[i]], twin[i] != i});
}

const SliceView* ChessTable::find(const SliceKey& key) const {
  const auto it = slice_.find(key);
  return it == slice_.end() ? nullptr : &views_[it->second];
}

const std::uint8_t* ChessTable::stored(const SliceKey& key) const {
  const SliceView* view = find(key);
  return view && !view->reversed ? view->bytes : nullptr;
}

bool ChessTable::holds(const ChessPosition& pos) const {
  if (pos.ep == NO_SQUARE) return find(key_of(pos)) != nullptr;
  const pieces::ChessMoveList moves = pieces::legal_moves(pos);
  return std::all_of(moves.begin(), moves.end(), [&](ChessMove m) { return holds(pieces::make_move(pos, m)); });
}

Value ChessTable::value(const ChessPosition& pos) const {
  return chess_value(pos, [this](const SliceKey& k) { return find(k); });
}

ChessPlan plan_chess(const ChessPosition& root, std::uint64_t memory_bytes, unsigned workers) {
  // A slice's index entry, codec and view; a solver's state per position
  // (each worker keeps the three solvers, each sized by the largest slice it
  // solves; the row solvers' rows cover a pawnless slice's positions a
  // quarter over, and their lists of events grow with the distances: a
  // KQRvKQ slice takes 3.9 bytes a position at its peak).
  constexpr std::uint64_t BYTES_PER_SLICE = 160, SOLVER_BYTES = 4, ROW_SOLVER_BYTES = 4;
  // Counting goes on this far past the budget, so that a refusal can say
  // how far over it a root is.
  constexpr std::uint64_t COUNT_PAST_BUDGET = 16;
  ChessPlan plan;
  auto keys = reachable_slices(root, std::max<std::uint64_t>(memory_bytes, 1) * COUNT_PAST_BUDGET, plan.positions);
  plan.counted = keys.has_value();
  std::uint64_t largest = 0, largest_bare_king = 0, largest_both_sides = 0;
  if (keys) {
    plan.slices = keys->size();
    for (const SliceKey& k : *keys) {
      std::uint64_t& of_its_solver = bare_king_slice(k)    ? largest_bare_king
                                     : both_sides_slice(k) ? largest_both_sides
                                                           : largest;
      of_its_solver = std::max(of_its_solver, slice_positions(k));
    }
  }
  plan.bytes =
      plan.positions + plan.slices * BYTES_PER_SLICE +
      std::uint64_t(workers) * (SOLVER_BYTES * largest + ROW_SOLVER_BYTES * (largest_bare_king + largest_both_sides));
  // What the counts above miss (the allocator's free lists, the process
  // itself): a KPPvKP root peaked 2% over them.
  plan.bytes += plan.bytes / 32;
  if (keys && plan.bytes <= memory_bytes) plan.fitting = std::move(keys);
  return plan;
}

std::vector<std::pair<ChessMove, Value>> move_values(const ChessTable& table, const ChessPosition& pos) {
  std::vector<std::pair<ChessMove, Value>> out;
  for (ChessMove m : pieces::legal_moves(pos)) out.emplace_back(m, from_child(table.value(pieces::make_move(pos, m))));
  return out;
}

std::vector<ChessMove> best_line(const ChessTable& table, const ChessPosition& root) {
  std::vector<ChessMove> line;
  ChessPosition pos = root;
  for (Value v = table.value(pos); is_decisive(v) && distance_of(v) > 0;) {
    ChessMove best;
    for (const auto& [m, mv] : move_values(table, pos))
      if (mv == v) {
        best = m;
        break;
      }
    if (best.is_none()) throw std::logic_error("chess table: no move keeps a position's value");
    line.push_back(best);
    pos = pieces::make_move(pos, best);
    v = table.value(pos);
  }
  return line;
}

}  // namespace chunker
