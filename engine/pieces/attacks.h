// What the pieces of chess attack: the knight's leaps and the sliders' rays
// (queen, rook, bishop), for the chess-exact solver's positions
// (chess_position.h). Slider attacks stop at the first occupied square of
// each ray, found by a bit scan of the ray's blockers.
#pragma once

#include <array>
#include <bit>

#include "engine/bitboard.h"

namespace chunker::pieces {

constexpr Bitboard knight_attacks_of(Square s) {
  Bitboard out = 0;
  const int f = file_of(s), r = rank_of(s);
  constexpr int LEAPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (auto [df, dr] : LEAPS)
    if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) out |= square_bb(make_square(f + df, r + dr));
  return out;
}

inline constexpr std::array<Bitboard, SQUARE_NB> KNIGHT_ATTACKS = [] {
  std::array<Bitboard, SQUARE_NB> t{};
  for (int s = 0; s < SQUARE_NB; ++s) t[s] = knight_attacks_of(Square(s));
  return t;
}();

// The eight directions, the four that raise the square index first (their
// nearest blocker is the lowest bit), then the four that lower it.
enum Direction { NORTH, EAST, NORTH_EAST, NORTH_WEST, SOUTH, WEST, SOUTH_WEST, SOUTH_EAST, DIRECTION_NB };
constexpr std::array<std::pair<int, int>, DIRECTION_NB> STEPS = {
    {{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}};

// RAYS[d][s]: the squares from s (not included) to the board's edge in direction d.
inline constexpr std::array<std::array<Bitboard, SQUARE_NB>, DIRECTION_NB> RAYS = [] {
  std::array<std::array<Bitboard, SQUARE_NB>, DIRECTION_NB> t{};
  for (int d = 0; d < DIRECTION_NB; ++d)
    for (int s = 0; s < SQUARE_NB; ++s)
      for (int f = file_of(Square(s)) + STEPS[d].first, r = rank_of(Square(s)) + STEPS[d].second;
           f >= 0 && f < 8 && r >= 0 && r < 8; f += STEPS[d].first, r += STEPS[d].second)
        t[d][s] |= square_bb(make_square(f, r));
  return t;
}();

template <Direction D>
inline Bitboard ray_attacks(Square s, Bitboard occupied) {
  const Bitboard ray = RAYS[D][s], blockers = ray & occupied;
  if (!blockers) return ray;
  const Square first = D < SOUTH ? Square(std::countr_zero(blockers)) : Square(63 - std::countl_zero(blockers));
  return ray ^ RAYS[D][first];
}

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return ray_attacks<NORTH>(s, occupied) | ray_attacks<EAST>(s, occupied) | ray_attacks<SOUTH>(s, occupied) |
         ray_attacks<WEST>(s, occupied);
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return ray_attacks<NORTH_EAST>(s, occupied) | ray_attacks<NORTH_WEST>(s, occupied) |
         ray_attacks<SOUTH_WEST>(s, occupied) | ray_attacks<SOUTH_EAST>(s, occupied);
}

// The squares between two squares on a line (neither included), else empty.
inline constexpr std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> BETWEEN = [] {
  std::array<std::array<Bitboard, SQUARE_NB>, SQUARE_NB> t{};
  for (int d = 0; d < DIRECTION_NB; ++d)
    for (int a = 0; a < SQUARE_NB; ++a)
      for (Bitboard ray = RAYS[d][a]; ray; ray &= ray - 1) {
        const int b = std::countr_zero(ray);
        t[a][b] = RAYS[d][a] & ~RAYS[d][b] & ~square_bb(Square(b));
      }
  return t;
}();

}  // namespace chunker::pieces
