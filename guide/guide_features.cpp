#include "guide/guide_features.h"

#include <algorithm>
#include <cstdlib>

#include "chunks/chunk_report.h"
#include "engine/bitboard.h"
#include "engine/pawns.h"
#include "engine/peasant/eval.h"

namespace chunker {

namespace {

// A value as one integer that orders outcomes and distances: a quicker win
// higher, a slower loss higher, a draw (or no entry) in between.
constexpr int VALUE_SPAN = 128;
int value_code(const ChunkResult& r) {
  if (!r.legal || !is_decisive(r.pawns_value)) return 0;
  const int d = std::min(distance_of(r.pawns_value), VALUE_SPAN - 1);
  return is_win(r.pawns_value) ? VALUE_SPAN - d : -(VALUE_SPAN - d);
}

// The pass budget the pawns need to win the chunk (Level 5's tempo sum);
// Kv3cppBudget::BUDGETS where they need more or never win.
int budget_need(const Kv3cppChunkReport& chunk, const ChunkLibraries& libraries) {
  const std::uint8_t need = libraries.kv3cpp_budget().need[Kv3cppBudget::placement(chunk.instance.index)];
  return need == Kv3cppBudget::NEVER ? Kv3cppBudget::BUDGETS : need;
}

// King moves to the nearest of `pawns`, and to the nearest square ahead of
// them on their way to promote (the square the king must reach to stop
// them); 8 with no pawns.
int distance_to(Square king, Bitboard pawns) {
  int best = 8;
  for (Bitboard b = pawns; b;) best = std::min(best, distance(king, pop_lsb(b)));
  return best;
}
int distance_to_path(Square king, Bitboard pawns, Color owner) {
  int best = 8;
  for (Bitboard b = pawns; b;) {
    const Square s = pop_lsb(b);
    // The path's ranks, from the one ahead of the pawn to the last: the
    // king's distance is the larger of its files' and the ranks' apart.
    const int ahead = rank_of(s) + (owner == WHITE ? 1 : -1), last = owner == WHITE ? 7 : 0;
    const int low = std::min(ahead, last), high = std::max(ahead, last);
    const int ranks = std::max({0, low - rank_of(king), rank_of(king) - high});
    best = std::min(best, std::max(std::abs(file_of(s) - file_of(king)), ranks));
  }
  return best;
}
int fewest_moves_to_promote(Bitboard pawns, Color owner) {
  int best = 8;
  for (Bitboard b = pawns; b;) best = std::min(best, moves_to_promote(owner, pop_lsb(b)));
  return best;
}

}  // namespace

GuideFeatures guide_features(const Position& pos, const ChunkLibraries& libraries, ChunkReportCache* cache) {
  GuideFeatures f{};
  int n = 0;
  const Color us = pos.side, them = ~pos.side;
  const ChunkReport report = chunk_report(pos, libraries, cache);
  for (Color pawns : {us, them}) {
    const auto& chunk = report.chunk[pawns];
    f[n++] = popcount(pos.pawns[pawns]);
    for (int a = 0; a < ASSUMPTION_NB; ++a)
      for (Color side : {us, them}) f[n++] = chunk ? value_code(chunk->result[a][side]) : 0;
    for (Color side : {us, them}) f[n++] = chunk ? chunk->spare_tempi[side] : -1;
    f[n++] = chunk && chunk->z_configuration;
    f[n++] = chunk ? budget_need(*chunk, libraries) : Kv3cppBudget::BUDGETS;
  }
  for (Color escort : {us, them}) {
    const auto alternate = std::find_if(report.alternates.begin(), report.alternates.end(),
                                        [escort](const AlternateParseReport& a) { return a.escort == escort; });
    const bool present = alternate != report.alternates.end();
    f[n++] = present;
    for (Color side : {us, them}) f[n++] = present ? value_code(alternate->result[side]) : 0;
    for (Color side : {us, them}) f[n++] = present ? alternate->spare_tempi[side] : -1;
    f[n++] = present ? alternate->unopposed_moves : -1;
  }
  const InteractionReport& interaction = report.interaction;
  f[n++] = interaction.groups_apart;
  f[n++] = interaction.meeting_moves;
  f[n++] = interaction.hemmed_in[us];
  f[n++] = interaction.hemmed_in[them];
  // The board: each king's distance to each side's pawns and to the enemy
  // pawns' path, each side's quickest pawn, the kings' distance, Peasant's
  // evaluation (material, passers, opposition).
  for (Color king : {us, them}) {
    f[n++] = distance_to(pos.king[king], pos.pawns[king]);
    f[n++] = distance_to(pos.king[king], pos.pawns[~king]);
    f[n++] = distance_to_path(pos.king[king], pos.pawns[~king], ~king);
  }
  f[n++] = fewest_moves_to_promote(pos.pawns[us], us);
  f[n++] = fewest_moves_to_promote(pos.pawns[them], them);
  f[n++] = distance(pos.king[us], pos.king[them]);
  f[n++] = peasant_evaluate(pos);
  f[n++] = popcount(pos.pawns[us]) - popcount(pos.pawns[them]);
  return f;
}

}  // namespace chunker
