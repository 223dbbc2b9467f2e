// Peasant: Newborn's fixed-depth alpha-beta for king-and-pawn endings
// (seeds 000 and 001), a baseline beside the Level-0 solver. It plays the
// rules of docs/design.md §1 through rules.h and movegen.h, and adds Peasant's own
// terminal nodes, evaluator (peasant/eval.h), forward pruning of king moves
// near the tips, captures and promotions first, and killer moves.
//
// Terminal nodes, by the seed's numbers:
//  1. the preset depth is reached: the evaluator;
//  2. a lone king against one or two pawns: the special evaluator;
//  3. a queen standing after a move that was not a promotion: cannot occur
//     under §1, where a safe promotion ends the game and an unsafe one must be
//     taken at once (our replacement for Peasant's modified queen rules); what
//     remains is that the reply to a promotion is searched even at the depth;
//  4. a passer the enemy king cannot catch that wins the race with a move to
//     spare: a known win;
//  5. deeper than a win already guaranteed: mate-distance pruning, the
//     special case of alpha-beta the seed suspects it is;
//  6. with Church's correction, a position already reached anywhere in the
//     tree, at any depth: the value it got then (as far as the hash table
//     remembers — entries are replaced by depth);
//  7. stalemate, and §1's other game ends (checkmate, bare kings, a safe
//     promotion available): their exact values from rule_value;
//  8. and 9. a position already on the current line (Church's "any depth"
//     applied to rule 8's parent four plies up): a draw by repetition,
//     whichever side was winning.
//
// What it proves. Scores are heuristic; only game values from rule 7 are
// exact, and minimax carries them up soundly: a win needs one move to a
// proven loss, a loss needs every move searched and lost. So a node that
// pruned a king move and found only losses reports a heuristic score
// instead, and a stored bound is reused as a win or loss only on its sound
// side. A reported win or loss is therefore a forced result; its distance is
// that of the line found, at least the shortest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/movegen.h"

namespace chunker {

// Newborn's Peasant reached about 10 plies with three or four pawns (seed
// 000); here that takes a tenth of a second on the Szen position.
constexpr int PEASANT_DEFAULT_DEPTH = 10;
constexpr int PEASANT_MAX_DEPTH = 60;

struct PeasantLimits {
  int depth = PEASANT_DEFAULT_DEPTH;
  std::size_t hash_megabytes = 64;
};

struct PeasantResult {
  Value value = 0;      // for the side to move: a game value when proven, else a heuristic score
  bool proven = false;  // a forced game result: safe promotion, mate, or a drawn game over at the root
  int distance = 0;     // plies to the end of the line found, when proven and decisive
  Move best;            // none when the game is over at the root without a move to make
  std::vector<Move> pv;
  std::uint64_t nodes = 0;           // every node entered, the root included
  std::uint64_t terminal_nodes = 0;  // nodes that ended by one of the nine rules
  int depth = 0;
  double seconds = 0;
};

PeasantResult peasant_search(const Position& root, const PeasantLimits& limits);

}  // namespace chunker
