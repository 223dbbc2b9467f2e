#include "chess/answered_promotion.h"

#include "chess/new_queen.h"
#include "engine/movegen.h"

namespace chunker {

namespace {

// The squares a queen on `queen` moves to, `own` (its side's pieces) left out.
Bitboard queen_moves(Square queen, Bitboard occupied, Bitboard own) {
  static constexpr int FILE_STEP[8] = {1, 1, 0, -1, -1, -1, 0, 1}, RANK_STEP[8] = {0, 1, 1, 1, 0, -1, -1, -1};
  Bitboard to = 0;
  for (int d = 0; d < 8; ++d) {
    for (int file = queen % 8 + FILE_STEP[d], rank = queen / 8 + RANK_STEP[d];
         file >= 0 && file < 8 && rank >= 0 && rank < 8; file += FILE_STEP[d], rank += RANK_STEP[d]) {
      const Bitboard s = square_bb(Square(rank * 8 + file));
      to |= s;
      if (occupied & s) break;
    }
  }
  return to & ~own;
}

// Squares a pawn of `side` steps onto from `pawns`, once or twice, where `occupied` leaves room.
Bitboard pawn_steps(Color side, Bitboard pawns, Bitboard occupied) {
  const Bitboard once = push(side, pawns) & ~occupied;
  return once | (push(side, once & rank_bb(side == WHITE ? 2 : 5)) & ~occupied);
}

}  // namespace

Value answered_promotion_value(const Position& pos, Square first_queen) {
  const Color us = pos.side, them = ~us;
  const Square ours = first_queen, theirs = pos.promoted;
  const Square our_king = pos.king[us], their_king = pos.king[them];
  const Bitboard occupied = pos.occupied() | square_bb(ours);
  const Bitboard their_guard = KING_ATTACKS[their_king] | pawn_attacks(them, pos.pawns[them]);
  const Bitboard our_guard = KING_ATTACKS[our_king] | pawn_attacks(us, pos.pawns[us]);
  const bool queen_takes = queen_attacks(ours, theirs, occupied);

  // The new queen taken for nothing, by our queen or our king.
  if ((queen_takes || (KING_ATTACKS[our_king] & square_bb(theirs))) && !(their_guard & square_bb(theirs)))
    return win_in(1);

  if (queen_attacks(theirs, our_king, occupied)) {
    if (queen_takes) return 0;  // a trade of queens: the pawn ending is not judged here
    const Bitboard without_king = occupied & ~square_bb(our_king);
    Bitboard escapes = 0;
    for (Bitboard b = KING_ATTACKS[our_king] & ~pos.pawns[us] & ~square_bb(ours) & ~their_guard; b;) {
      const Square s = pop_lsb(b);
      if (!queen_attacks(theirs, s, without_king)) escapes |= square_bb(s);
    }
    const Bitboard line = *between(theirs, our_king);
    const Bitboard blocks = line & (queen_moves(ours, occupied, 0) | pawn_steps(us, pos.pawns[us], occupied));
    if (!escapes && !blocks) return loss_in(0);  // mate
    // A skewer: our queen behind our king, lost once the king steps aside,
    // unless the check is blocked or the queen guarded.
    const bool skewered = queen_attacks(theirs, ours, without_king);
    const bool guarded = (pawn_attacks(us, pos.pawns[us]) & square_bb(ours)) || (escapes & KING_ATTACKS[ours]);
    if (skewered && !blocks && !guarded) return loss_in(2);
    return 0;
  }

  // A check that skewers the new queen behind its king.
  if (distance(their_king, theirs) < 3 || (pawn_attacks(them, pos.pawns[them]) & square_bb(theirs))) return 0;
  for (Bitboard b = queen_moves(ours, occupied, pos.pawns[us] | square_bb(our_king)); b;) {
    const Square s = pop_lsb(b);
    const Bitboard after = (occupied & ~square_bb(ours)) | square_bb(s);
    const Bitboard their_pawns = pos.pawns[them] & ~square_bb(s);
    if (!queen_attacks(s, their_king, after) || queen_attacks(s, theirs, after) ||
        !queen_attacks(s, theirs, after & ~square_bb(their_king)))
      continue;
    if (pawn_attacks(them, their_pawns) & square_bb(s)) continue;                            // a pawn takes it
    if ((KING_ATTACKS[their_king] & square_bb(s)) && !(our_guard & square_bb(s))) continue;  // the king takes it
    const Bitboard line = *between(s, their_king);
    if (line & pawn_steps(them, their_pawns, after)) continue;  // a pawn blocks the check
    // The new queen blocks it on a square its king or a pawn guards: a trade.
    const Bitboard guarded = KING_ATTACKS[their_king] | pawn_attacks(them, their_pawns);
    if (line & guarded & queen_moves(theirs, after, 0)) continue;
    return win_in(3);
  }
  return 0;
}

}  // namespace chunker
