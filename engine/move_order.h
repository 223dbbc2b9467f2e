// Move helpers the Level-0 solver and Peasant share: what kind of move a
// move is, its file-mirror twin, and static move ordering — a move known to
// be good first, then captures and promotions, then the killers, then pawn
// moves (the most advanced first), then king moves.
#pragma once

#include <utility>

#include "engine/movegen.h"

namespace chunker {

inline bool is_capture(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (pos.pawns[~pos.side] & square_bb(m.to())) || m.to() == pos.promoted;
}

// A move after which no earlier position can repeat.
inline bool is_irreversible(const Position& pos, Move m) {
  return m.from() != pos.king[pos.side] || is_capture(pos, m);
}

// The same move on the file-mirrored board (hash entries keep moves in the
// orientation of their canonical position).
inline Move mirror_move(Move m) { return m.is_none() ? m : Move(mirror_file(m.from()), mirror_file(m.to()), m.kind()); }

// `first` (a hash move, or no move) and the two killers of this ply.
inline void order_moves(const Position& pos, MoveList& moves, Move first, const Move (&killers)[2]) {
  auto score = [&](Move m) {
    if (m == first) return 1'000'000;
    if (m.kind() == MoveKind::Promotion || is_capture(pos, m)) return 500'000 + relative_rank(pos.side, m.to());
    if (m == killers[0]) return 400'000;
    if (m == killers[1]) return 399'999;
    if (m.from() != pos.king[pos.side]) return 1'000 * relative_rank(pos.side, m.to());
    return 0;
  };
  int scores[MoveList::CAPACITY];
  for (int i = 0; i < moves.size; ++i) scores[i] = score(moves.moves[i]);
  // Insertion sort: lists are short.
  for (int i = 1; i < moves.size; ++i)
    for (int j = i; j > 0 && scores[j] > scores[j - 1]; --j) {
      std::swap(scores[j], scores[j - 1]);
      std::swap(moves.moves[j], moves.moves[j - 1]);
    }
}

}  // namespace chunker
