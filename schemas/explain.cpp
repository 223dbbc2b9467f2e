// The one-line wording of each schema's verdict (Classifier::explain, shown
// by `chunker inspect`). The verdicts come from each schema's verdict(), the
// code path classify() answers from; only the words are here.
#include <string>

#include "schemas/level1_am.h"
#include "schemas/level2_pcp.h"
#include "schemas/level3_kcp.h"
#include "schemas/level4_tempi.h"
#include "schemas/level5_escort.h"
#include "schemas/level5_tempo.h"
#include "schemas/level5_z.h"

namespace chunker {

namespace {

const std::string NO_CHUNKS = "no two Kv3CPP chunks a file apart (or a promoted piece waits to be taken)";

std::string wins(Color c) { return std::string(" → ") + colour_name(c) + " wins"; }
std::string possessive(Color c) { return std::string(colour_name(c)) + "'s"; }

std::string horizons(const int horizon[COLOR_NB]) {
  return "the chunks may meet within " + std::to_string(horizon[WHITE]) + " moves of White's king and " +
         std::to_string(horizon[BLACK]) + " of Black's: no verdict";
}

const char* HEMMED_IN = "a king has no move of its own, so passing in a chunk may end in stalemate: no verdict";

}  // namespace

std::string AmBothChunks::explain(const Position& pos) const {
  const AmVerdict v = verdict(pos);
  using Why = AmVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  if (v.why == Why::NoSideWinsBoth) return "neither side wins both chunks under alternating moves (Table 3-1)";
  std::string games;
  for (int i = 0; i < 2; ++i) {
    const auto [pawns, to_move] = v.games[i];
    games += (i ? ", " : "") + possessive(pawns) + " pawns with " + colour_name(to_move) + " to move (" +
             (v.winner == pawns ? "the pawns win" : "the king wins") + " in " + std::to_string(v.distance[i]) + ")";
  }
  const std::string premise =
      std::string(colour_name(v.winner)) + " wins both chunks under alternating moves: " + games;
  const std::string regions = " (where the kings can stand while " + possessive(v.winner) + " strategies are played)";
  switch (v.why) {
    case Why::KingHemmedIn:
      return premise + "; but " + HEMMED_IN;
    case Why::BlocksOwnPawns:
      return premise + "; but " + possessive(v.winner) + " king could step into its own pawns' path" + regions +
             ": no verdict";
    case Why::KingsMeet:
      return premise + "; but the kings could come next to each other" + regions + ": no verdict";
    case Why::LeftWithoutMove:
      return premise + "; but " + colour_name(v.winner) +
             " or a lone king could be left without a move in a chunk: no verdict";
    case Why::KingTrapped:
      return premise + "; but " + possessive(~v.winner) + " king could be caught without a move" + regions +
             ", and passing would be stalemate: no verdict";
    default:
      return premise + (mode_ == SchemaMode::Sound ? "; the chunk games stay apart" + regions : "") + wins(v.winner);
  }
}

std::string KeepThreePawns::explain(const Position& pos) const {
  const PcpVerdict v = verdict(pos);
  using Why = PcpVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  if (v.why == Why::NotThreeAgainstFewer) return "no side has three pawns against fewer";
  const Color b = v.keeper, a = ~b;
  const std::string premise = possessive(b) + " three pawns win with the passing option and " + possessive(a) +
                              " pawns lose" + (mode_ == SchemaMode::Sound ? ", with either side to move" : "");
  switch (v.why) {
    case Why::PawnsDoNotHold:
      return colour_name(b) + std::string(" has three pawns against fewer, but not: ") + premise;
    case Why::ChunksInteract:
      return premise + "; but " + horizons(v.horizon);
    case Why::KingHemmedIn:
      return premise + "; but " + HEMMED_IN;
    default:
      return colour_name(a) + std::string(" has lost a pawn: ") + premise + wins(b);
  }
}

std::string BreakthroughBeatsZugzwang::explain(const Position& pos) const {
  const KcpVerdict v = verdict(pos);
  using Why = KcpVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  if (v.why == Why::NoBreakthrough)
    return "neither side's pawns break through when the defending king may pass (KCP), with this side to move";
  const Color a = v.breaker, b = ~a;
  const std::string premise = possessive(a) + " pawns break through even if " + possessive(b) +
                              " king passes (KCP, win in " + std::to_string(v.distance) + ")";
  const std::string b_pawn = b == WHITE ? "white pawn" : "black pawn";
  const std::string meanwhile =
      " in the " + std::to_string(v.defender_moves) + " moves " + colour_name(b) + " has meanwhile";
  switch (v.why) {
    case Why::NoZugzwangWin:
      return premise + "; but " + possessive(b) + " pawns are no win that needs zugzwang";
    case Why::KingDisturbed:
      return premise + "; but" + meanwhile + " a " + b_pawn + " could check " + possessive(a) +
             " king or promote: no verdict";
    case Why::KingOnOwnPath:
      return premise + "; but " + possessive(a) + " king stands in its own pawns' path: no verdict";
    default:
      if (mode_ == SchemaMode::Paper) return premise + "; " + possessive(b) + " pawns need zugzwang" + wins(a);
      if (v.quiet_moves)
        return premise + "; " + possessive(a) + " king moves only to answer checks, and " + possessive(b) +
               " pawns need " + std::to_string(v.quiet_moves) + " other moves to promote, more than the " +
               std::to_string(v.defender_moves) + " " + colour_name(b) + " has meanwhile" + wins(a);
      return premise + "; " + possessive(a) + " king never has to move, and" + meanwhile + " no " + b_pawn +
             " can check it or promote" + wins(a);
  }
}

std::string SpareTempiRace::explain(const Position& pos) const {
  const TempiVerdict v = verdict(pos);
  using Why = TempiVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  if (v.why == Why::NotBothBreakthrough)
    return "not both sides' pawns break through when the defending king may pass (KCP), with this side to move";
  if (v.why == Why::NoBreakthrough)
    return "neither side's pawns break through when the defending king may pass (KCP), with this side to move";
  auto spare = [&](Color c) { return v.spare[c] < 0 ? std::string("none") : std::to_string(v.spare[c]); };
  if (mode_ == SchemaMode::Paper)
    return "both sides break through (KCP); spare tempi: White's king " + spare(WHITE) + ", Black's " + spare(BLACK) +
           "; the side to move wins only on more spare tempi (it spends one first, so it loses a tie)" + wins(v.winner);
  const std::string premise =
      "spare tempi, an unsafe promotion's answer counted: White's king " + spare(WHITE) + ", Black's " + spare(BLACK);
  if (v.why == Why::KingDisturbed)
    return premise +
           "; but no side whose pawns break through (KCP) can push only pawns: within the other king's spare "
           "tempi its pawns could disturb the pusher's king: no verdict";
  const Color a = v.winner, b = ~a;
  const std::string t = std::to_string(v.spare[b]);
  if (v.quiet_moves >= 0)
    return premise + "; " + colour_name(a) + " pushes only pawns, its king answering checks and moving where it " +
           "helps (each such move gives " + possessive(b) + " pawns one more), and " + possessive(b) + " pawns need " +
           (v.quiet_moves ? std::to_string(v.quiet_moves) : "more than 7") +
           " quiet moves to promote or mate, more than " + possessive(b) + " king's " + t + wins(a);
  return premise + "; " + colour_name(a) + " pushes only pawns and " + possessive(b) +
         " pawns cannot check its still king or promote within " + t + " moves" + wins(a);
}

std::string ZConfigurationTheorem::explain(const Position& pos) const {
  const ZVerdict v = verdict(pos);
  using Why = ZVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  if (v.why == Why::NoZ) return "no side's pawns stand in a Z configuration against the enemy king";
  const Color a = v.z_side, b = ~a;
  const std::string premise = possessive(a) +
                              " pawns are in a Z configuration (they win by zugzwang with either side "
                              "to move and keep it against every king move)";
  switch (v.why) {
    case Why::OtherBreaksThrough:
      return premise + "; but " + possessive(b) + " pawns break through (KCP): no verdict";
    case Why::BothZ:
      return premise + ", and so are " + possessive(b) + " → a draw";
    case Why::OtherPawnsHold:
      return premise + "; but " + possessive(b) + " pawns do not lose to " + possessive(a) +
             " king with the passing option (PCP) with either side to move: no verdict";
    case Why::ChunksInteract:
      return premise + "; but " + horizons(v.horizon);
    case Why::KingHemmedIn:
      return premise + "; but " + HEMMED_IN;
    default:
      if (mode_ == SchemaMode::Paper)
        return premise + " and " + possessive(b) + " pawns do not break through" + wins(a);
      return premise + "; " + possessive(b) + " pawns lose to " + possessive(a) +
             " king even with the passing option, and the chunks cannot meet in time" + wins(a);
  }
}

std::string EscortRace::explain(const Position& pos) const {
  const EscortVerdict v = verdict(pos);
  using Why = EscortVerdict::Why;
  if (v.why == Why::NoParse)
    return "not both sides have pawns a file apart from the other's (or a promoted piece waits to be taken)";
  if (v.why == Why::NoEscortWin)
    return "no king and its pawns beat the other king when it may pass (K3CPPvK under KCP), with this side to move";
  const Color a = v.escort, b = ~a;
  const int b_moves = v.spare;
  const std::string premise =
      possessive(a) + " king and pawns get through even if " + possessive(b) + " king passes (K3CPPvK, KCP, win in " +
      std::to_string(v.distance) + "), " + possessive(b) + " pawns moving " + std::to_string(b_moves) +
      " times meanwhile" +
      (mode_ == SchemaMode::Sound ? " (its spare tempi, an unsafe promotion's answer counted)" : "");
  const std::string needs = possessive(b) + " fastest pawn needs " + std::to_string(v.pawn_moves) + " moves";
  switch (v.why) {
    case Why::PawnsTooFast:
      return premise + "; but " + needs + ": no verdict";
    case Why::KingDisturbed:
      return premise + "; " + needs + ", but " + possessive(a) + " king could meet " + possessive(b) +
             " pawns meanwhile, or its line leave it without a move: no verdict";
    default:
      return premise + "; " + needs + wins(a);
  }
}

std::string TempoSum::explain(const Position& pos) const {
  const TempoVerdict v = verdict(pos);
  using Why = TempoVerdict::Why;
  if (v.why == Why::NoChunks) return NO_CHUNKS;
  auto passes = [](int n) { return std::to_string(n) + (n == 1 ? " pass" : " passes"); };
  // A game's budget in words, for side w: its pawns' or its king's passes against the other side's.
  auto pawns_game = [&](Color w, int budget) {
    return possessive(w) + " pawns win with " + passes(budget / Kv3cppPasses::PASSES) + " against " + possessive(~w) +
           " king's " + passes(budget % Kv3cppPasses::PASSES);
  };
  auto king_game = [&](Color w, int budget) {
    return possessive(w) + " king takes " + possessive(~w) + " pawns with " + passes(budget % Kv3cppPasses::PASSES) +
           " against their " + passes(budget / Kv3cppPasses::PASSES);
  };
  if (v.why == Why::NoBudget) {
    std::string nearest;
    for (Color w : {WHITE, BLACK})
      if (const auto near = nearest_budgets(pos, w))
        nearest += "; nearest: " + pawns_game(w, near->pawns_budget) + ", " + king_game(w, near->king_budget) + ", " +
                   (near->apart == 1 ? std::string("one pass") : passes(near->apart)) + " apart";
    return "no side's pawns and king both win their chunks with one budget of passes (kv3cpp-passes), with this side "
           "to move" +
           nearest;
  }
  const Color w = v.winner;
  const int budget = Kv3cppPasses::budget(v.pawn_passes, v.king_passes);
  const std::string premise = pawns_game(w, budget) + ", and " + king_game(w, budget) +
                              (v.king_strategy ? ", keeping the squares where a frozen king would beat it few" : "") +
                              " (a move in one chunk is a pass in the other)";
  if (v.why == Why::ChunksMeet)
    return premise +
           "; but the kings could meet, block their own pawns, or leave the losing side without a move: "
           "no verdict";
  return premise + wins(w);
}

}  // namespace chunker
