// Level 5's third schema, beyond the paper: the tempo sum. A side wins if
// one pass budget lets its pawns win one chunk and its king the other.
//
// The two chunks
// of the default parse as a sum of games (Elkies, "On Numbers and
// Endgames", 1996, and Berlekamp, Conway and Guy's sums): where each side is
// in zugzwang in a chunk, who wins the whole is decided by who has the
// tempi to spare, and a move in one chunk is a pass in the other. It
// generalises sound Level 2 and the Z theorem's argument, which let only
// one side pass, without counting, in each chunk.
//
// The theorem. Side W (the other B) wins if, for some budget (n, m), W's
// pawns win their chunk passing at most n times (when W chooses, never
// right after a pass of B's) against B's king passing at most m times
// (whenever it likes), and W's king wins B's chunk (takes every pawn)
// passing at most m times against B's pawns passing at most n times: the
// kv3cpp-passes library (chunks/kv3cpp_library.h) holds both games.
//
// The argument. W answers every move of B's in the chunk where B moved,
// with that chunk's strategy. Where the strategy passes, W moves in the
// other chunk instead, which there is a pass of B's: W's n pawn passes
// are B's pawn passes in the king's game, W's m king passes B's king
// passes in the pawns' game, so each game sees no more passes than its
// budget allows. W never passes right after B's pass, so a pass never
// calls for another. After each move of W's both chunks have B to move;
// with W to move W first moves in one chunk (no pass) and the other counts
// as passed, which costs no budget. In check, W must move in its king's
// chunk. The pawns' game ends the whole with W's safe promotion (or mate:
// B's king has no more squares on the board than in the chunk). Once B's
// pawns are gone W's king steps back and forth between its last two
// squares when its pawns pass.
//
// The guard: nothing outside a chunk may change it. The library gives W's
// king's squares in the king's game (and apart those where it answers a
// check) and B's king's in the pawns' game in three sets, along W's
// strategies (kv3cpp_library.h).
// - Live squares, where B is to move and may move its pawns: none next to
//   W's king's squares (either king's move could be barred, or B's king
//   could defend the pawn W's king takes there). One next to the path of a
//   pawn of B's only where B's king keeps a move to a square on no pawn's
//   path, attacked by no pawn of W's and next to no square of W's king's:
//   else its own pawns could take its last moves and be blocked, leaving B
//   stalemated. Blocking or defending its pawns elsewhere only takes
//   choices from B.
// - At-once squares, where B is to move and W would win at once were it
//   its move (B's king has four moves or more there, so its own pawns
//   cannot bar them all), or where W has promoted unsafely and B's king
//   must take (any other move but a safe promotion loses). A quiet move of
//   B's pawns lets W win at once: a safe promotion stays safe and a mate
//   stays mate, B's pawns only block. So W's king moves there only to
//   answer a check, and none of those answers may be next to B's king (it
//   would bar the move, or defend the pawn W's king takes). Nor may B's
//   king stand next to a promotion square of B's next to W's king's
//   squares: a promotion unsafe in the chunk would be safe. (Doomed
//   squares answer to the next rule instead.)
// - Doomed squares, at-once squares where every move of B's king lets W
//   win at once: B's king stays there, and B's pawns must check with every
//   move or lose. W's king may leave its strategy to answer them: the
//   library plays that check game (B's king frozen there, a promotion it
//   defends safe, W's king answering within a file of B's pawns, so never
//   in its own pawns' way, B stalemated neither) from every placement of
//   W's strategy, and W's king must survive it for every doomed square.
//   Where W's king's strategy lets a pawn of B's run to be taken later, a
//   frozen king by it makes it safe; so the library keeps a second
//   strategy of W's king, which picks the moves with the fewest such
//   squares first. The argument holds for whichever strategy W follows, so
//   either one whose squares keep the guard decides.
// - Threat squares, where W is to move and its strategy passes (W's king
//   moves while B's stands there): none next to W's king's squares. Where
//   W moves its pawns instead, B is to move next on the same square, which
//   counts there.
// Where W's move wins at once B's king may stand anywhere. With W to move
// and moving its king first, B's king must not stand next to the square it
// moves to (W's later king moves answer B's pawns, when B's king stands on
// a live square, or on an at-once one where W wins at once instead). No
// square of W's king may be on the path of a pawn of W's, where it would
// block the pawn or stand where it goes (next to it, it only guards its
// pawns); the pawn groups are a file apart. A king two squares away could still
// cover moves of B's king: where it could cover all of them (stalemate once
// B's pawns are gone) the library makes those moves threat squares, so W's
// king keeps off them. A B side without a move in either game is no win of
// W's, so B is never stalemated on the board.
//
// The positions the oracle forced (`chunker oracle verify` finds no
// disagreement with the guard; without it 6-7% of the theorem's verdicts
// are wrong):
// - 8/5ppp/8/8/8/8/PPP5/4K1k1 w: Black's king by its own pawns (live squares).
// - 8/8/8/P1k3p1/2P2p2/7K/1P6/8 w: Black's king reaches e4 and e3, by its
//   f-pawn's squares, only when White's a-pawn would promote at once, and
//   White's king answers checks on g1, h1, g2 and h2 (at-once squares).
// - 8/8/P7/5pp1/2P4p/1P2k2K/8/8 w: after 1. a7 Black's king on e3 is doomed,
//   and its pawns' one check, 1...g4+, is answered by 2. Kxh4 (doomed squares).
// - 8/6pp/5p2/8/Pk4K1/1P6/2P5/8 w: along the first strategy of White's king
//   Black's king could freeze on e1 or e2 by its f-pawn's promotion square
//   (the second strategy).
// - 8/4kp2/8/PP5p/6p1/2P3K1/8/8 b (Black's king by its f-pawn, keeping a
//   move nothing of White's can take), 8/1P1k4/P7/6p1/2P5/2K5/8/8 b (White's
//   king next to its c-pawn's path) and 8/P1P5/8/6pp/5p1k/1P2K3/8/8 w (Black's
//   king next to squares White's king goes to later, not its first): where
//   the guard is no wider than the argument.
#pragma once

