#include "level1_am.h"

#include <algorithm>

namespace chunker {

namespace {

Bitboard last_rank(Color c) { return rank_bb(c == WHITE ? 7 : 0); }

// The edge files (a, h) on which c has a pawn.
Bitboard edge_files(const Position& pos, Color c) {
  const Bitboard edges = file_bb(0) | file_bb(7);
  Bitboard files = 0;
  for (Bitboard b = pos.pawns[c] & edges; b;) files |= file_bb(file_of(pop_lsb(b)));
  return files;
}

// Where the king of colour k can be left without a move while the other
// side's pawns stand on their files (found by enumeration, see the header).
// Shut in by those pawns alone: the corner in front of their edge pawn, and
// only by three pawns (a8 by a7 b6 c6 or a6 b6 c7).
Bitboard shut_in_alone(const Position& pos, Color k) {
  return popcount(pos.pawns[~k]) == 3 ? last_rank(~k) & edge_files(pos, ~k) : 0;
}
// With the other king two squares away as well: the pawns' last rank and
// the edge file of their edge pawn; and the corner where k's king blocks
// its own edge pawn.
Bitboard shut_in_helped(const Position& pos, Color k) {
  return last_rank(~k) | edge_files(pos, ~k) | (last_rank(k) & edge_files(pos, k));
}

// Whether the winner's king, held to its horizon, can step on a square its
// own pawns still pass (blocking them, or finding them in its way).
bool blocks_own_pawns(const Position& pos, Color winner, int horizon) {
  const Bitboard reach = king_reach(pos.king[winner], horizon);
  for (Bitboard b = pos.pawns[winner]; b;)
    if (reach & pawn_path(winner, pop_lsb(b))) return true;
  return false;
}

}  // namespace


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

  found.why = independence(pos, found);
  if (found.why != AmVerdict::Why::Decided) verdict.reset();
  return found;
}

AmVerdict::Why AmBothChunks::independence(const Position& pos, AmVerdict& found) const {
  using Why = AmVerdict::Why;
  // Each king moves only in the game of the chunk of the other side's
  // pawns, d plies at most. The winner's king plays the last ply there (its
  // capture of the last pawn): ceil(d/2) moves. The loser's king has
  // floor(d/2), and the last is answered by the promotion that ends the game.
  const Color winner = found.winner, loser = ~winner;
  int* horizon = found.horizon;
  for (int i = 0; i < 2; ++i) {
    const Color king = ~found.games[i].first;
    const int d = found.distance[i];
    horizon[king] = king == winner ? (d + 1) / 2 : std::max(0, d / 2 - 1);
  }
  if (king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK)) return Why::KingHemmedIn;
  if (blocks_own_pawns(pos, winner, horizon[winner])) return Why::BlocksOwnPawns;
  // A king that could want a square next to the other king.
  if (distance(pos.king[WHITE], pos.king[BLACK]) <= horizon[WHITE] + horizon[BLACK] + 1) return Why::KingsMeet;
  // The loser's king caught without a move: stalemate once its pawns are gone.
  const Bitboard near_winner = king_reach(pos.king[winner], horizon[winner] + 2);
  const Bitboard loser_traps = shut_in_alone(pos, loser) | (shut_in_helped(pos, loser) & near_winner);
  if (king_reach(pos.king[loser], horizon[loser]) & loser_traps) return Why::KingTrapped;
  // The winner's king caught without a move when it must answer in its
  // chunk, so before its last move; with the other king two squares away
  // that needs the kings closer than the test above allows.
  if (horizon[winner] > 0 && (king_reach(pos.king[winner], horizon[winner] - 1) & shut_in_alone(pos, winner)))
    return Why::KingTrapped;
  return Why::Decided;
}

}  // namespace chunker
