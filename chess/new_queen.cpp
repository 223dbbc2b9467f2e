#include "chess/new_queen.h"

#include <cstdlib>

#include "engine/movegen.h"

namespace chunker {

std::optional<Bitboard> between(Square a, Square b) {
  const int df = int(b % 8) - int(a % 8), dr = int(b / 8) - int(a / 8);
  if (a == b || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))) return std::nullopt;
  const int step = (dr > 0 ? 8 : dr < 0 ? -8 : 0) + (df > 0 ? 1 : df < 0 ? -1 : 0);
  Bitboard squares = 0;
  for (int s = int(a) + step; s != int(b); s += step) squares |= square_bb(Square(s));
  return squares;
}

bool queen_attacks(Square queen, Square target, Bitboard occupied) {
  const auto line = between(queen, target);
  return line && !(*line & occupied);
}

bool chess_allows(const Position& pos, Move m) {
  if (pos.promoted == NO_SQUARE || m.to() == pos.promoted) return true;  // taking the queen
  const Bitboard after = (pos.occupied() & ~square_bb(m.from())) | square_bb(m.to());
  return !queen_attacks(pos.promoted, pos.king[pos.side], after);
}

// A pawn's check cannot be blocked, so the king escapes only by a step or by
// taking the pawn, and the pawn can also be taken by the queen or a pawn.
bool pawn_mates_after_promotion(const Position& pos) {
  const Color them = pos.side, us = ~them;  // them: the side with the pawn move; us: the one that promoted
  const Square king = pos.king[us], queen = pos.promoted;
  if (queen_attacks(queen, pos.king[them], pos.occupied())) return false;
  const Bitboard last = them == WHITE ? RANK_8 : RANK_1;
  Bitboard from_all = pos.pawns[them];
  while (from_all) {
    const Square from = pop_lsb(from_all);
    const Bitboard one = push(them, square_bb(from)) & ~pos.occupied();
    const Bitboard two = push(them, one & rank_bb(them == WHITE ? 2 : 5)) & ~pos.occupied();
    Bitboard to_all = (one | two | (pawn_attacks(them, square_bb(from)) & pos.pawns[us])) & ~last;
    while (to_all) {
      const Square to = pop_lsb(to_all);
      if (!(pawn_attacks(them, square_bb(to)) & square_bb(king))) continue;  // no check
      Position next = pos;
      next.pawns[them] ^= square_bb(from) | square_bb(to);
      next.pawns[us] &= ~square_bb(to);
      const Bitboard occupied = next.occupied();
      if (queen_attacks(queen, next.king[them], occupied)) continue;  // a pinned pawn: illegal
      const Bitboard guarded = pawn_attacks(them, next.pawns[them]) | KING_ATTACKS[next.king[them]];
      const bool taken =
          (KING_ATTACKS[king] & square_bb(to) & ~guarded) || (pawn_attacks(us, next.pawns[us]) & square_bb(to)) ||
          queen_attacks(queen, to, occupied) ||
          // en passant, after a double step beside one of our pawns
          (square_bb(to) & two && (((square_bb(to) & ~FILE_A) >> 1 | (square_bb(to) & ~FILE_H) << 1) & next.pawns[us]));
      const Bitboard escapes = KING_ATTACKS[king] & ~next.pawns[us] & ~square_bb(queen) & ~guarded & ~square_bb(to);
      if (!taken && !escapes) return true;
    }
  }
  return false;
}

}  // namespace chunker
