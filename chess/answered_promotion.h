// A promotion answered by a promotion, as a GUI's chess goes on after it.
// Under Chunker's rules (docs/design.md §1) the first safe promotion ends the
// game; in chess the opponent may promote in answer, and then the two queens
// play on. CarefulRules (careful_rules.h) asks what the queens' first moves
// decide there: this judges it from the board alone, without a search, so
// that a retrograde solve can ask it of millions of positions.
#pragma once

#include "engine/position.h"

namespace chunker {

// `pos`: right after the answering promotion, with the side that promoted
// first (`first_queen`: its queen) to move, and the answer's queen on
// pos.promoted. The value for the side to move, from the queens' first
// moves only:
// - a win where its queen or king takes the new queen for nothing (a win
//   in 1), or its queen checks from a square nothing takes it on and the
//   new queen stands behind the checked king, out of that king's reach
//   (a skewer: a win in 3; Grigoriev 1928, 8...a1=Q 9.Qh8+);
// - a loss where the new queen mates (a loss in 0), or checks along a line
//   with the first queen behind the king and nothing can take it, block the
//   check or guard the first queen (a loss in 2);
// - else 0: the queen ending is counted even.
Value answered_promotion_value(const Position& pos, Square first_queen);

}  // namespace chunker
