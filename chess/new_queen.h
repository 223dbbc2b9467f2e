// What a promoted queen does in a GUI's chess that Chunker's rules ignore.
// Under those rules (docs/design.md §1) a piece promoted unsafely neither
// moves nor checks: the opponent takes it or promotes safely. On a GUI's
// board it is a queen that checks along open lines, and that narrows the
// replies chess allows and lets a pawn mate beside it.
#pragma once

#include <optional>

#include "engine/position.h"

namespace chunker {

// The squares strictly between `a` and `b` where the two share a rank, a
// file or a diagonal (none where they are neighbours); nullopt where they do not.
std::optional<Bitboard> between(Square a, Square b);

// Whether a queen on `queen` attacks `target` along a line `occupied` leaves open.
bool queen_attacks(Square queen, Square target, Bitboard occupied);

// Whether chess allows a reply that Chunker's rules list right after an
// unsafe promotion (pos.promoted set): a reply that leaves the king in the
// new queen's check is illegal there, a safe promotion of our own included.
bool chess_allows(const Position& pos, Move m);

// Right after an unsafe promotion (pos.promoted set): whether a pawn move of
// the side to move mates, in chess, with the new queen standing there. A
// pawn move that the queen's check forbids is not looked for: false then.
bool pawn_mates_after_promotion(const Position& pos);

}  // namespace chunker
