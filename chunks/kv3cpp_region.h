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
#include <string>
#include <type_traits>

#include "chunks/kv3cpp.h"
#include "chunks/library_array.h"

namespace chunker {

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
  // A whole word, so that the struct has no padding and its library file
  // holds it byte for byte as built.
  std::uint64_t stuck_free = 1;
};
static_assert(std::has_unique_object_representations_v<StrategyRegion>);

// The regions of such a library, indexed as in kv3cpp.h; empty where no side
// wins. An entry's region joins those of its successors (the winner's chosen
// move, every move of the loser), all of smaller distance. The library file
// kv3cpp-regions holds those of kv3cpp-ams, built by `chunker libgen`
// (libgen/kv3cpp_region_build.h), since building those a search asks for is a
// large part of a short search's time.
struct Kv3cppRegions {
  LibraryArray<StrategyRegion> regions;  // KV3CPP_ENTRIES
  const StrategyRegion& operator[](std::uint32_t entry) const { return regions[entry]; }
};

constexpr const char* KV3CPP_REGIONS_NAME = "kv3cpp-regions";
void save_kv3cpp_regions(const Kv3cppRegions& library, const std::string& data_dir);
// Throws TableError naming `chunker libgen --only kv3cpp-regions` when the
// file is missing, damaged or stale.
Kv3cppRegions load_kv3cpp_regions(const std::string& data_dir);

// Squares of an entry's normal form on the board of a chunk instance.
// Inline: the schemas turn four regions a chunk at every node.
inline Bitboard board_squares(Bitboard normal, const Kv3cppInstance& instance) {
  if (instance.mirrored) normal = mirror_files(normal);
  return instance.colour_reversed ? flip_ranks(normal) : normal;
}

}  // namespace chunker
