#include "schemas/level2_pcp.h"

#include <algorithm>

namespace chunker {

PcpVerdict KeepThreePawns::verdict(const Position& pos) const {
  PcpVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  found.why = PcpVerdict::Why::NotThreeAgainstFewer;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  for (Color b : {WHITE, BLACK}) {
    const Color a = ~b;
    if (popcount(pos.pawns[b]) != 3 || popcount(pos.pawns[a]) >= 3) continue;
    // Only one side can have three pawns against fewer: found says why it
    // wins or how far the argument got.
    found.keeper = b;
    found.why = PcpVerdict::Why::PawnsDoNotHold;
    const auto verdict = pos.side == b ? Outcome::Win : Outcome::Loss;
    if (mode_ == SchemaMode::Paper) {
      if (chunk[a].winner(am_, pos.side) == b && chunk[b].winner(pcp_, pos.side) == b)
        found.why = PcpVerdict::Why::Decided, found.outcome = verdict;
      continue;
    }
    bool holds = true;
    for (Color side : {WHITE, BLACK})
      holds = holds && chunk[b].winner(pcp_, side) == b && chunk[a].winner(pcp_, side) == b;
    if (!holds) continue;
    auto longest = [&](const ChunkView& c) { return std::max(c.distance(pcp_, WHITE), c.distance(pcp_, BLACK)); };
    int* horizon = found.horizon;
    horizon[a] = (longest(chunk[b]) + 1) / 2;
    horizon[b] = (longest(chunk[a]) + 1) / 2 + 1;
    found.why = chunks_interact(pos, horizon)                              ? PcpVerdict::Why::ChunksInteract
                : king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK) ? PcpVerdict::Why::KingHemmedIn
                                                                           : PcpVerdict::Why::Decided;
    if (found.why == PcpVerdict::Why::Decided) found.outcome = verdict;
  }
  return found;
}

}  // namespace chunker
