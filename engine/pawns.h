// Facts about pawns that every layer asks (the Peasant evaluator, the chunk
// reports, the schemas): where a pawn promotes, how many moves it needs,
// which pawns are passed and which no king can catch. One definition each.
#pragma once

#include "engine/position.h"

namespace chunker {

// Inline, the four below: the guide's features and the schemas ask them at
// every node.
inline Square promotion_square(Color c, Square s) { return make_square(file_of(s), c == WHITE ? 7 : 0); }
// Moves a pawn of colour c on s needs to promote, the double step counted.
inline int moves_to_promote(Color c, Square s) {
  const int rr = relative_rank(c, s);
  return 7 - rr - (rr == 1 ? 1 : 0);
}
// The squares strictly ahead of s, seen from colour c, on every file.
inline Bitboard ranks_ahead(Color c, Square s) {
  const int r = rank_of(s);
  if (c == WHITE) return r == 7 ? 0 : ~Bitboard(0) << (8 * (r + 1));
  return (Bitboard(1) << (8 * r)) - 1;
}
// A file and the files beside it.
inline Bitboard file_and_neighbours(int file) {
  const Bitboard b = file_bb(file);
  return b | ((b & ~FILE_A) >> 1) | ((b & ~FILE_H) << 1);
}
// Could the enemy king take the pawn of colour c on s, were it its move?
bool en_prise(const Position& pos, Color c, Square s);
// Pawns of colour c with no enemy pawn ahead on their own or a neighbouring file.
Bitboard passed_pawns(const Position& pos, Color c);
// Passed pawns of colour c that the enemy king cannot catch (the rule of the
// square, the side to move counted) and that nothing of their own blocks.
Bitboard unstoppable_pawns(const Position& pos, Color c);

}  // namespace chunker
