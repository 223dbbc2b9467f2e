#include "level4_tempi.h"

#include "level3_kcp.h"

namespace chunker {

TempiVerdict SpareTempiRace::verdict(const Position& pos) const {
  TempiVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  found.why = TempiVerdict::Why::NotBothBreakthrough;
  for (Color c : {WHITE, BLACK})
    if (chunk[c].winner(kcp_, pos.side) != c) return found;
  // spare[c]: the spare tempi of c's king, which defends against ~c's pawns.
  for (Color c : {WHITE, BLACK}) found.spare[c] = tempi_.tempi[chunk[~c].entry(pos.side)];

  const Color us = pos.side;
  auto decided = [&](Color winner) {
    found.why = TempiVerdict::Why::Decided;
    found.winner = winner;
    found.outcome = winner == us ? Outcome::Win : Outcome::Loss;
    return found;
  };
  if (mode_ == SchemaMode::Paper) return decided(found.spare[us] >= found.spare[~us] ? us : ~us);
  // One move more for b: an unsafe promotion of a's (a sacrifice that
  // forces the king to take, no pass) may be answered by b's own safe one.
  for (Color a : {WHITE, BLACK})
    if (still_king(pos, a, found.spare[~a] + 1) == StillKing::Holds) return decided(a);
  found.why = TempiVerdict::Why::KingDisturbed;
  return found;
}

}  // namespace chunker
