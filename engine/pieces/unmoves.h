// Moves taken back, for retrograde analysis (exact/chess/): the positions
// one move of the king or a piece before a given one, that move taking
// nothing. Pawn moves and captures are not taken back: they change a
// position's material or pawns, and the solver reaches such positions
// forwards, from the slice they lead to. Whether the position before is
// legal is the caller's to test.
#pragma once

#include "engine/pieces/chess_position.h"

namespace chunker::pieces {

// Calls f(before, at, from) for every position `before`, the other side to
// move, from which a move of its king or a piece that takes nothing reaches
// `pos`: the man that stands on `at` came from `from`.
template <typename F>
void for_each_quiet_unmove(const ChessPosition& pos, F f) {
  const Color mover = ~pos.side;
  const Bitboard occupied = pos.occupied();
  ChessPosition before = pos;
  before.side = mover;
  before.ep = NO_SQUARE;
  const Square king = pos.king[mover];
  for (Bitboard from = KING_ATTACKS[king] & ~occupied; from;) {
    before.king[mover] = pop_lsb(from);
    f(before, king, before.king[mover]);
  }
  before.king[mover] = king;
  for (int p = 0; p < PIECE_NB; ++p)
    for (Bitboard men = pos.pieces[mover][p]; men;) {
      const Square at = pop_lsb(men);
      const Bitboard reach = p == KNIGHT   ? KNIGHT_ATTACKS[at]
                             : p == ROOK   ? rook_attacks(at, occupied)
                             : p == BISHOP ? bishop_attacks(at, occupied)
                                           : rook_attacks(at, occupied) | bishop_attacks(at, occupied);
      for (Bitboard from = reach & ~occupied; from;) {
        const Square origin = pop_lsb(from);
        before.pieces[mover][p] = pos.pieces[mover][p] ^ square_bb(at) ^ square_bb(origin);
        f(before, at, origin);
      }
      before.pieces[mover][p] = pos.pieces[mover][p];
    }
}

}  // namespace chunker::pieces
