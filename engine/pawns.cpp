#include "engine/pawns.h"

namespace chunker {

bool en_prise(const Position& pos, Color c, Square s) {
  Bitboard others = pos.pawns[c] & ~square_bb(s);
  Bitboard defended = KING_ATTACKS[pos.king[c]] | pawn_attacks(c, others);
  return (KING_ATTACKS[pos.king[~c]] & ~defended & square_bb(s)) != 0;
}

Bitboard passed_pawns(const Position& pos, Color c) {
  // The squares behind the enemy's pawns, seen from c, on their files and
  // the files beside: a pawn of c there has one of them ahead of it.
  Bitboard behind = c == WHITE ? pos.pawns[BLACK] >> 8 : pos.pawns[WHITE] << 8;
  for (int shift : {8, 16, 32}) behind |= c == WHITE ? behind >> shift : behind << shift;
  behind |= ((behind & ~FILE_A) >> 1) | ((behind & ~FILE_H) << 1);
  return pos.pawns[c] & ~behind;
}

Bitboard unstoppable_pawns(const Position& pos, Color c) {
  const Bitboard own = pos.pawns[c] | king_bb(pos.king[c]);
  const int tempo = pos.side == ~c ? 1 : 0;  // the enemy king moves first
  Bitboard result = 0;
  for (Bitboard b = passed_pawns(pos, c); b;) {
    Square s = pop_lsb(b);
    if (own & ranks_ahead(c, s) & file_bb(file_of(s))) continue;
    if (tempo && en_prise(pos, c, s)) continue;  // the square rule assumes the pawn moves first
    if (distance(pos.king[~c], promotion_square(c, s)) - tempo > moves_to_promote(c, s)) result |= square_bb(s);
  }
  return result;
}

}  // namespace chunker