#include <memory>
#include <vector>

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What the tempo sum found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct TempoVerdict {
  enum class Why : std::uint8_t { NoChunks, NoBudget, ChunksMeet, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color winner = WHITE;            // W, from NoBudget on
  int pawn_passes = 0;             // n and m of the budget that decided it, or of the first one
  int king_passes = 0;             // found whose regions meet (ChunksMeet)
  int king_strategy = 0;           // and W's king's strategy (Kv3cppPasses::KING_STRATEGIES)
};

class TempoSum : public Classifier {
 public:
  // `published`: Levels 1-5 in paper mode (make_schemas), for the hint.
  TempoSum(const ChunkLibraries& libraries, std::vector<std::unique_ptr<Classifier>> published);
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 5 (tempo sum)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  TempoVerdict verdict(const Position& pos) const;
  // The hint (engine/search.h): the side to move has a budget, its pawns
  // and its king both winning their chunks, though the guard may fail; it
  // has as many pawns as the opponent; and no rule as published (paper
  // mode, which may be wrong) says it loses.
  bool likely_holds(const Position& pos) const override;
  // Where no budget serves both games (NoBudget): for side w, a budget with
  // which its pawns win and one with which its king does, as few passes
  // apart as any (counting both sides' passes); nullopt where one of the
  // games wins under none. `chunker inspect` shows it: deciding the
  // positions one pass apart would decide Szen's position at its root.
  struct NearestBudgets {
    int pawns_budget, king_budget, apart;  // budgets as Kv3cppPasses::budget(n, m)
  };
  std::optional<NearestBudgets> nearest_budgets(const Position& pos, Color w) const;

 private:
  // The budgets (bit n * PASSES + m) with which side w's pawns and king both
  // win their chunks, from these sides to move in each.
  unsigned budgets(const ChunkView& pawns, const ChunkView& king, Color pawns_side, Color king_side) const {
    return passes_.pawns_win[pawns.entry(pawns_side)] & passes_.king_win[king.entry(king_side)];
  }
  const Kv3cppPasses& passes_;
  std::vector<std::unique_ptr<Classifier>> published_;  // Levels 1-5 in paper mode, for the hint
};

}  // namespace chunker
