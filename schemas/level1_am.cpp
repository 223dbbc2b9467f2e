#include "schemas/level1_am.h"

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

// Where the king of colour k can be left without a move with the other king
// two squares away and its own pawns blocked (found by enumeration, see the
// header): the other side's pawns' last rank and the edge file of their edge
// pawn; and the corner where k's king blocks its own edge pawn.
Bitboard shut_in_helped(const Position& pos, Color k) {
  return last_rank(~k) | edge_files(pos, ~k) | (last_rank(k) & edge_files(pos, k));
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
  // The argument's two chunk games, (chunk, side to move there) pairs: the
  // side to move may open in either chunk, so it may have two ways to win.
  using Game = std::pair<Color, Color>;
  auto wins = [&](Game g, Color side) { return won[g.first][g.second] == side; };
  std::pair<Game, Game> ways[2];
  int found_ways = 0;
  for (Color opened : {WHITE, BLACK}) {
    const Game a{opened, us}, b{~opened, them};
    if (wins(a, us) && wins(b, us)) ways[found_ways++] = {a, b};
  }
  found.winner = us;
  if (!found_ways && wins({WHITE, us}, them) && wins({BLACK, us}, them))
    ways[found_ways++] = {{WHITE, us}, {BLACK, us}}, found.winner = them;
  found.why = AmVerdict::Why::NoSideWinsBoth;
  // Sound mode: the first way whose chunk games cannot interact.
  for (int w = 0; w < found_ways && found.why != AmVerdict::Why::Decided; ++w) {
    found.games[0] = ways[w].first, found.games[1] = ways[w].second;
    for (int i = 0; i < 2; ++i) found.distance[i] = chunk[found.games[i].first].distance(am_, found.games[i].second);
    found.why = mode_ == SchemaMode::Paper ? AmVerdict::Why::Decided : independence(pos, chunk, found);
  }
  if (found.why == AmVerdict::Why::Decided) found.outcome = found.winner == us ? Outcome::Win : Outcome::Loss;
  return found;
}

AmVerdict::Why AmBothChunks::independence(const Position& pos, const std::array<ChunkView, COLOR_NB>& chunk,
                                          const AmVerdict& found) const {
  using Why = AmVerdict::Why;
  const Color winner = found.winner, loser = ~winner;
  // region[k]: k's king in the game of the chunk of the other side's pawns.
  StrategyRegion region[COLOR_NB];
  for (const auto& [pawns, to_move] : found.games) region[~pawns] = chunk[pawns].region(*regions_, to_move);
  if (king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK)) return Why::KingHemmedIn;
  if ((region[winner].king | square_bb(pos.king[winner])) & pawn_paths(pos, winner)) return Why::BlocksOwnPawns;
  // A move of the winner's king to a square next to the loser's.
  if (king_reach_any(region[loser].king, 1) & region[winner].later) return Why::KingsMeet;
  if (!region[WHITE].stuck_free || !region[BLACK].stuck_free) return Why::LeftWithoutMove;
  // The loser without a move: its king out of moves in one chunk (shut in,
  // or next to the winner's king) while its pawns have none in the other.
  if (region[loser].king & pawn_paths(pos, loser)) {
    // Its king may block its own pawns, which no chunk sees: the squares
    // found by enumeration.
    if (region[loser].king & shut_in_helped(pos, loser) & king_reach_any(region[winner].king, 2))
      return Why::KingTrapped;
  } else if (region[loser].trapped_by & region[winner].idle) {
    return Why::KingTrapped;
  }
  return Why::Decided;
}

}  // namespace chunker
