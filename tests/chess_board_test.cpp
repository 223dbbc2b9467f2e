// The chess board `chunker uci` checks its moves against (play/chess_board.h):
// perft counts from the Chess Programming Wiki's "Perft Results" page (the
// start position, and its position 3, which has en passant, promotions and
// checks but no castling, the one rule this board leaves out).
#include "chess/chess_board.h"

#include <doctest/doctest.h>

#include "engine/position.h"

using namespace chunker;

namespace {

std::uint64_t perft(const ChessBoard& board, int depth) {
  if (depth == 0) return 1;
  std::uint64_t n = 0;
  for (const std::string& m : board.legal_moves()) {
    ChessBoard next = board;
    REQUIRE(next.play(m));
    n += perft(next, depth - 1);
  }
  return n;
}

}  // namespace

TEST_CASE("chess board: perft of the start position and of the wiki's position 3") {
  const ChessBoard start = ChessBoard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(perft(start, 1) == 20);
  CHECK(perft(start, 2) == 400);
  CHECK(perft(start, 3) == 8902);
  const ChessBoard pos3 = ChessBoard::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  CHECK(perft(pos3, 1) == 14);
  CHECK(perft(pos3, 2) == 191);
  CHECK(perft(pos3, 3) == 2812);
  CHECK(perft(pos3, 4) == 43238);
}

TEST_CASE("chess board: a promoted queen checks, bad FENs are refused") {
  // The queen on a8 checks the king on f3 along the long diagonal: of its
  // eight squares e4 and g2 stay on the diagonal, g2 is next to the king on
  // h1 too, and nothing else attacks the rest (by hand).
  ChessBoard b = ChessBoard::from_fen("8/P7/8/8/8/5k2/8/7K w - - 0 1");
  REQUIRE(b.play("a7a8q"));
  CHECK(b.in_check());
  CHECK(b.legal_moves().size() == 6);
  CHECK(!b.play("f3e4"));
  CHECK_THROWS_AS(ChessBoard::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"), InputError);
  CHECK_THROWS_AS(ChessBoard::from_fen("4k3/8/8/8/8/8/8/4K2X w - - 0 1"), InputError);
  CHECK_THROWS_AS(ChessBoard::from_fen("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"), InputError);
  CHECK_THROWS_AS(ChessBoard::from_fen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"), InputError);  // Black, not to move, in check
}
