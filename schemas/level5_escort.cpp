#include "schemas/level5_escort.h"

#include <algorithm>
#include <climits>

#include "engine/pawns.h"
#include "schemas/chunk_view.h"

namespace chunker {

namespace {

// The squares c's pawns can stand on within `moves` moves, and those they
// attack from there.
Bitboard pawn_squares(Color c, Bitboard pawns, int moves) {
  Bitboard squares = 0;
  for (Bitboard p = pawns; p;) {
    const Square s = pop_lsb(p);
    const int rank = relative_rank(c, s);
    const int last = std::min(7, rank + moves + (rank == 1 && moves > 0 ? 1 : 0));
    for (int r = rank; r <= last; ++r) squares |= square_bb(make_square(file_of(s), c == WHITE ? r : 7 - r));
  }
  return squares | pawn_attacks(c, squares);
}

}  // namespace

EscortVerdict EscortRace::verdict(const Position& pos) const {
  EscortVerdict found;
  if (pos.promoted != NO_SQUARE || !pos.pawns[WHITE] || !pos.pawns[BLACK] || !pawn_groups_apart(pos)) return found;
  found.why = EscortVerdict::Why::NoEscortWin;
  // Asked of most positions a depth table holds: the one-byte tempi first
  // (NO_TEMPI where the chunk is no pawn win), the rest only when in time.
  const auto& tempi = mode_ == SchemaMode::Paper ? k3cppvk_.tempi : k3cppvk_.race_tempi;
  // The side to move first: where the published rule lets both sides'
  // escorts through it is a tempo ahead (and a position and its colour
  // twin get the same answer). The sound rule never lets both through.
  for (Color a : {pos.side, ~pos.side}) {
    const Color b = ~a;
    const auto chunk = k3cppvk_instance(pos, a);
    if (!chunk || tempi[chunk->index] == K3cppvkLibrary::NO_TEMPI) continue;
    EscortVerdict v;
    v.escort = a;
    v.spare = tempi[chunk->index];
    v.pawn_moves = INT_MAX;
    for (Bitboard p = pos.pawns[b]; p;) v.pawn_moves = std::min(v.pawn_moves, moves_to_promote(b, pop_lsb(p)));
    v.distance = distance_of(k3cppvk_.values[chunk->index]);
    // b's pawn moves while a's pawns get through: its spare tempi (in sound
    // mode with the answer to an unsafe promotion counted).
    if (v.pawn_moves <= v.spare) {
      v.why = EscortVerdict::Why::PawnsTooFast;
    } else {
      const std::uint16_t box = k3cppvk_.race_box[chunk->index];
      const bool apart = mode_ == SchemaMode::Paper ||
                         (box != K3cppvkLibrary::NO_BOX &&
                          !(board_squares(k3cppvk_box_squares(box), *chunk) & pawn_squares(b, pos.pawns[b], v.spare)));
      v.why = apart ? EscortVerdict::Why::Decided : EscortVerdict::Why::KingDisturbed;
    }
    if (v.why == EscortVerdict::Why::Decided) {
      v.outcome = a == pos.side ? Outcome::Win : Outcome::Loss;
      return v;
    }
    if (found.why < v.why) found = v;
  }
  return found;
}

}  // namespace chunker
