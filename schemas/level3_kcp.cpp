#include "level3_kcp.h"

#include <climits>

namespace chunker {

int moves_to_disturb(Color c, Square s, Square k) {
  const int from = relative_rank(c, s);
  for (int rank = from; rank <= 7; ++rank) {
    const Square at = make_square(file_of(s), c == WHITE ? rank : 7 - rank);
    if (at == k) return INT_MAX;  // blocked: it never gets further
    // From the second rank (1) one move reaches the fourth (3).
    const int moves = rank == from ? 0 : from == 1 && rank >= 3 ? rank - from - 1 : rank - from;
    if (rank == 7 || (pawn_attacks(c, square_bb(at)) & square_bb(k))) return moves;
  }
  return INT_MAX;
}

bool still_king_holds(const Position& pos, Color a, int b_moves) {
  for (Bitboard p = pos.pawns[~a]; p;)
    if (moves_to_disturb(~a, pop_lsb(p), pos.king[a]) <= b_moves) return false;
  for (Bitboard p = pos.pawns[a]; p;)
    if (pawn_path(a, pop_lsb(p)) & square_bb(pos.king[a])) return false;
  return true;
}

std::optional<Value> BreakthroughBeatsZugzwang::classify(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return std::nullopt;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  for (Color a : {WHITE, BLACK}) {
    const Color b = ~a;
    if (chunk[a].winner(kcp_, pos.side) != a) continue;
    if (mode_ == SchemaMode::Paper) {
      if (chunk[b].winner(am_, pos.side) == b && chunk[b].winner(kcp_, pos.side) != b)
        return value_of(pos.side == a ? Outcome::Win : Outcome::Loss);
      continue;
    }
    if (still_king_holds(pos, a, chunk[a].distance(kcp_, pos.side) / 2))
      return value_of(pos.side == a ? Outcome::Win : Outcome::Loss);
  }
  return std::nullopt;
}

}  // namespace chunker
