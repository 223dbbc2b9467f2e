// The oracle's move (play/oracle_play.h): which of a position's moves it
// picks, given each move's value — the expected choices follow from the rule
// (fastest win, longest defence, fewest drawing replies) on values made up
// here — and, on the built tables, the Szén position, whose winning first
// moves are Ke1 and Ke2, each a win in 51 plies (`chunker oracle probe`).
#include "oracle_play.h"

#include <doctest/doctest.h>

#include "answer.h"

using namespace chunker;

TEST_CASE("oracle move: fastest win, longest defence, fewest drawing replies, only allowed moves") {
  const Move a(8, 16), b(9, 17), c(10, 18), d(4, 12);
  auto none = [](Move) { return 0; };
  CHECK(oracle_move({{a, 0}, {b, win_in(7)}, {c, win_in(5)}, {d, loss_in(2)}}, {a, b, c, d}, none) == c);
  CHECK(oracle_move({{a, 0}, {b, win_in(7)}, {c, win_in(5)}}, {a, b}, none) == b);  // c not allowed
  CHECK(oracle_move({{a, loss_in(4)}, {b, loss_in(10)}, {c, loss_in(2)}}, {a, b, c}, none) == b);
  auto replies = [&](Move m) { return m == a ? 5 : m == b ? 2 : 3; };
  CHECK(oracle_move({{a, 0}, {b, 0}, {c, 0}, {d, loss_in(3)}}, {a, b, c, d}, replies) == b);
  CHECK(oracle_move({{a, 0}}, {}, none).is_none());
}

TEST_CASE("oracle move: the Szen position with the built tables, through the play layer") {
  PlaySettings play;
  play.oracle_dir = CHUNKER_TEST_DATA;
  Player player(play);
  const Position szen = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos;
  const auto answer = player.known(szen);
  REQUIRE(answer.has_value());
  CHECK(answer->source == Source::Oracle);
  CHECK(answer->value == win_in(51));
  std::vector<Move> all;
  for (Move m : legal_moves(szen)) all.push_back(m);
  const Move chosen = player.exact_move(szen, *answer, all);
  CHECK((chosen == Move(3, 4) || chosen == Move(3, 12)));  // d1e1, d1e2
}
