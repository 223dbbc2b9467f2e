// The oracle's move (play/oracle_play.h): which of a position's moves it
// picks, given each move's value — the expected choices follow from the rule
// (fastest win, longest defence, fewest drawing replies) on values made up
// here — and, on the built tables, the Szén position, whose winning first
// moves are Ke1 and Ke2, each a win in 51 plies (`chunker oracle probe`).
#include "play/oracle_play.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "chess/chess_engine.h"
#include "chess/gui_game.h"
#include "engine/notation.h"
#include "play/answer.h"
#include "uci/game_player.h"

using namespace chunker;

namespace {

// Chunker's move in a GUI's game (`words`: UCI's position command after
// "position"), with the oracle and Stockfish as the chess engine, and no
// exact memory: no careful table is built.
GameMove gui_move(const std::string& words) {
  const std::string command = default_chess_engine();
  REQUIRE_MESSAGE(!command.empty(), "stockfish is not installed (scripts/setup.sh installs it)");
  PlaySettings play;
  play.oracle_dir = CHUNKER_TEST_DATA;
  Player player(play);
  ChessEngine chess(command);
  GamePlayer game_player(player, &chess);
  const GuiGame game = read_game(words);
  REQUIRE(game.position.has_value());
  const Position& pos = *game.position;
  const std::stop_source never;
  return game_player.choose(pos, game.line, gui_legal_moves(pos, game.board), {}, 0, never.get_token(), {}, &game);
}

}  // namespace

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

TEST_CASE("game move: among the wins the careful rules leave, the chess engine's choice") {
  // bench/match, deep-one-move: White's a5a6 and c5c6 each win in 11 plies
  // by the rules (the oracle), and White played a5a6, then a8=Q, after which
  // Black's e1=Q won the chess. Stockfish 15.1 (`go depth 16`) scores Black
  // +135 after a5a6 and +12 after c5c6 (f2f1, a win in 23: +1539). With no
  // careful table the engine chooses.
  const GameMove chosen = gui_move(
      "fen 8/4ppp1/k7/8/PP5K/8/2P5/8 b - - 0 1 moves e7e5 h4g3 f7f5 g3f2 e5e4 f2e3 a6b7 a4a5 b7a6 c2c4 g7g5 e3e2 "
      "f5f4 c4c5 a6b5 e2f2 g5g4 f2f1 f4f3 f1f2 b5c4");
  CHECK(uci(chosen.move) == "c5c6");
  CHECK(chosen.value == win_in(11));
}

TEST_CASE("game move: where the chess refutes every win, the chess engine's least bad") {
  // bench/match, one-draw-3: White wins by the rules with b8=Q (in 1) and
  // Kg2 (in 3, the oracle), and each loses in chess: after b8=Q Black's
  // h1=Q mates, after Kg2 f1=Q+ Kxf1 h1=Q+ follows. Stockfish 15.1
  // (`go depth 20`): f1g2, Black mates in 3.
  const GameMove chosen = gui_move("fen 8/1P6/8/8/8/4k3/5p1p/5K2 w - - 0 1");
  CHECK(uci(chosen.move) == "f1g2");
  CHECK(chosen.value == win_in(3));
}

TEST_CASE("oracle answer right after an unsafe promotion: through its replies, with no exact table asked") {
  // bench/match, one-move-2: after 10.b8=Q+ Black's king takes at once. The
  // promoted position is in no table; before, the play layer then read a
  // saved exact table from disk for it and answered 328 ms past the clock.
  PlaySettings play;
  play.oracle_dir = CHUNKER_TEST_DATA;
  Player player(play);
  Position pos = parse_fen("8/P1k4p/8/6p1/2P2p2/3K4/1P6/8 b - - 0 1").pos;
  for (const char* m : {"c7b7", "c4c5", "f4f3", "b2b4", "b7a7", "b4b5", "g5g4", "d3e3", "h7h5", "e3d3",
                        "h5h4", "b5b6", "a7a6", "d3e3", "h4h3", "e3e4", "f3f2", "b6b7", "a6a7", "b7b8q"})
    pos = make_move(pos, *find_move(pos, m));
  REQUIRE(pos.promoted != NO_SQUARE);
  const auto answer = player.known(pos);
  REQUIRE(answer.has_value());
  CHECK(answer->source == Source::Oracle);
  // Black's replies: the capture a7b8, which leads to a position the oracle
  // holds (its value a ply further), and the safe promotion f2f1, a win in 1
  // by the rules (docs/design.md §1), so the position's value.
  const Position taken = make_move(pos, *find_move(pos, "a7b8"));
  const auto after = player.known(taken);
  REQUIRE(after.has_value());
  CHECK(after->source == Source::Oracle);
  CHECK(answer->value == win_in(1));
  const auto capture = std::find_if(answer->moves.begin(), answer->moves.end(),
                                    [&](const MoveValue& m) { return uci(m.move) == "a7b8"; });
  REQUIRE(capture != answer->moves.end());
  CHECK(capture->value == from_child(after->value));
  CHECK(answer->moves.size() == 2);
}
