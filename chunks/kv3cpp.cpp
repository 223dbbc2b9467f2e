#include "kv3cpp.h"

namespace chunker {

namespace {

constexpr std::uint32_t POW7[3] = {1, 7, 49};

}  // namespace

Bitboard kv3cpp_pawns(std::uint32_t slice) {
  const int group = kv3cpp_group_of_slice(slice);
  const std::uint32_t config = kv3cpp_config_of_slice(slice);
  Bitboard pawns = 0;
  for (int i = 0; i < 3; ++i) {
    const int code = int(config / POW7[i] % KV3CPP_CODES);
    if (code != KV3CPP_GONE) pawns |= square_bb(make_square(group + i, 1 + code));
  }
  return pawns;
}

Position kv3cpp_position(std::uint32_t index) {
  Position pos;
  pos.pawns[WHITE] = kv3cpp_pawns(kv3cpp_slice_of(index));
  pos.side = Color((index >> 6) & 1);
  pos.king[BLACK] = Square(index & 63);
  return pos;
}

std::uint32_t kv3cpp_index(const Position& chunk, int group) {
  std::uint32_t config = 0;
  for (int i = 0; i < 3; ++i) {
    const Bitboard on_file = chunk.pawns[WHITE] & file_bb(group + i);
    config += POW7[i] * std::uint32_t(on_file ? rank_of(lsb(on_file)) - 1 : KV3CPP_GONE);
  }
  return ((std::uint32_t(group) * KV3CPP_CONFIGS + config) << 7) | (std::uint32_t(chunk.side) << 6) |
         chunk.king[BLACK];
}

std::optional<Kv3cppInstance> kv3cpp_instance(const Position& pos, Color king_side) {
  Position chunk;
  chunk.pawns[~king_side] = pos.pawns[~king_side];
  chunk.king[king_side] = pos.king[king_side];
  chunk.side = pos.side;
  Kv3cppInstance instance{0, king_side == WHITE, false};
  if (instance.colour_reversed) chunk = colour_reversed(chunk);
  const Bitboard pawns = chunk.pawns[WHITE];
  if (popcount(pawns) > 3) return std::nullopt;
  int first = 7, last = 0;
  for (int f = 0; f < 8; ++f) {
    const int on_file = popcount(pawns & file_bb(f));
    if (on_file > 1) return std::nullopt;
    if (on_file) first = std::min(first, f), last = std::max(last, f);
  }
  if (pawns && last - first > 2) return std::nullopt;
  // The group starts at the leftmost pawn (a-c when there is none), moved
  // left where it would run off the board; groups right of c-e are mirrored.
  int group = pawns ? std::min(first, 5) : 0;
  if (group > 2) {
    chunk = mirrored(chunk);
    instance.mirrored = true;
    group = 5 - group;
  }
  instance.index = kv3cpp_index(chunk, group);
  return instance;
}

}  // namespace chunker
