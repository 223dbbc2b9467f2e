#include "level1_am.h"

namespace chunker {

std::optional<Value> AmBothChunks::classify(const Position& pos) const {
  const auto found = verdict(pos);
  if (!found.outcome) return std::nullopt;
  return value_of(*found.outcome);
}

AmVerdict AmBothChunks::verdict(const Position& pos) const {
  AmVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  std::optional<Color> won[COLOR_NB][COLOR_NB];
  for (Color c : {WHITE, BLACK})
    for (Color s : {WHITE, BLACK}) won[c][s] = chunk[c].winner(am_, s);

  const Color us = pos.side, them = ~us;
  // (chunk, side to move there) pairs: the argument's two chunk games.
  using Game = std::pair<Color, Color>;
  auto wins = [&](Game g, Color side) { return won[g.first][g.second] == side; };
  std::optional<Outcome>& verdict = found.outcome;
  Game* used = found.games;
  found.why = AmVerdict::Why::NoSideWinsBoth;
  for (Color opened : {WHITE, BLACK}) {
    const Game a{opened, us}, b{~opened, them};
    if (wins(a, us) && wins(b, us)) verdict = Outcome::Win, used[0] = a, used[1] = b, found.winner = us;
  }
  if (!verdict && wins({WHITE, us}, them) && wins({BLACK, us}, them))
    verdict = Outcome::Loss, used[0] = {WHITE, us}, used[1] = {BLACK, us}, found.winner = them;
  if (!verdict) return found;
  for (int i = 0; i < 2; ++i) found.distance[i] = chunk[used[i].first].distance(am_, used[i].second);
  found.why = AmVerdict::Why::Decided;
  if (mode_ == SchemaMode::Paper) return found;

  // Each king moves only in its own chunk's game (the chunk of the other
  // side's pawns), which lasts at most its AM distance: a king makes at most
  // half of those plies, rounded up.
  int* horizon = found.horizon;
  for (int i = 0; i < 2; ++i) horizon[~used[i].first] = (found.distance[i] + 1) / 2;
  if (chunks_interact(pos, horizon)) found.why = AmVerdict::Why::ChunksInteract;
  else if (king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK)) found.why = AmVerdict::Why::KingHemmedIn;
  if (found.why != AmVerdict::Why::Decided) verdict.reset();
  return found;
}

}  // namespace chunker
