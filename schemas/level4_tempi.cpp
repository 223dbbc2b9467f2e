#include "level4_tempi.h"

#include "level3_kcp.h"

namespace chunker {

std::optional<Value> SpareTempiRace::classify(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return std::nullopt;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  for (Color c : {WHITE, BLACK})
    if (chunk[c].winner(kcp_, pos.side) != c) return std::nullopt;
  // spare[c]: the spare tempi of c's king, which defends against ~c's pawns.
  int spare[COLOR_NB];
  for (Color c : {WHITE, BLACK}) spare[c] = tempi_.tempi[chunk[~c].entry(pos.side)];

  const Color us = pos.side, them = ~us;
  if (mode_ == SchemaMode::Paper) return value_of(spare[us] >= spare[them] ? Outcome::Win : Outcome::Loss);
  // One move more for b: an unsafe promotion of a's (a sacrifice that
  // forces the king to take, no pass) may be answered by b's own safe one.
  for (Color a : {WHITE, BLACK})
    if (still_king_holds(pos, a, spare[~a] + 1)) return value_of(a == us ? Outcome::Win : Outcome::Loss);
  return std::nullopt;
}

}  // namespace chunker
