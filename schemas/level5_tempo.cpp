#include "schemas/level5_tempo.h"

#include <algorithm>
#include <cstdlib>

#include "chunks/parse.h"

namespace chunker {

namespace {

// The sides to move (in W's pawns' game, in its king's game) the two games
// are played from: with B to move both as they are; with W to move W's first
// move is in one game and the other counts as passed, and in check that move
// is its king's.
struct GameSides {
  std::pair<Color, Color> sides[2];
  int count;
  const std::pair<Color, Color>* begin() const { return sides; }
  const std::pair<Color, Color>* end() const { return sides + count; }
};
GameSides game_sides(const Position& pos, Color w) {
  const Color b = ~w;
  if (pos.side == b) return {{{b, b}}, 1};
  if (pos.in_check()) return {{{b, w}}, 1};
  return {{{w, b}, {b, w}}, 2};
}

}  // namespace

TempoSum::TempoSum(const ChunkLibraries& libraries, std::vector<std::unique_ptr<Classifier>> published)
    : passes_(libraries.kv3cpp_passes()), published_(std::move(published)) {}

TempoVerdict TempoSum::verdict(const Position& pos) const {
  using Why = TempoVerdict::Why;
  TempoVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  found.why = Why::NoBudget;
  for (Color w : {WHITE, BLACK}) {
    const Color b = ~w;
    // Without pawns of B's the exact K3CPPvK library answers; the argument
    // needs a capture to end the king's game (W's king then steps back).
    if (!pos.pawns[w] || !pos.pawns[b]) continue;
    const ChunkView& pawns = (*chunks)[w];  // W's pawns against B's king
    const ChunkView& king = (*chunks)[b];   // B's pawns against W's king
    const Bitboard b_paths = pawn_paths(pos, b), w_paths = pawn_paths(pos, w);
    const Bitboard b_promotions = b_paths & (b == WHITE ? RANK_8 : RANK_1);
    const Bitboard near_b_paths = king_reach_any(b_paths, 1);
    // Both games from the given sides to move: the first budget whose
    // regions keep apart, if any.
    auto decide = [&](Color pawns_side, Color king_side) {
      const std::uint32_t p = pawns.entry(pawns_side), k = king.entry(king_side);
      // W's first move is its king's: not to a square next to B's king
      // where it stands. (W's later king moves answer B's pawns, and then
      // B's king stands on a live square, or on an at-once one where W wins
      // at once instead.)
      const Bitboard near_b_now = king_side == w ? king_reach(pos.king[b], 1) & KING_ATTACKS[pos.king[w]] : 0;
      const unsigned found_budgets = budgets(pawns, king, pawns_side, king_side);
      auto squares = [&](const LibraryArray<std::uint16_t>& ids, std::size_t slot, const ChunkView& chunk) {
        return board_squares(passes_.regions[ids[slot]], chunk.instance);
      };
      for (int budget = 0; budget < Kv3cppPasses::BUDGETS; ++budget) {
        if (!((found_budgets >> budget) & 1)) continue;
        const std::size_t at = Kv3cppPasses::slot(p, budget);
        const Bitboard live = squares(passes_.pawns_region, at, pawns), near_live = king_reach_any(live, 1);
        // B's king's other squares, read the first time a strategy of W's
        // king passes the tests before them: each test alone can part them.
        Bitboard near_threat = 0, doomed = 0, near_at_once = 0;
        bool read_rest = false;
        auto keeps_apart = [&](std::size_t kat) {
          const Bitboard w_king = squares(passes_.king_region, kat, king);
          if (w_king & (near_live | w_paths | near_b_now)) return false;
          // A live square by B's pawns is safe where B's king keeps a move no
          // pawn and no king can take from it: then B is never stalemated.
          const Bitboard near_w = king_reach_any(w_king, 1);
          const Bitboard free = ~(b_paths | w_paths | pawn_attacks(w, w_paths) | near_w);
          for (Bitboard l = live & near_b_paths; l;)
            if (!(KING_ATTACKS[pop_lsb(l)] & free)) return false;
          if (!read_rest) {
            near_threat = king_reach_any(squares(passes_.threat_region, at, pawns), 1);
            doomed = squares(passes_.doomed_region, at, pawns);
            near_at_once = king_reach_any(squares(passes_.at_once_region, at, pawns) & ~doomed, 1);
            read_rest = true;
          }
          if ((near_threat & w_king) || (doomed & squares(passes_.frozen_region, kat, king))) return false;
          return !(near_at_once & (squares(passes_.checked_region, kat, king) | (b_promotions & near_w)));
        };
        // Any of W's king's strategies will do.
        for (int strategy = 0; strategy < Kv3cppPasses::KING_STRATEGIES; ++strategy) {
          const bool apart = keeps_apart(Kv3cppPasses::king_slot(strategy, k, budget));
          if (found.why < Why::ChunksMeet || apart) {
            found.why = apart ? Why::Decided : Why::ChunksMeet;
            found.winner = w;
            found.pawn_passes = budget / Kv3cppPasses::PASSES;
            found.king_passes = budget % Kv3cppPasses::PASSES;
            found.king_strategy = strategy;
          }
          if (apart) return true;
        }
      }
      return false;
    };
    const auto sides = game_sides(pos, w);
    if (std::any_of(sides.begin(), sides.end(), [&](const auto& s) { return decide(s.first, s.second); })) {
      found.outcome = pos.side == w ? Outcome::Win : Outcome::Loss;
      return found;
    }
  }
  return found;
}

std::optional<TempoSum::NearestBudgets> TempoSum::nearest_budgets(const Position& pos, Color w) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks || !pos.pawns[w] || !pos.pawns[~w]) return std::nullopt;
  std::optional<NearestBudgets> nearest;
  for (const auto& [pawns_side, king_side] : game_sides(pos, w)) {
    const unsigned pawns = passes_.pawns_win[(*chunks)[w].entry(pawns_side)];
    const unsigned king = passes_.king_win[(*chunks)[~w].entry(king_side)];
    for (int p = 0; p < Kv3cppPasses::BUDGETS; ++p)
      for (int k = 0; k < Kv3cppPasses::BUDGETS; ++k) {
        if (!((pawns >> p) & 1) || !((king >> k) & 1)) continue;
        const int apart = std::abs(p / Kv3cppPasses::PASSES - k / Kv3cppPasses::PASSES) +
                          std::abs(p % Kv3cppPasses::PASSES - k % Kv3cppPasses::PASSES);
        if (!nearest || apart < nearest->apart) nearest = NearestBudgets{p, k, apart};
      }
  }
  return nearest;
}

bool TempoSum::likely_holds(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  const Color w = pos.side, b = ~w;
  if (!chunks || !pos.pawns[w] || !pos.pawns[b]) return false;
  // Short of pawns it rarely holds: on knowledge_depth_test.cpp's sample the hint
  // hid proofs where the opponent's king had just taken a pawn.
  if (popcount(pos.pawns[w]) < popcount(pos.pawns[b])) return false;
  // The budgets verdict() would try for the side to move as W.
  const ChunkView& pawns = (*chunks)[w];
  const ChunkView& king = (*chunks)[b];
  const auto sides = game_sides(pos, w);
  if (std::none_of(sides.begin(), sides.end(), [&](const auto& s) { return budgets(pawns, king, s.first, s.second); }))
    return false;
  // On a sample of the oracle's positions no schema decides, a published
  // rule called the loss of 409 of the 586 the budget alone wrongly held,
  // and of 30 of the 47,628 it rightly held.
  return std::none_of(published_.begin(), published_.end(), [&](const auto& rule) {
    const auto v = rule->classify(pos);
    return v && is_loss(*v);
  });
}

}  // namespace chunker
