// The chess-exact solver: any position of kings, pawns and pieces solved by
// retrograde analysis of every position reachable from it, under chess's
// rules played on to mate (docs/design.md §6): checkmate loses, stalemate
// and a dead position draw, a repetition draws (what retrograde analysis
// never reaches is endless play), and there is no 50-move rule. Values are
// for the side to move with the distance to mate in plies, the winner
// hurrying and the loser delaying, one byte a position (NO_POSITION_BYTE
// below) up to a mate in 254 plies.
//
// The slices (chess_slices.h) are solved in order by retrograde.h's loop,
// each by itself once the slices its moves lead to are done. As in the
// king-and-pawn solver (exact.h), a position with an en-passant right is
// not stored: its value is the best of its moves'.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "chunks/table_file.h"
#include "engine/pieces/chess_moves.h"
#include "exact/chess/chess_slices.h"
#include "exact/chess/slice_store.h"
#include "exact/exact.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using pieces::ChessMove;

// One solved slice as a lookup sees it. A slice whose colour-reversed twin
// is held too is not stored: its view reads the twin's, positions reversed.
struct SliceView {
  const SliceCodec* codec = nullptr;
  const std::uint8_t* bytes = nullptr;
  bool reversed = false;
};

// The value of a legal position without an en-passant right in the slice
// `view` holds.
inline Value view_value(const SliceView& view, const ChessPosition& pos) {
  return OracleTable::decode(view.bytes[view.codec->local(view.reversed ? pieces::colour_reversed(pos) : pos)]);
}

// A chess slice's bytes: OracleTable's encoding (0 a draw, d + 1 a win or
// loss in d plies) but where a number is no position's, which no lookup
// reaches: 0 there too, so that 255 holds a loss in 254 plies. The longest
// mate of five men or fewer takes that long (KPPvKP); a longer one is
// refused.
constexpr std::uint8_t NO_POSITION_BYTE = 0;
constexpr int CHESS_MAX_DISTANCE = 254;

// A lookup reached a slice that neither the table nor its store holds: a
// slice the plan read from the store instead of what lies beyond it was
// damaged, and one beyond it is gone.
struct SliceNotHeld : std::logic_error {
  explicit SliceNotHeld(const ChessPosition& pos)
      : std::logic_error("chess table: a position outside its slices and its store: " + pieces::to_fen(pos)) {}
};

// The value of a legal position whose slices `find` (SliceKey -> const
// SliceView*, null where not held) holds.
template <typename Find>
Value chess_value(const ChessPosition& pos, const Find& find) {
  if (pos.ep != NO_SQUARE) {
    const pieces::ChessMoveList moves = pieces::legal_moves(pos);
    if (moves.empty()) return pieces::in_check(pos) ? loss_in(0) : 0;
    Value best = -VALUE_INFINITE;
    for (ChessMove m : moves) best = std::max(best, from_child(chess_value(pieces::make_move(pos, m), find)));
    return best;
  }
  const SliceView* slice = find(key_of(pos));
  if (!slice) throw SliceNotHeld(pos);
  return view_value(*slice, pos);
}

class ChessTable {
 public:
  // Slices not among `keys` that a lookup reaches are read from `store`
  // when first reached (those a stored slice's moves lead to: the plan
  // leaves them out, reachable_slices).
  ChessTable(std::string root_fen, std::vector<SliceKey> keys, SliceStore store = SliceStore());
  ChessTable(const ChessTable&) = delete;
  ChessTable& operator=(const ChessTable&) = delete;

  const std::string& root_fen() const { return root_fen_; }
  const std::vector<SliceKey>& keys() const { return keys_; }
  // The positions stored: those of the slices not read through a twin.
  std::uint64_t positions() const { return bytes_.size(); }
  // The bytes of a slice it stores (not read through a twin), else null.
  const std::uint8_t* stored(const SliceKey& key) const;
  // Whether the slice of `pos` is held (with an en-passant right, those of
  // its moves): then every position reachable from it is held or in the
  // store.
  bool holds(const ChessPosition& pos) const;
  // The exact value of a legal position it holds, or whose slice is in the
  // store, for the side to move.
  Value value(const ChessPosition& pos) const;
  // A slice's view: held, else read from the store; null where neither has it.
  const SliceView* find(const SliceKey& key) const;

