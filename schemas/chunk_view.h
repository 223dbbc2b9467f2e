// A chunk of the default parse seen from the whole board: which library
// entry holds it with a given side to move, and what an entry's value means
// in the board's colours.
#pragma once

#include <array>
#include <optional>

#include "chunks/chunk_libraries.h"
#include "chunks/parse.h"

namespace chunker {

struct ChunkView {
  Kv3cppInstance instance;
  Color pawns;  // the colour of the chunk's pawns (the other colour has the king)

  ChunkView(const Kv3cppInstance& i, Color pawn_colour) : instance(i), pawns(pawn_colour) {}

  // The entry of the chunk with `side` (a board colour) to move.
  std::uint32_t entry(Color side) const {
    const std::uint32_t normal_side = std::uint32_t(side) ^ std::uint32_t(instance.colour_reversed);
    return (instance.index & ~(1u << 6)) | (normal_side << 6);
  }
  // The chunk's winner under a library with `side` to move; nullopt when the
  // entry cannot arise or is a draw.
  std::optional<Color> winner(const Kv3cppLibrary& library, Color side) const {
    const std::uint32_t i = entry(side);
    if (!library.legal(i) || library.value(i) == 0) return std::nullopt;
    return is_win(library.pawns_value(i)) ? pawns : ~pawns;
  }
  int distance(const Kv3cppLibrary& library, Color side) const { return distance_of(library.value(entry(side))); }
  // The strategy region of the chunk with `side` to move, its squares on the board.
  StrategyRegion region(const Kv3cppRegions& regions, Color side) const {
    StrategyRegion r = regions[entry(side)];
    for (Bitboard* squares : {&r.king, &r.later, &r.idle, &r.trapped_by}) *squares = board_squares(*squares, instance);
    return r;
  }
};

// The two chunks of the default parse, indexed by the colour of their pawns;
// nullopt when a side's pawns form no Kv3CPP chunk, when the two groups of
// pawns meet, or while a promoted piece waits to be taken (no chunk holds
// it: the search plays that reply out).
// Whether no pawn of one colour stands on the file of a pawn of the other or
// next to it. Such pawns can block and take each other: no chunk sees that,
// and the oracle's check covers only groups at least a file apart.
inline bool pawn_groups_apart(const Position& pos) {
  int files[COLOR_NB] = {0, 0};
  for (Color c : {WHITE, BLACK})
    for (Bitboard b = pos.pawns[c]; b;) files[c] |= 1 << file_of(pop_lsb(b));
  return !((files[WHITE] | files[WHITE] << 1 | files[WHITE] >> 1) & files[BLACK]);
}

inline std::optional<std::array<ChunkView, COLOR_NB>> pawn_chunks(const Position& pos) {
  if (pos.promoted != NO_SQUARE || !pawn_groups_apart(pos)) return std::nullopt;
  const DefaultParse parse = default_parse(pos);
  if (!parse.complete()) return std::nullopt;
  return std::array<ChunkView, COLOR_NB>{ChunkView{*parse.chunk[BLACK], WHITE}, ChunkView{*parse.chunk[WHITE], BLACK}};
}

}  // namespace chunker
