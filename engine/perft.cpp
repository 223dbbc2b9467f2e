#include "engine/perft.h"

namespace chunker {

namespace {

bool ends_game(const Position& pos, Move m) { return m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m); }

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves = legal_moves(pos);
  if (depth == 1) return std::uint64_t(moves.size);
  std::uint64_t nodes = 0;
  for (Move m : moves)
    if (!ends_game(pos, m)) nodes += perft(make_move(pos, m), depth - 1);
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : legal_moves(pos))
    out.emplace_back(m, depth <= 1 ? 1 : ends_game(pos, m) ? 0 : perft(make_move(pos, m), depth - 1));
  return out;
}

}  // namespace chunker
