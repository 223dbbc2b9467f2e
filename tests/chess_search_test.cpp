// The chess board and search that play on after Chunker's game is over
// (play/chess_position.h, play/chess_search.h). Perft counts and mate
// distances are Stockfish 15.1's (`go perft N`, `go depth 30` in
// /usr/games/stockfish); the positions carry no castling rights, the one rule
// the board leaves out.
#include "chess_search.h"

#include <doctest/doctest.h>

#include "chess_evaluation.h"

using namespace chunker;
using namespace chunker::chess;

namespace {

ChessIteration search(const std::string& fen, int max_depth = MAX_CHESS_DEPTH) {
  ChessPosition pos = ChessPosition::from_fen(fen);
  ChessLimits limits;
  limits.max_depth = max_depth;
  limits.budget_ms = 20'000;  // a safety net only: each case ends by its depth or its mate
  return search_chess(pos, limits);
}

}  // namespace

TEST_CASE("chess position: perft equals Stockfish's") {
  const struct {
    const char* fen;
    int depth;
    std::uint64_t nodes;
  } cases[] = {
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},                        // en passant, checks, pins
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w - - 0 1", 4, 404587},  // queens, captured promotions
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4, 182838},  // promotions with capture, underpromotions
      {"2Q5/4k3/8/8/8/8/5pK1/8 b - - 0 1", 4, 28840},          // after a promotion: a queen against a pawn
      {"8/8/3k4/8/2pP4/5q2/1K6/Q7 b - d3 0 1", 4, 210736},     // queens both sides, en passant
  };
  for (const auto& c : cases) {
    ChessPosition pos = ChessPosition::from_fen(c.fen);
    CHECK_MESSAGE(perft(pos, c.depth) == c.nodes, c.fen);
  }
}

TEST_CASE("chess search: forced mates at Stockfish's distance") {
  CHECK(search("8/8/8/8/4K3/3Q4/6p1/6k1 w - - 0 1").mate_moves == 4);  // K+Q v K+P
  const ChessIteration stalemate_trap = search("k7/8/1Q6/8/8/8/8/7K w - - 0 1");
  CHECK(stalemate_trap.mate_moves == 7);  // every quiet king move stalemates; b6b5 first
  CHECK(uci(stalemate_trap.pv.front()) == "b6b5");
}

TEST_CASE("chess search: two threads on one kept table find Stockfish's mates; the table speeds the next search") {
  // One thread finds the shortest mate; two, sharing the table, a mate (in
  // as many moves or more: a helper's table entry may end an iteration with
  // a longer one first).
  ChessTable table(16);
  for (unsigned threads : {1u, 2u}) {
    table.clear();
    ChessLimits limits;
    limits.table = &table;
    limits.threads = threads;
    limits.budget_ms = 20'000;
    for (const auto& [fen, mate] : {std::pair{"8/8/8/8/4K3/3Q4/6p1/6k1 w - - 0 1", 4},  // as above
                                    std::pair{"k7/8/1Q6/8/8/8/8/7K w - - 0 1", 7}}) {
      ChessPosition pos = ChessPosition::from_fen(fen);
      const ChessIteration first = search_chess(pos, limits);
      const ChessIteration again = search_chess(pos, limits);
      for (const ChessIteration& it : {first, again}) {
        if (threads == 1)
          CHECK_MESSAGE(it.mate_moves == mate, fen);
        else
          CHECK_MESSAGE(it.mate_moves >= mate, fen);
      }
      if (threads == 1) CHECK_MESSAGE(again.nodes < first.nodes, fen);
    }
  }
}

TEST_CASE("chess search: K+Q v K is mated by the search playing both sides") {
  ChessPosition pos = ChessPosition::from_fen("8/8/8/4k3/8/8/8/4K2Q w - - 0 1");  // Stockfish: mate in 12
  ChessLimits limits;
  limits.max_depth = 6;
  int plies = 0;
  for (; plies < 80 && !pos.legal_moves().empty(); ++plies) {
    const ChessIteration it = search_chess(pos, limits);
    REQUIRE(pos.make(it.pv.front()));
  }
  CHECK(pos.legal_moves().empty());
  CHECK(pos.in_check());
  CHECK(plies <= 2 * 20);
}

TEST_CASE("chess search: draws by the rules") {
  CHECK(ChessPosition::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").insufficient_material());
  CHECK(!ChessPosition::from_fen("8/8/4k3/8/8/3PK3/8/8 w - - 0 1").insufficient_material());
  CHECK(ChessPosition::from_fen("8/8/4k3/8/8/3QK3/8/8 w - - 100 80").drawn_by_rule());  // 50 moves
  // The same position after four king moves repeats the first.
  std::vector<ChessBoard> game = {ChessBoard::from_fen("8/8/4k3/8/8/3QK3/8/8 w - - 0 1")};
  for (const char* m : {"e3f3", "e6f6", "f3e3", "f6e6"}) {
    game.push_back(game.back());
    REQUIRE(game.back().play(m));
  }
  CHECK(ChessPosition::from_game(game).drawn_by_rule());
  game.pop_back();
  CHECK(!ChessPosition::from_game(game).drawn_by_rule());
}

TEST_CASE("chess search: a draw is worth draw_centipawns to the root's side") {
  // White's one legal move (Stockfish 15.1, `go perft 1`: a1a2 1), Kxa2,
  // leaves the bare kings: a draw, scored for White, the side to move at the
  // root, as the limits say.
  for (int worth : {0, 50}) {
    ChessPosition pos = ChessPosition::from_fen("8/8/8/8/8/2k5/p7/K7 w - - 0 1");
    ChessLimits limits;
    limits.max_depth = 4;
    limits.draw_centipawns = worth;
    const ChessIteration it = search_chess(pos, limits);
    REQUIRE(!it.pv.empty());
    CHECK(uci(it.pv.front()) == "a1a2");
    CHECK(it.centipawns == worth);
  }
}

TEST_CASE("chess search: a hanging queen is saved, a free one taken") {
  // The black queen on d4 is attacked by the pawn on e3 and takes nothing safely but the rook.
  CHECK(uci(search("4k3/8/8/8/3q4/4P3/8/R3K3 b - - 0 1", 4).pv.front()) == "d4a1");
  // White's queen takes the undefended black queen.
  CHECK(uci(search("4k3/8/8/8/3q4/8/8/3QK3 w - - 0 1", 4).pv.front()) == "d1d4");
}

TEST_CASE("chess evaluation: in a pawn race the pawn that queens first counts") {
  // Both pawns outrun the kings; Black's f2 queens a move ahead. Stockfish
  // 15.1 (go depth 22): mate in 28 for Black, White to move.
  CHECK(evaluate(ChessPosition::from_fen("8/8/8/2P5/1k4K1/8/5p2/8 w - - 0 1")) < -PIECE_VALUE[ROOK]);
}
