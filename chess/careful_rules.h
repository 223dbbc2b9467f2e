// The careful rules: Chunker's rules with one change for one side, so that
// a win by them is not a loss in the chess a GUI plays on after it. A GUI
// goes on after Chunker's game ends, and there the opponent may answer our
// safe promotion with one of its own, or with a pawn move that mates.
//
// For the careful side, a safe promotion wins only where the opponent cannot
// answer it so (the position after it is played out through the replies).
// An answering promotion is judged by the queens' first moves
// (answered_promotion.h): the careful side wins where it takes the new
// queen, loses where the new queen mates or wins its own, and else the
// queen ending counts as a draw. Right after the opponent's unsafe promotion
// only the replies chess allows are counted (new_queen.h): a GUI refuses the
// others, so a win that needs one cannot be played there.
//
// A careful win is a win by Chunker's rules too (tests/oracle_test.cpp checks
// it against the oracle), so among a won position's winning moves one that
// keeps the careful win avoids the answer, and where none does, one that
// keeps a careful draw leaves only an answer that draws.
#pragma once

#include "exact/exact.h"

namespace chunker {

class CarefulRules : public SideRules {
 public:
  explicit CarefulRules(Color careful) : SideRules(careful) {}
  std::optional<Value> end(const Position& pos, std::optional<Value> by_rules) const override;
  void keep_replies(const Position& pos, MoveList& replies) const override;
};

// Whether the careful rules score the safe promotion `m` (of pos's side to
// move) lost, from the board alone: the opponent answers it with a pawn's
// mate, or with a promotion of its own that mates or wins the new queen. A
// move's worth of arithmetic, so a game asks it when no careful table holds
// the position or no time is left for the chess engine.
bool promotion_answered(const Position& pos, Move m);

}  // namespace chunker