  // For the builder: slice i's codec and bytes, and whether it is read
  // through its colour-reversed twin (then it is not solved).
  const SliceCodec& codec(std::uint32_t slice) const { return codecs_[slice]; }
  std::uint8_t* bytes(std::uint32_t slice) { return bytes_.data() + offsets_[slice]; }
  bool reversed(std::uint32_t slice) const { return views_[slice].reversed; }

 private:
  std::string root_fen_;
  std::vector<SliceKey> keys_;  // in solving order
  std::vector<SliceCodec> codecs_;
  std::vector<std::uint64_t> offsets_;
  // Left unset until each slice is solved or read: zero-filling first would
  // touch every page twice.
  TableBytes bytes_;
  std::vector<SliceView> views_;
  std::unordered_map<SliceKey, std::uint32_t, SliceKeyHash> slice_;
  // Slices read from the store as lookups reach them (null: not there),
  // behind a lock: a server's threads share the table.
  SliceStore store_;
  struct StoredSlice {
    SliceCodec codec;
    TableBytes bytes;
    SliceView view;
  };
  mutable std::mutex from_store_mutex_;
  mutable std::unordered_map<SliceKey, std::unique_ptr<StoredSlice>, SliceKeyHash> from_store_;
  const SliceView* held(const SliceKey& key) const;
  const SliceView* read_from_store(const SliceKey& key) const;
};

// What a solve may use and report besides the slices.
struct ChessSources {
  unsigned workers = 1;
  // Called now and then from the calling thread: positions done of the total.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress = [](std::uint64_t, std::uint64_t) {};
  // Set by another thread to end the solve: build_chess throws ExactCancelled.
  const std::atomic<bool>* cancel = nullptr;
  // Where finished slices are read from and written to.
  SliceStore store;
  // A slice already solved elsewhere (a table this process holds): its bytes
  // are copied instead of solving it; null where none holds it.
  std::function<const std::uint8_t*(const SliceKey&)> solved;
  // Runs the groups of slices instead of retro::solve_in_order where given
  // (chunker-mpi: each rank solves its share, exchanged after each group).
  retro::GroupRunner run;
  // Filled in: how many slices were read from the store, and the first
  // error writing one (the solve goes on without it).
  std::uint64_t* from_store = nullptr;
  std::string* not_stored = nullptr;
};

// Solves every slice of `keys` (reachable_slices(root, ...), in solving
// order), the table named by its root's FEN. A worker's error (SliceNotHeld,
// memory) ends the solve and is thrown here.
std::unique_ptr<ChessTable> build_chess(std::string root_fen, std::vector<SliceKey> keys, const ChessSources& sources);

// What a solve of some slices holds at most: the table's bytes and the
// workers' solvers (for each solver, the general one, the bare king's and
// the one for both sides' men, four bytes a position of as many of its
// largest slices as there are workers, a row solver's counted by its rows'
// placements), and 1/32 more.
class ChessMemory {
 public:
  explicit ChessMemory(unsigned workers) : workers_(std::max(workers, 1u)) {}
  // A slice held: solved, or read from the store.
  void hold(const SliceKey& key, bool solved);
  std::uint64_t bytes() const;

 private:
  unsigned workers_;
  std::uint64_t positions_ = 0, slices_ = 0;
  // Each solver's largest slices' bytes, at most `workers_`, largest first.
  std::array<std::vector<std::uint64_t>, 3> largest_;
};

// The reachable set counted against a memory budget (ChessMemory).
struct ChessPlan {
  std::uint64_t positions = 0;  // reachable; a lower bound when !counted
  std::uint64_t slices = 0;
  bool counted = true;  // false: counting stopped past the budget
  std::uint64_t bytes = 0;
  std::optional<std::vector<SliceKey>> fitting;  // the keys, when within the budget
};
// The slices `store` holds are read, not solved, and the plan leaves out
// the slices only they lead to; so does a slice whose colour-reversed twin
// it holds, solved then from the twin's moves' slices.
ChessPlan plan_chess(const ChessPosition& root, std::uint64_t memory_bytes, unsigned workers,
                     const SliceStore& store = SliceStore());

// The value of each legal move of a held position, in move-generation order.
std::vector<std::pair<ChessMove, Value>> move_values(const ChessTable& table, const ChessPosition& pos);
// Best play to mate while the value is decisive (the winner's quickest, the
// loser's longest); empty for a draw.
std::vector<ChessMove> best_line(const ChessTable& table, const ChessPosition& pos);

}  // namespace chunker
