// The chess after Chunker's game (chess/chess_engine.h): the built-in
// search and a real engine over UCI. Expected moves and mate distances are
// Stockfish 15.1's (`go depth 20` in /usr/games/stockfish).
#include "chess/chess_engine.h"

#include <doctest/doctest.h>

using namespace chunker;

namespace {

// White mates at once with Ra8 (the back rank); Stockfish: mate 1, a1a8.
const char* const BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
// Black's queen on d4 stands unguarded, and only e3d4 takes it; with a
// rook more Stockfish scores it cp 1775 at depth 20.
const char* const HANGING_QUEEN = "4k3/8/8/8/3q4/4P3/8/4K3 w - - 0 1";
const char* const HANGING_QUEEN_ROOK = "4k3/8/8/8/3q4/4P3/8/R3K3 w - - 0 1";

}  // namespace

TEST_CASE("the built-in chess search mates in one and takes a hanging queen") {
  const ChessReply mate = builtin_chess_move(ChessBoard::from_fen(BACK_RANK), 3, {});
  CHECK(mate.move == "a1a8");
  CHECK(mate.mate_moves == 1);
  CHECK(builtin_chess_move(ChessBoard::from_fen(HANGING_QUEEN), 3, {}).move == "e3d4");
  // No legal move (Black is mated): no move at all.
  CHECK(builtin_chess_move(ChessBoard::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), 3, {}).move.empty());
}

TEST_CASE("ChessEngine: no engine or a broken one leaves the built-in search, which says so") {
  ChessEngine none("");
  CHECK(none.name().find("no ChessEngine is set") != std::string::npos);
  CHECK(none.play("fen " + std::string(BACK_RANK), ChessBoard::from_fen(BACK_RANK), 100, 0, {}).move == "a1a8");
  ChessEngine broken("/nonexistent/engine");
  CHECK(broken.name().find("did not answer") != std::string::npos);
  CHECK(broken.play("fen " + std::string(BACK_RANK), ChessBoard::from_fen(BACK_RANK), 100, 0, {}).move == "a1a8");
}

TEST_CASE("ChessEngine: Stockfish over UCI plays the mate and reports it") {
  // scripts/setup.sh installs stockfish: a machine without it fails here.
  const std::string command = default_chess_engine();
  REQUIRE_MESSAGE(!command.empty(), "stockfish is not installed (scripts/setup.sh installs it)");
  ChessEngine engine(command);
  CHECK(engine.name().rfind("Stockfish", 0) == 0);
  std::vector<std::string> info;
  const ChessReply reply = engine.play("fen " + std::string(BACK_RANK), ChessBoard::from_fen(BACK_RANK), 300, 0, {},
                                       [&](const std::string& line) { info.push_back(line); });
  CHECK(reply.move == "a1a8");
  CHECK(reply.mate_moves == 1);
  CHECK(!info.empty());
  const ChessReply queen =
      engine.play("fen " + std::string(HANGING_QUEEN_ROOK), ChessBoard::from_fen(HANGING_QUEEN_ROOK), 300, 0, {});
  CHECK(queen.move == "e3d4");
  CHECK(queen.centipawns > 500);
}

TEST_CASE("ChessEngine: the engine's choice among given moves, none without an engine") {
  const ChessBoard board = ChessBoard::from_fen(HANGING_QUEEN_ROOK);
  const std::string position = "fen " + std::string(HANGING_QUEEN_ROOK);
  // The built-in search sees too few plies to judge moves alike by Chunker's rules: no choice.
  CHECK(!ChessEngine("").choose(position, board, {"a1a2", "e3d4"}, 100, {}));
  const std::string command = default_chess_engine();
  REQUIRE_MESSAGE(!command.empty(), "stockfish is not installed (scripts/setup.sh installs it)");
  ChessEngine engine(command);
  // Stockfish takes the queen (e3d4) where it is among the moves; where it
  // is not, its choice is still one of them, never the queen's capture.
  CHECK(engine.choose(position, board, {"a1a2", "e3d4", "e1f1"}, 300, {}) == "e3d4");
  const auto other = engine.choose(position, board, {"a1a2", "e1f1"}, 300, {});
  REQUIRE(other);
  CHECK((*other == "a1a2" || *other == "e1f1"));
}
