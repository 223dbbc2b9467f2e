// The strategy regions of a Kv3CPP library played with alternating moves (AM,
// or AMS, which Level 1 uses): for every decided entry, a
// winning strategy that keeps to distance-optimal moves, and the squares the
// lone king can stand on while the winner plays it and the loser plays
// anything. A schema that lets two chunk games run side by side (Level 1)
// asks them where the kings can meet, instead of letting each king go
// anywhere within its horizon.
//
// The strategy is the winner's choice, and it still wins within the entry's
// distance. Where the winner has several optimal moves it plays one that
// never leaves it or the lone king without a move in the chunk (on the board
// that would be a move out of turn, or stalemate) if there is one, and among
// those the one whose region, widened by a square, is smallest: Level 1 asks
// whether the other king comes within a square of it.
//
// Only positions with the loser to move count: Level 1's winner answers in
// the chunk where the loser moved, so each king moves only while the chunk
// of the other king stands with the loser to move (level1_am.h). An unsafe
// promotion and the capture it forces count as one step. The square where
// the king took the last pawn counts (the king stays there); the game ends
// at a safe promotion or a mate, and the squares after it do not.
#pragma once

#include <cstdint>

#include "chunks/kv3cpp.h"
#include "engine/zeroed_memory.h"

namespace chunker {

struct Kv3cppLibrary;

// Squares are in the entry's normal form (board_squares() maps them).
struct StrategyRegion {
  Bitboard king = 0;   // the lone king's squares
  Bitboard later = 0;  // those after the entry's first move (where a winning king moves to)
  // The lone king's squares where the loser, to move, has no move in the
  // chunk and is not mated: its pawns gone or blocked, or its king shut in.
  Bitboard idle = 0;
  // Where another king would leave the losing lone king, out of check, no
  // move in the chunk.
  Bitboard trapped_by = 0;
  // Whether the strategy never leaves the winner, nor the lone king, without
  // a move in the chunk (the loser's pawns may be left so: its king moves).
  bool stuck_free = true;
};

// The regions of such a library, indexed as in kv3cpp.h; empty where no side
// wins. An entry's region joins those of its successors (the winner's chosen
// move, every move of the loser), all of smaller distance. Each is built the
// first time it is asked for, with the successors it joins: a search asks
// for few of the library's entries, and building all of them took longer
// than a short proof. The built ones lie together, in the order built, so
// that a search touches little memory. Thread-safe without a lock: threads
// that build the same region at once build the same, and the first to
// publish it is kept.
class Kv3cppRegions {
 public:
  explicit Kv3cppRegions(const Kv3cppLibrary& am);
  StrategyRegion operator[](std::uint32_t entry) const;

 private:
  StrategyRegion build(std::uint32_t entry) const;
  const Kv3cppLibrary* am_;
  Zeroed<std::uint32_t> stored_at_;  // by entry: 1 + the region's place in built_; 0: not built
  Zeroed<StrategyRegion> built_;     // KV3CPP_ENTRIES places
  mutable std::uint32_t built_count_ = 0;
};

// Squares of an entry's normal form on the board of a chunk instance.
Bitboard board_squares(Bitboard normal, const Kv3cppInstance& instance);

}  // namespace chunker
