// The exact solver of the pawns-only variants: negamax alpha-beta over win, draw and loss, searched
// to the end of the game (every move advances a pawn, so every game ends within a bounded number
// of plies and no position can repeat: no ply limit, no iterative deepening, no repetition rule),
// with the whole-position transposition table of table.h.
//
// Knowledge used, all exact under the rules of board.h:
//  - a side to move that can put a pawn on its last rank wins at once (its last rank can hold an
//    enemy pawn only on 3×3, where the capture onto it counts too);
//  - a position and its file mirror have the same value (one table entry), and in a position that
//    is its own mirror image only one move of each mirrored pair is searched;
//  - captures first, then the most advanced pawns, after the table's move; ordering only.
// Left out: seed 002's dead files and gamelets. A file is dead only as long as nobody is in
// zugzwang (the seed's own caveat), so "every file dead, so drawn" would need a proof that no
// side can be squeezed, and gamelet values need a table of their own that scores mutual zugzwang
// apart; the search solves every board up to 7×7 without them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/variant/table.h"

namespace chunker::variant {

struct SolveLimits {
  std::size_t hash_megabytes = 256;
  std::uint64_t node_limit = 0;  // 0: none
};

struct SolveResult {
  bool solved = false;  // false: the node limit stopped the search and the value is unknown
  int value = DRAW;     // WIN, DRAW or LOSS for the side to move
  bool has_best = false;
  Move best;                // a move that keeps the value (none when the game is already over)
  std::uint64_t nodes = 0;  // every position the search entered
  double seconds = 0;
};

SolveResult solve(const Variant& v, const Board& root, const SolveLimits& limits);

// "win", "draw" or "loss".
const char* value_word(int value);

}  // namespace chunker::variant
