#include "engine/variant/perft.h"

namespace chunker::variant {

namespace {

bool goal_reached(const Variant& v, const Board& b, PerftEnd end) {
  const Color them = ~b.side;
  return (b.pawns[them] & (end == PerftEnd::SeventhRank ? v.seventh_rank(them) : v.last_rank(them))) != 0;
}

// Leaves below `b`, depth >= 1 and the game at `b` not over by a goal.
std::uint64_t leaves(const Variant& v, const Board& b, int depth, PerftEnd end) {
  MoveList list;
  generate(v, b, list);  // no pawns gives no moves: a leaf either way
  if (list.size == 0) return 1;
  if (depth == 1) return std::uint64_t(list.size);  // every child is a leaf, ended or not
  std::uint64_t count = 0;
  for (Move m : list) {
    Board child = play(v, b, m);
    count += goal_reached(v, child, end) ? 1 : leaves(v, child, depth - 1, end);
  }
  return count;
}

}  // namespace

std::uint64_t perft(const Variant& v, const Board& b, int depth, PerftEnd end) {
  if (depth <= 0 || goal_reached(v, b, end)) return 1;
  return leaves(v, b, depth, end);
}

}  // namespace chunker::variant
