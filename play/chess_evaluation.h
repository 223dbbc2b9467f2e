// The static evaluation of the chess search (chess_search.h), in centipawns
// for the side to move: material, passed pawns (more with the own king
// near and the enemy king far; one the enemy king cannot catch is worth
// almost the queen it becomes; in a race of such pawns only the one that
// queens first), knights and kings towards the
// centre, and in a won ending the strong king near the weak one and the weak
// king on the edge, where it can be mated. A side with no pawn and at most a
// minor piece cannot mate, so it is never scored ahead.
#pragma once

#include "chess_position.h"

namespace chunker::chess {

constexpr int PIECE_VALUE[7] = {0, 100, 320, 330, 500, 900, 0};

int evaluate(const ChessPosition& pos);

}  // namespace chunker::chess
