// The chess-exact table's lookups, plan and lines (chess_table.h).
#include "exact/chess/chess_table.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <unordered_set>

namespace chunker {

ChessTable::ChessTable(std::string root_fen, std::vector<SliceKey> keys, SliceStore store)
    : root_fen_(std::move(root_fen)), keys_(std::move(keys)), store_(std::move(store)) {
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

const SliceView* ChessTable::held(const SliceKey& key) const {
  const auto it = slice_.find(key);
  return it == slice_.end() ? nullptr : &views_[it->second];
}

const SliceView* ChessTable::find(const SliceKey& key) const {
  const SliceView* view = held(key);
  return view || !store_.enabled() ? view : read_from_store(key);
}

const SliceView* ChessTable::read_from_store(const SliceKey& key) const {
  std::lock_guard lock(from_store_mutex_);
  auto& slice = from_store_[key];
  if (slice) return &slice->view;
  // Its own file, else its colour-reversed twin's.
  for (const bool reversed : {false, true}) {
    const SliceKey file = reversed ? colour_reversed(key) : key;
    auto read = std::make_unique<StoredSlice>(StoredSlice{SliceCodec(file), {}, {}});
    read->bytes.resize(read->codec.size());
    if (!store_.load(file, read->bytes)) continue;
    read->view = {&read->codec, read->bytes.data(), reversed};
    slice = std::move(read);
    return &slice->view;
  }
  from_store_.erase(key);  // a later solve may store it
  return nullptr;
}

const std::uint8_t* ChessTable::stored(const SliceKey& key) const {
  const SliceView* view = held(key);
  return view && !view->reversed ? view->bytes : nullptr;
}

bool ChessTable::holds(const ChessPosition& pos) const {
  if (pos.ep == NO_SQUARE) return held(key_of(pos)) != nullptr;
  const pieces::ChessMoveList moves = pieces::legal_moves(pos);
  return std::all_of(moves.begin(), moves.end(), [&](ChessMove m) { return holds(pieces::make_move(pos, m)); });
}

Value ChessTable::value(const ChessPosition& pos) const {
  return chess_value(pos, [this](const SliceKey& k) { return find(k); });
}

ChessPlan plan_chess(const ChessPosition& root, std::uint64_t memory_bytes, unsigned workers, const SliceStore& store) {
  // A slice's index entry, codec and view; a solver's state per position
  // (each worker keeps the three solvers, each sized by the largest slice it
  // has solved, so that at worst the workers hold the largest few: the
  // general solver sized by a slice's positions, a row solver by its rows'
  // placements: its arrays, and its lists of events, which grow with the
  // distances, as the longest slices need).
  constexpr std::uint64_t BYTES_PER_SLICE = 160, SOLVER_BYTES = 4, ROW_SOLVER_BYTES = 4;
  // Counting goes on this far past the budget, so that a refusal can say
  // how far over it a root is.
  constexpr std::uint64_t COUNT_PAST_BUDGET = 16;
  ChessPlan plan;
  std::unordered_set<SliceKey, SliceKeyHash> stored;
  const auto read = [&](const SliceKey& k) {
    if (!store.has(k)) return false;
    stored.insert(k);
    return true;
  };
  auto keys = reachable_slices(root, std::max<std::uint64_t>(memory_bytes, 1) * COUNT_PAST_BUDGET, plan.positions,
                               store.enabled() ? read : std::function<bool(const SliceKey&)>());
  plan.counted = keys.has_value();
  std::vector<std::uint64_t> general, bare_king, both_sides;
  if (keys) {
    plan.slices = keys->size();
    for (const SliceKey& k : *keys) {
      if (stored.count(k)) continue;  // read, not solved
      if (bare_king_slice(k))
        bare_king.push_back(row_positions(k));
      else if (both_sides_slice(k))
        both_sides.push_back(row_positions(k));
      else
        general.push_back(slice_positions(k));
    }
  }
  // The `workers` largest of a solver's slices.
  const auto largest = [workers](std::vector<std::uint64_t>& sizes) {
    const auto end = sizes.begin() + std::min<std::size_t>(workers, sizes.size());
    std::partial_sort(sizes.begin(), end, sizes.end(), std::greater<>());
    return std::accumulate(sizes.begin(), end, std::uint64_t(0));
  };
  plan.bytes = plan.positions + plan.slices * BYTES_PER_SLICE + SOLVER_BYTES * largest(general) +
               ROW_SOLVER_BYTES * (largest(bare_king) + largest(both_sides));
  // What the counts above miss (the allocator's free lists, the process
  // itself).
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
