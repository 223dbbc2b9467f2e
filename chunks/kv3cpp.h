// The Kv3CPP chunk (DESIGN.md §4): a lone king against up to three pawns of
// the other colour on three adjacent files, the pawns' side without a king of
// its own here. Every instance is kept in one normal form: the pawns White
// and the king Black (a chunk of black pawns is seen colour-reversed), the
// pawns on a-c, b-d or c-e (a group further right is seen in the file mirror).
//
// Index of an entry (17 bits):  group * 343 + config (10 bits) | side to move (1) | king square (6)
// where group 0, 1, 2 is a-c, b-d, c-e and config = sum of code_i * 7^i over
// the group's files from the left, a pawn's code being its rank from White's
// side (second rank 0 ... seventh rank 5) or 6 when it is gone. A pawn move or
// a capture only raises codes, so a slice (one group and config) depends only
// on slices of the same group with a larger config.
#pragma once

#include <cstdint>
#include <optional>

#include "position.h"

namespace chunker {

constexpr int KV3CPP_GROUPS = 3;
constexpr int KV3CPP_CODES = 7;  // six ranks and gone
constexpr int KV3CPP_GONE = 6;
constexpr std::uint32_t KV3CPP_CONFIGS = 343;  // 7^3
constexpr std::uint32_t KV3CPP_SLICE = 2 * 64;
constexpr std::uint32_t KV3CPP_ENTRIES = KV3CPP_GROUPS * KV3CPP_CONFIGS * KV3CPP_SLICE;

constexpr std::uint32_t kv3cpp_slice_of(std::uint32_t index) { return index >> 7; }
constexpr int kv3cpp_group_of_slice(std::uint32_t slice) { return int(slice / KV3CPP_CONFIGS); }
constexpr std::uint32_t kv3cpp_config_of_slice(std::uint32_t slice) { return slice % KV3CPP_CONFIGS; }

// The pawns of a slice, White, on the group's files.
Bitboard kv3cpp_pawns(std::uint32_t slice);
// The partial position of an entry: White pawns, the Black king, no White king.
Position kv3cpp_position(std::uint32_t index);
// The entry of a partial position already in normal form, on group `group`.
std::uint32_t kv3cpp_index(const Position& chunk, int group);

// A chunk found in a whole position: the lone king of `king_side` and the
// pawns of the other colour. `index` is its entry; the flags say how the
// position was turned to reach the normal form.
struct Kv3cppInstance {
  std::uint32_t index;
  bool colour_reversed;
  bool mirrored;
};
// nullopt when those pawns do not form a chunk: more than three, two on one
// file, or not within three adjacent files.
std::optional<Kv3cppInstance> kv3cpp_instance(const Position& pos, Color king_side);

}  // namespace chunker
