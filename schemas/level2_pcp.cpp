#include "level2_pcp.h"

#include <algorithm>

namespace chunker {

std::optional<Value> KeepThreePawns::classify(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return std::nullopt;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  for (Color b : {WHITE, BLACK}) {
    const Color a = ~b;
    if (popcount(pos.pawns[b]) != 3 || popcount(pos.pawns[a]) >= 3) continue;
    const auto verdict = value_of(pos.side == b ? Outcome::Win : Outcome::Loss);
    if (mode_ == SchemaMode::Paper) {
      if (chunk[a].winner(am_, pos.side) == b && chunk[b].winner(pcp_, pos.side) == b) return verdict;
      continue;
    }
    bool holds = true;
    for (Color side : {WHITE, BLACK})
      holds = holds && chunk[b].winner(pcp_, side) == b && chunk[a].winner(pcp_, side) == b;
    if (!holds) continue;
    auto longest = [&](const ChunkView& c) { return std::max(c.distance(pcp_, WHITE), c.distance(pcp_, BLACK)); };
    int horizon[COLOR_NB];
    horizon[a] = (longest(chunk[b]) + 1) / 2;
    horizon[b] = (longest(chunk[a]) + 1) / 2 + 1;
    if (!chunks_interact(pos, horizon) && !king_hemmed_in(pos, WHITE) && !king_hemmed_in(pos, BLACK)) return verdict;
  }
  return std::nullopt;
}

}  // namespace chunker
