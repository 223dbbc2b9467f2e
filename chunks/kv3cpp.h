// The Kv3CPP chunk (docs/design.md §4): a lone king against up to three pawns of
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

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>

#include "engine/position.h"

namespace chunker {

constexpr int KV3CPP_GROUPS = 3;
constexpr int KV3CPP_CODES = 7;  // six ranks and gone
constexpr int KV3CPP_GONE = 6;
constexpr std::uint32_t KV3CPP_CONFIGS = 343;  // 7^3
constexpr std::uint32_t KV3CPP_SLICE = 2 * 64;
constexpr std::uint32_t KV3CPP_POW7[3] = {1, 7, 49};
constexpr std::uint32_t KV3CPP_ENTRIES = KV3CPP_GROUPS * KV3CPP_CONFIGS * KV3CPP_SLICE;

// Entry bits: slice (group * KV3CPP_CONFIGS + config) | side to move (1) | the lone Black king (6).
constexpr std::uint32_t kv3cpp_entry(std::uint32_t slice, Color side, Square king) {
  return (slice << 7) | (std::uint32_t(side) << 6) | std::uint32_t(king);
}
constexpr std::uint32_t kv3cpp_slice_of(std::uint32_t index) { return index >> 7; }
constexpr Color kv3cpp_side(std::uint32_t index) { return Color((index >> 6) & 1); }
constexpr Square kv3cpp_king(std::uint32_t index) { return Square(index & 63); }
constexpr int kv3cpp_group_of_slice(std::uint32_t slice) { return int(slice / KV3CPP_CONFIGS); }
constexpr std::uint32_t kv3cpp_config_of_slice(std::uint32_t slice) { return slice % KV3CPP_CONFIGS; }

// Every slice in an order where each comes after those its pawn moves and
// captures lead to (a larger config of the same group): from the top down.
template <typename F>
void for_each_kv3cpp_slice_in_order(F f) {
  for (int group = 0; group < KV3CPP_GROUPS; ++group)
    for (std::uint32_t config = KV3CPP_CONFIGS; config-- > 0;) f(std::uint32_t(group) * KV3CPP_CONFIGS + config);
}

// The pawns of a slice, White, on the group's files.
Bitboard kv3cpp_pawns(std::uint32_t slice);
// The partial position of an entry: White pawns, the Black king, no White king.
Position kv3cpp_position(std::uint32_t index);
// The entry of a partial position already in normal form, on group `group`.
inline std::uint32_t kv3cpp_index(const Position& chunk, int group) {
  std::uint32_t config = 0;
  for (int i = 0; i < 3; ++i) {
    const Bitboard on_file = chunk.pawns[WHITE] & file_bb(group + i);
    config += KV3CPP_POW7[i] * std::uint32_t(on_file ? rank_of(lsb(on_file)) - 1 : KV3CPP_GONE);
  }
  return kv3cpp_entry(std::uint32_t(group) * KV3CPP_CONFIGS + config, chunk.side, chunk.king[BLACK]);
}

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
// Inline: it is asked twice per schema at every node of a search and every
// position of a depth table.
inline std::optional<Kv3cppInstance> kv3cpp_instance(const Position& pos, Color king_side) {
  // The chunk is turned as bitboards and squares, not as a whole Position.
  Kv3cppInstance instance{0, king_side == WHITE, false};
  Position chunk;
  chunk.pawns[WHITE] = pos.pawns[~king_side];
  chunk.king[BLACK] = pos.king[king_side];
  chunk.side = pos.side;
  if (instance.colour_reversed) {
    chunk.pawns[WHITE] = flip_ranks(chunk.pawns[WHITE]);
    chunk.king[BLACK] = flip_rank(chunk.king[BLACK]);
    chunk.side = ~chunk.side;
  }
  Bitboard pawns = chunk.pawns[WHITE];
  const int count = popcount(pawns);
  if (count > 3) return std::nullopt;
  // The files of the pawns: the board's ranks or'ed into one byte.
  Bitboard folded = pawns | pawns >> 32;
  folded |= folded >> 16;
  folded |= folded >> 8;
  const int files = int(folded & 0xFF);
  if (popcount(Bitboard(files)) != count) return std::nullopt;  // two on one file
  const int first = files ? std::countr_zero(unsigned(files)) : 7,
            last = files ? 31 - std::countl_zero(unsigned(files)) : 0;
  if (pawns && last - first > 2) return std::nullopt;
  // The group starts at the leftmost pawn (a-c when there is none), moved
  // left where it would run off the board; groups right of c-e are mirrored.
  int group = pawns ? std::min(first, 5) : 0;
  if (group > 2) {
    chunk.pawns[WHITE] = mirror_files(pawns);
    chunk.king[BLACK] = mirror_file(chunk.king[BLACK]);
    instance.mirrored = true;
    group = 5 - group;
  }
  instance.index = kv3cpp_index(chunk, group);
  return instance;
}

}  // namespace chunker
