#include "schemas/level4_tempi.h"

#include "schemas/level3_kcp.h"

namespace chunker {

namespace {

TempiVerdict decided(TempiVerdict found, Color winner, Color us) {
  found.why = TempiVerdict::Why::Decided;
  found.winner = winner;
  found.outcome = winner == us ? Outcome::Win : Outcome::Loss;
  return found;
}

}  // namespace

TempiVerdict SpareTempiRace::paper_verdict(const std::array<ChunkView, COLOR_NB>& chunk, Color us) const {
  TempiVerdict found;
  found.why = TempiVerdict::Why::NotBothBreakthrough;
  for (Color c : {WHITE, BLACK})
    if (chunk[c].winner(kcp_, us) != c) return found;
  // spare[c]: the spare tempi of c's king, which defends against ~c's pawns.
  for (Color c : {WHITE, BLACK}) found.spare[c] = tempi_->tempi[chunk[~c].entry(us)];
  // The side to move spends a tempo first, so on equal spare tempi it is
  // the first without one: it wins only with more (the header says why).
  return decided(found, found.spare[us] > found.spare[~us] ? us : ~us, us);
}

TempiVerdict SpareTempiRace::verdict(const Position& pos) const {
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return {};
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  if (mode_ == SchemaMode::Paper) return paper_verdict(chunk, pos.side);
  TempiVerdict found;
  found.why = TempiVerdict::Why::NoBreakthrough;
  for (Color c : {WHITE, BLACK}) found.spare[c] = race_->tempi[chunk[~c].entry(pos.side)];
  for (Color a : {WHITE, BLACK}) {
    const Color b = ~a;
    const int t = found.spare[b];
    if (t == Kv3cppRace::NONE) continue;
    found.why = TempiVerdict::Why::KingDisturbed;
    if (still_king(pos, a, t) == StillKing::Holds) return decided(found, a, pos.side);
    // The budget race: a's king answers b's checks and moves freely where it
    // helps, each free move giving b's pawns a quiet move back.
    const Bitboard b_king = race_->region[chunk[a].entry(pos.side)];
    const std::uint32_t b_pawns = Kv3cppBudget::placement(chunk[b].entry(b));
    if (!b_king || (pos.side == a && pos.in_check()) || t >= Kv3cppBudget::BUDGETS || budget_->need[b_pawns] <= t)
      continue;
    const Bitboard a_king = board_squares(budget_->region[b_pawns * Kv3cppBudget::BUDGETS + t], chunk[b].instance);
    if (kings_keep_apart(pos, a, a_king, board_squares(b_king, chunk[a].instance))) {
      found.quiet_moves = budget_->need[b_pawns] == Kv3cppBudget::NEVER ? 0 : budget_->need[b_pawns];
      return decided(found, a, pos.side);
    }
  }
  return found;
}

}  // namespace chunker
