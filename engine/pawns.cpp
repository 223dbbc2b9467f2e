#include "engine/pawns.h"

#include <array>

namespace chunker {

bool en_prise(const Position& pos, Color c, Square s) {
  Bitboard others = pos.pawns[c] & ~square_bb(s);
  Bitboard defended = KING_ATTACKS[pos.king[c]] | pawn_attacks(c, others);
  return (KING_ATTACKS[pos.king[~c]] & ~defended & square_bb(s)) != 0;
}

namespace {

// The squares on the files of `b` from which a pawn of colour c has a
// square of `b` strictly ahead of it.
Bitboard with_ahead(Color c, Bitboard b) {
  Bitboard behind = c == WHITE ? b >> 8 : b << 8;
  for (int shift : {8, 16, 32}) behind |= c == WHITE ? behind >> shift : behind << shift;
  return behind;
}

// The squares of pawns of colour c outside the enemy king's square: by
// colour, the enemy king moving first, and its square (NO_SQUARE too).
const auto OUTSIDE_THE_SQUARE = [] {
  std::array<std::array<std::array<Bitboard, SQUARE_NB + 1>, 2>, COLOR_NB> outside{};
  for (Color c : {WHITE, BLACK})
    for (int tempo : {0, 1})
      for (Square k = 0; k <= SQUARE_NB; ++k)
        for (Square s = 0; s < SQUARE_NB; ++s)
          if (distance(k, promotion_square(c, s)) - tempo > moves_to_promote(c, s))
            outside[c][tempo][k] |= square_bb(s);
  return outside;
}();

}  // namespace

Bitboard passed_pawns(const Position& pos, Color c) {
  const Bitboard behind = with_ahead(c, pos.pawns[~c]);
  return pos.pawns[c] & ~(behind | ((behind & ~FILE_A) >> 1) | ((behind & ~FILE_H) << 1));
}

Bitboard unstoppable_pawns(const Position& pos, Color c) {
  const int tempo = pos.side == ~c ? 1 : 0;  // the enemy king moves first
  // Passed, nothing of their own ahead on their file, outside the square.
  Bitboard result = passed_pawns(pos, c) & ~with_ahead(c, pos.pawns[c] | king_bb(pos.king[c])) &
                    OUTSIDE_THE_SQUARE[c][tempo][pos.king[~c]];
  // The square rule assumes the pawn moves first: none the enemy king takes
  // at once (en_prise: a pawn never guards its own square).
  if (tempo) result &= ~(KING_ATTACKS[pos.king[~c]] & ~KING_ATTACKS[pos.king[c]] & ~pawn_attacks(c, pos.pawns[c]));
  return result;
}

}  // namespace chunker
