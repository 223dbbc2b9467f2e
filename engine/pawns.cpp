#include "engine/pawns.h"

namespace chunker {

Bitboard ranks_ahead(Color c, Square s) {
  int r = rank_of(s);
  if (c == WHITE) return r == 7 ? 0 : ~Bitboard(0) << (8 * (r + 1));
  return (Bitboard(1) << (8 * r)) - 1;
}

Bitboard file_and_neighbours(int file) {
  Bitboard b = file_bb(file);
  return b | ((b & ~FILE_A) >> 1) | ((b & ~FILE_H) << 1);
}

bool en_prise(const Position& pos, Color c, Square s) {
  Bitboard others = pos.pawns[c] & ~square_bb(s);
  Bitboard defended = KING_ATTACKS[pos.king[c]] | pawn_attacks(c, others);
  return (KING_ATTACKS[pos.king[~c]] & ~defended & square_bb(s)) != 0;
}

Square promotion_square(Color c, Square s) { return make_square(file_of(s), c == WHITE ? 7 : 0); }

int moves_to_promote(Color c, Square s) {
  int rr = relative_rank(c, s);
  return 7 - rr - (rr == 1 ? 1 : 0);
}

Bitboard passed_pawns(const Position& pos, Color c) {
  Bitboard passed = 0;
  for (Bitboard b = pos.pawns[c]; b;) {
    Square s = pop_lsb(b);
    if (!(pos.pawns[~c] & ranks_ahead(c, s) & file_and_neighbours(file_of(s)))) passed |= square_bb(s);
  }
  return passed;
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
