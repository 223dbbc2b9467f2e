// Bitboard helpers and the attack tables of the two pieces of the domain.
#pragma once

#include <algorithm>
#include <array>
#include <bit>

#include "engine/types.h"

namespace chunker {

constexpr Bitboard FILE_A = 0x0101010101010101ULL;
constexpr Bitboard FILE_H = FILE_A << 7;
constexpr Bitboard RANK_1 = 0xFFULL;
constexpr Bitboard RANK_8 = RANK_1 << 56;

constexpr Bitboard rank_bb(int rank) { return RANK_1 << (8 * rank); }
constexpr Bitboard file_bb(int file) { return FILE_A << file; }

// Without the instruction (the portable build) std::popcount is a call into
// the compiler's library, which looks up each byte in a table; the
// arithmetic form below stays inline.
inline int popcount(Bitboard b) {
#ifdef __POPCNT__
  return std::popcount(b);
#else
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#endif
}
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Every pawn of colour c moved one rank forward.
constexpr Bitboard push(Color c, Bitboard b) { return c == WHITE ? b << 8 : b >> 8; }
// The squares the pawns `b` of colour c attack.
constexpr Bitboard pawn_attacks(Color c, Bitboard b) {
  Bitboard ahead = push(c, b);
  return ((ahead & ~FILE_A) >> 1) | ((ahead & ~FILE_H) << 1);
}

constexpr Bitboard king_attacks_of(Square s) {
  Bitboard b = square_bb(s);
  Bitboard row = b | ((b & ~FILE_A) >> 1) | ((b & ~FILE_H) << 1);
  return (row | (row << 8) | (row >> 8)) & ~b;
}

// One entry more than there are squares: an absent king (NO_SQUARE, see
// position.h) attacks nothing.
inline constexpr std::array<Bitboard, SQUARE_NB + 1> KING_ATTACKS = [] {
  std::array<Bitboard, SQUARE_NB + 1> t{};
  for (int s = 0; s < SQUARE_NB; ++s) t[s] = king_attacks_of(Square(s));
  return t;
}();

// The square of a king that may be absent (NO_SQUARE): empty when it is.
constexpr Bitboard king_bb(Square s) { return s == NO_SQUARE ? 0 : square_bb(s); }

// The board seen in a mirror between the d and e files.
constexpr Bitboard mirror_files(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return b;
}

// The board turned top to bottom (rank 1 becomes rank 8), as colour reversal sees it.
inline Bitboard flip_ranks(Bitboard b) { return __builtin_bswap64(b); }

inline int distance(Square a, Square b) {
  int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
}

}  // namespace chunker
