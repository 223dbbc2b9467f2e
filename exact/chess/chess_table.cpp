// The chess-exact table's lookups, plan and lines (chess_table.h).
#include "exact/chess/chess_table.h"

#include <algorithm>
#include <functional>
#include <limits>
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

namespace {

// A slice's index entry, codec and view; a solver's state per position
// (each worker keeps the three solvers, each sized by the largest slice it
// has solved, so that at worst the workers hold the largest few: the
// general solver sized by a slice's positions, a row solver by its rows'
// placements: its arrays, and its lists of events, which grow with the
// distances, as the longest slices need).
constexpr std::uint64_t BYTES_PER_SLICE = 160, SOLVER_BYTES = 4, ROW_SOLVER_BYTES = 4;

}  // namespace

void ChessMemory::hold(const SliceKey& key, bool solved) {
  const std::uint64_t more = slice_positions(key);  // the sum saturates, as reachable_slices's does
  positions_ = std::min(positions_, std::numeric_limits<std::uint64_t>::max() - more) + more;
  ++slices_;
  if (!solved) return;
  const int kind = bare_king_slice(key) ? 1 : both_sides_slice(key) ? 2 : 0;
  auto& largest = largest_[std::size_t(kind)];
  const std::uint64_t size = kind ? ROW_SOLVER_BYTES * row_positions(key) : SOLVER_BYTES * slice_positions(key);
  // The `workers` largest of a solver's slices.
  largest.insert(std::upper_bound(largest.begin(), largest.end(), size, std::greater<>()), size);
  if (largest.size() > workers_) largest.pop_back();
}

std::uint64_t ChessMemory::bytes() const {
  std::uint64_t bytes = positions_ + slices_ * BYTES_PER_SLICE;
  for (const auto& largest : largest_) bytes += std::accumulate(largest.begin(), largest.end(), std::uint64_t(0));
  // What the counts above miss (the allocator's free lists, the process
  // itself).
  return bytes + bytes / 32;
}

ChessPlan plan_chess(const ChessPosition& root, std::uint64_t memory_bytes, unsigned workers, const SliceStore& store) {
  // Counting goes on this far past the budget, so that a refusal can say
  // how far over it a root is.
  constexpr std::uint64_t COUNT_PAST_BUDGET = 16;
  ChessPlan plan;
  std::unordered_set<SliceKey, SliceKeyHash> stored;
  // A slice whose colour-reversed twin is stored is solved, not read (the
  // store keeps one of a pair solved together), but what it leads to is
  // stored too: the twin's, reversed.
  const auto read = [&](const SliceKey& k) {
    if (!store.has(k)) return store.has(colour_reversed(k));
    stored.insert(k);
    return true;
  };
  auto keys = reachable_slices(root, std::max<std::uint64_t>(memory_bytes, 1) * COUNT_PAST_BUDGET, plan.positions,
                               store.enabled() ? read : std::function<bool(const SliceKey&)>());
  plan.counted = keys.has_value();
  ChessMemory memory(workers);
  if (keys) {
    plan.slices = keys->size();
    for (const SliceKey& k : *keys) memory.hold(k, !stored.count(k));  // a stored slice is read, not solved
    plan.bytes = memory.bytes();
  } else {
    plan.bytes = plan.positions + plan.positions / 32;  // a lower bound, as the positions are
  }
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
