#include "level1_am.h"

namespace chunker {

std::optional<Value> AmBothChunks::classify(const Position& pos) const {
  const auto verdict = outcome(pos);
  if (!verdict) return std::nullopt;
  return value_of(*verdict);
}

std::optional<Outcome> AmBothChunks::outcome(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return std::nullopt;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  std::optional<Color> won[COLOR_NB][COLOR_NB];
  for (Color c : {WHITE, BLACK})
    for (Color s : {WHITE, BLACK}) won[c][s] = chunk[c].winner(am_, s);

  const Color us = pos.side, them = ~us;
  // (chunk, side to move there) pairs: the argument's two chunk games.
  using Game = std::pair<Color, Color>;
  auto wins = [&](Game g, Color side) { return won[g.first][g.second] == side; };
  std::optional<Outcome> verdict;
  Game used[2];
  for (Color opened : {WHITE, BLACK}) {
    const Game a{opened, us}, b{~opened, them};
    if (wins(a, us) && wins(b, us)) verdict = Outcome::Win, used[0] = a, used[1] = b;
  }
  if (!verdict && wins({WHITE, us}, them) && wins({BLACK, us}, them))
    verdict = Outcome::Loss, used[0] = {WHITE, us}, used[1] = {BLACK, us};
  if (!verdict || mode_ == SchemaMode::Paper) return verdict;

  // Each king moves only in its own chunk's game (the chunk of the other
  // side's pawns), which lasts at most its AM distance: a king makes at most
  // half of those plies, rounded up.
  int horizon[COLOR_NB];
  for (const Game& g : used) horizon[~g.first] = (chunk[g.first].distance(am_, g.second) + 1) / 2;
  if (chunks_interact(pos, horizon) || king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK)) return std::nullopt;
  return verdict;
}

}  // namespace chunker
