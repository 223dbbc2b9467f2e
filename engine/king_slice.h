// The two-king slice: every table Chunker builds over a fixed set of pawns
// (the oracle, the exact solver, the knowledge depth, KPK, K3CPPvK) numbers
// the placements of the side to move and the two kings the same way, and
// reads and writes them only through this codec.
//
// Local index bits (12 ... 0): side to move (1) | white king (6) | black king (6).
// A table of slices puts slice s's local l at s * SIZE + l (index()).
// One-byte tables mark a placement that cannot arise with ILLEGAL_BYTE.
#pragma once

#include <cstdint>

#include "engine/position.h"

namespace chunker::king_slice {

constexpr int BITS = 13;
constexpr std::uint32_t SIZE = 1u << BITS;  // 2 sides * 64 * 64
constexpr std::uint32_t SIDE_BIT = 1u << 12;
constexpr std::uint8_t ILLEGAL_BYTE = 255;

constexpr std::uint32_t local(Color side, Square white_king, Square black_king) {
  return (std::uint32_t(side) << 12) | (std::uint32_t(white_king) << 6) | std::uint32_t(black_king);
}
inline std::uint32_t local(const Position& pos) { return local(pos.side, pos.king[WHITE], pos.king[BLACK]); }

constexpr Color side(std::uint32_t local) { return Color((local >> 12) & 1); }
constexpr Square king(std::uint32_t local, Color c) { return Square(c == WHITE ? (local >> 6) & 63 : local & 63); }

// Sets the side to move and the kings of `pos` from a local index.
inline void place(Position& pos, std::uint32_t local) {
  pos.side = side(local);
  pos.king[WHITE] = king(local, WHITE);
  pos.king[BLACK] = king(local, BLACK);
}

constexpr std::uint64_t index(std::uint64_t slice, std::uint32_t local) { return (slice << BITS) | local; }
constexpr std::uint64_t slice_of(std::uint64_t index) { return index >> BITS; }
constexpr std::uint32_t local_of(std::uint64_t index) { return std::uint32_t(index & (SIZE - 1)); }

}  // namespace chunker::king_slice
