// Facts about pawns that every layer asks (the Peasant evaluator, the chunk
// reports, the schemas): where a pawn promotes, how many moves it needs,
// which pawns are passed and which no king can catch. One definition each.
#pragma once

#include "engine/position.h"

namespace chunker {

Square promotion_square(Color c, Square s);
// Moves a pawn of colour c on s needs to promote, the double step counted.
int moves_to_promote(Color c, Square s);
// The squares strictly ahead of s, seen from colour c, on every file.
Bitboard ranks_ahead(Color c, Square s);
// A file and the files beside it.
Bitboard file_and_neighbours(int file);
// Could the enemy king take the pawn of colour c on s, were it its move?
bool en_prise(const Position& pos, Color c, Square s);
// Pawns of colour c with no enemy pawn ahead on their own or a neighbouring file.
Bitboard passed_pawns(const Position& pos, Color c);
// Passed pawns of colour c that the enemy king cannot catch (the rule of the
// square, the side to move counted) and that nothing of their own blocks.
Bitboard unstoppable_pawns(const Position& pos, Color c);

}  // namespace chunker
