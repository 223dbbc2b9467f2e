// Moves taken back, for retrograde analysis (exact/chess/): the moves of
// the king or a piece, taking nothing, that reach a given position. Pawn
// moves and captures are not taken back: they change a position's material
// or pawns, and the solver reaches such positions forwards, from the slice
// they lead to. Whether the position before is legal is the caller's to
// test.
#pragma once

#include "engine/pieces/chess_position.h"

namespace chunker::pieces {

// Calls f(at, from) for every move of a king or a piece that takes nothing
// and reaches `pos`, made by the side not to move: the man that stands on
// `at` came from `from`, the position before being `pos` with that man back
// on `from` and the other side to move.
template <typename F>
void for_each_quiet_unmove(const ChessPosition& pos, F f) {
  const Color mover = ~pos.side;
  const Bitboard occupied = pos.occupied();
  const Square king = pos.king[mover];
  for (Bitboard from = KING_ATTACKS[king] & ~occupied; from;) f(king, pop_lsb(from));
  for (int p = 0; p < PIECE_NB; ++p)
    for (Bitboard men = pos.pieces[mover][p]; men;) {
      const Square at = pop_lsb(men);
      const Bitboard reach = p == KNIGHT   ? KNIGHT_ATTACKS[at]
                             : p == ROOK   ? rook_attacks(at, occupied)
                             : p == BISHOP ? bishop_attacks(at, occupied)
                                           : rook_attacks(at, occupied) | bishop_attacks(at, occupied);
      for (Bitboard from = reach & ~occupied; from;) f(at, pop_lsb(from));
    }
}

}  // namespace chunker::pieces
