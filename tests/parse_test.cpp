// The interaction of the default parse's two chunks (chunks/parse.h): the
// fewest moves before they meet, worked out directly, against the
// interaction graph that defines it (chunks_interact).
#include "chunks/parse.h"

#include <doctest/doctest.h>

#include <random>

#include "engine/notation.h"

using namespace chunker;

namespace {

// The smallest equal horizon at which the graph joins the kings; -1 for none.
int meeting_moves_by_graph(const Position& pos) {
  for (int moves = 0; moves <= 7; ++moves) {
    const int horizon[COLOR_NB] = {moves, moves};
    if (chunks_interact(pos, horizon)) return moves;
  }
  return -1;
}

}  // namespace

TEST_CASE("chunks_meeting_moves: positions worked out by hand") {
  // The White king on d1 is next to c2's path: the chunks interact at once.
  CHECK(chunks_meeting_moves(parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos) == 0);
  // Kings on d1 and h8 (7 apart) would meet after 3 moves each, Black's king
  // needs 4 to come next to c6's path, and White's 2 (d1-c2-b3, next to a3).
  CHECK(chunks_meeting_moves(parse_fen("7k/8/2p5/8/8/P7/8/3K4 w - - 0 1").pos) == 2);
  // Pawns on neighbouring files: at once, wherever the kings stand.
  CHECK(chunks_meeting_moves(parse_fen("7k/8/8/4p3/3P4/8/8/K7 w - - 0 1").pos) == 0);
}

TEST_CASE("chunks_meeting_moves equals the interaction graph's answer on random positions") {
  std::mt19937 random(20261127);  // fixed: the same sample every run
  int checked = 0;
  while (checked < 200'000) {
    Position pos;
    Bitboard taken = 0;
    auto free_square = [&](int from, int to) {
      for (;;) {
        const Square s = Square(from + int(random() % unsigned(to - from)));
        if (!(taken & square_bb(s))) {
          taken |= square_bb(s);
          return s;
        }
      }
    };
    for (Color c : {WHITE, BLACK}) pos.king[c] = free_square(0, 64);
    if (distance(pos.king[WHITE], pos.king[BLACK]) < 2) continue;
    for (Color c : {WHITE, BLACK})
      for (int n = 1 + int(random() % 3); n > 0; --n) pos.pawns[c] |= square_bb(free_square(8, 56));
    CHECK(chunks_meeting_moves(pos) == meeting_moves_by_graph(pos));
    ++checked;
  }
}

TEST_CASE("king_reach_any: the squares each of its squares' kings reaches, and by hand") {
  // A king in the corner reaches a1 b1 a2 b2 in one move, the a1-c3 square in two.
  CHECK(king_reach_any(square_bb(make_square(0, 0)), 1) == 0x303ULL);
  CHECK(king_reach_any(square_bb(make_square(0, 0)), 2) == 0x70707ULL);
  CHECK(king_reach_any(0, 3) == 0);
  // Against king_reach (chunks/parse.cpp's table, grown from KING_ATTACKS) of each square.
  std::mt19937_64 random(20261130);  // fixed: the same sample every run
  for (int i = 0; i < 2000; ++i) {
    const Bitboard from = random() & random() & random();
    const int moves = int(random() % 9);
    Bitboard expected = 0;
    for (Bitboard b = from; b;) expected |= king_reach(pop_lsb(b), moves);
    CHECK(king_reach_any(from, moves) == expected);
  }
}
