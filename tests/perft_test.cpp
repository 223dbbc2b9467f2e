// Perft: move-path counts against Stockfish's `go perft`. Under Chunker's
// rules a promotion counts once and a safe promotion ends the game, so every
// position and depth below is chosen so that no pawn can reach its last rank
// within the depth; there the counts must equal chess's exactly.
//
// Every expected number was produced by running Stockfish 15.1 (`position
// fen <FEN>` then `go perft <depth>`), and the engine was checked to agree
// before the number was written down. Whole test: well under a second in a
// Release build apart from Szén at depth 8 (~0.3 s).
#include "engine/perft.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "engine/position.h"

using namespace chunker;

namespace {

struct PerftCase {
  const char* fen;
  const char* covers;
  // counts[d - 1] is the expected perft at depth d.
  std::vector<std::uint64_t> counts;
};

void check_counts(const PerftCase& c) {
  INFO("position: ", c.fen, " (", c.covers, ")");
  const Position pos = parse_fen(c.fen).pos;
  for (int depth = 1; depth <= int(c.counts.size()); ++depth) {
    CAPTURE(depth);
    CHECK(perft(pos, depth) == c.counts[std::size_t(depth - 1)]);
  }
}

const char* SZEN_WHITE = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";
const char* SZEN_BLACK = "4k3/5ppp/8/8/8/8/PPP5/3K4 b - - 0 1";

}  // namespace

TEST_CASE("perft at depth 0 is one node, and a side without moves has none") {
  CHECK(perft(parse_fen(SZEN_WHITE).pos, 0) == 1);
  // Checkmate by pawns (fxg7+ was the last move): Stockfish 15.1 go perft 1 = 0.
  CHECK(perft(parse_fen("7k/5PP1/6K1/8/8/8/8/8 b - - 0 1").pos, 1) == 0);
  // Stalemate: Stockfish 15.1 go perft 1 = 0.
  CHECK(perft(parse_fen("7k/7P/6K1/8/8/8/8/8 b - - 0 1").pos, 1) == 0);
}

TEST_CASE("perft of the Szén position equals Stockfish's") {
  check_counts({SZEN_WHITE,
                "Szén, White to move: double steps, ep in the tree",
                // Stockfish 15.1 go perft, depths 1..7
                {10, 100, 1030, 10606, 111681, 1173978, 12440331}});
  check_counts({SZEN_BLACK,
                "Szén, Black to move",
                // Stockfish 15.1 go perft, depths 1..7
                {10, 100, 1030, 10606, 111681, 1173978, 12440331}});
}

TEST_CASE("perft of the Szén position at depth 8 equals Stockfish's") {
  // Stockfish 15.1 go perft 8.
  CHECK(perft(parse_fen(SZEN_WHITE).pos, 8) == 131289419);
}

TEST_CASE("perft with en passant set in the FEN equals Stockfish's") {
  const PerftCase cases[] = {
      {"4k3/1p3p2/8/2pP2p1/6P1/8/1P3P2/4K3 w - c6 0 1",
       "White captures en passant d5xc6 at the root; black double steps b7-b5, f7-f5 in the tree",
       // Stockfish 15.1 go perft, depths 1..4
       {10, 90, 889, 8310}},
      {"4k3/2p3p1/8/1p6/3Pp3/8/PP3P2/4K3 b - d3 0 1",
       "Black captures en passant e4xd3 at the root; white a2-a4 past b5 in the tree",
       // Stockfish 15.1 go perft, depths 1..4
       {12, 130, 1474, 16014}},
      {"8/8/8/KPp3k1/8/8/8/8 w - c6 0 1",
       "White b5xc6 ep with both kings on the fifth rank: the capture exposes nothing",
       // Stockfish 15.1 go perft, depths 1..4
       {5, 44, 229, 1771}},
      {"8/8/8/8/k2pP2K/8/8/8 b - e3 0 1",
       "Black d4xe3 ep with both kings on the fourth rank: the capture exposes nothing",
       // Stockfish 15.1 go perft, depths 1..4
       {7, 41, 300, 2224}},
      {"8/8/8/2pP4/3K4/8/8/5k2 w - c6 0 1",
       "c7-c5 gave check: White answers d5xc6 ep, Kxc5 (undefended) or a king move",
       // Stockfish 15.1 go perft, depths 1..4
       {8, 42, 288, 1890}},
      {"8/8/8/5k2/4Pp2/8/8/4K3 b - e3 0 1",
       "e2-e4 gave check: Black answers f4xe3 ep, Kxe4 (undefended) or a king move",
       // Stockfish 15.1 go perft, depths 1..4
       {8, 43, 309, 1923}},
  };
  for (const PerftCase& c : cases) check_counts(c);
}

TEST_CASE("perft with en passant arising inside the tree equals Stockfish's") {
  const PerftCase cases[] = {
      {"8/8/8/3k4/2p2p2/2P2P2/4P3/4K3 w - - 0 1",
       "double step e2-e4 gives check; f4xe3 ep takes the checking pawn; blocked c- and f-pawns",
       // Stockfish 15.1 go perft, depths 1..5
       {6, 32, 192, 1289, 8276}},
      {"4k3/8/8/8/1p4p1/1P4P1/P1P2P1P/4K3 w - - 0 1",
       "White double steps a2-a4, c2-c4, f2-f4, h2-h4 past black pawns: Black ep in the tree",
       // Stockfish 15.1 go perft, depths 1..5
       {12, 68, 816, 6108, 72889}},
      {"4k3/3p1p2/4p3/4P3/8/8/8/4K3 b - - 0 1",
       "Black double steps d7-d5, f7-f5 past the blocked e5 pawn: White ep in the tree",
       // Stockfish 15.1 go perft, depths 1..5
       {7, 39, 289, 2094, 16030}},
      {"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
       "all pawns on their second rank: double steps, pawn captures and ep for both sides",
       // Stockfish 15.1 go perft, depths 1..6
       {18, 324, 5658, 98766, 1683597, 28677387}},
  };
  for (const PerftCase& c : cases) check_counts(c);
}

TEST_CASE("perft with pawn checks and kings beside pawns equals Stockfish's") {
  const PerftCase cases[] = {
      {"8/8/4k3/8/3P1P2/8/8/4K3 w - - 0 1",
       "d4-d5+ and f4-f5+ are pawn checks; the king may take the checker or must step aside",
       // Stockfish 15.1 go perft, depths 1..6
       {7, 49, 390, 2510, 20772, 132624}},
      {"8/8/8/3k4/4P3/8/8/4K3 b - - 0 1",
       "Black in check from an undefended pawn: Kxe4 is legal",
       // Stockfish 15.1 go perft, depths 1..5
       {8, 46, 303, 2093, 14909}},
      {"8/8/8/3k4/4P3/5P2/8/4K3 b - - 0 1",
       "Black in check from a pawn defended by f3: Kxe4 is illegal",
       // Stockfish 15.1 go perft, depths 1..5
       {7, 48, 303, 2311, 15936}},
      {"8/8/8/2PkP3/1P6/8/8/3K4 b - - 0 1",
       "black king beside pawns: Kxe5 (undefended) legal, Kxc5 (defended by b4) not, d6 attacked twice",
       // Stockfish 15.1 go perft, depths 1..5
       {6, 45, 285, 2338, 15189}},
      {"8/2k5/3p1p2/4pK2/8/8/4P3/8 w - - 0 1",
       "white king beside pawns: Kxf6 (undefended) legal, Kxe5 (defended twice) not; e2 may double step",
       // Stockfish 15.1 go perft, depths 1..6
       {7, 64, 449, 3941, 28487, 241123}},
  };
  for (const PerftCase& c : cases) check_counts(c);
}

TEST_CASE("perft with blocked pawns equals Stockfish's") {
  const PerftCase cases[] = {
      {"4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
       "four blocked pairs: only king moves until a king wins a pawn",
       // Stockfish 15.1 go perft, depths 1..9
       {5, 25, 170, 1156, 7004, 42436, 261826, 1615441, 9747299}},
      {"8/8/3k4/3p1p2/3P1P2/3K4/8/8 w - - 0 1",
       "blocked pawns with both kings beside them: defended and undefended pawns to take",
       // Stockfish 15.1 go perft, depths 1..9
       {5, 25, 175, 1224, 7637, 47618, 300816, 1898807, 11750030}},
  };
  for (const PerftCase& c : cases) check_counts(c);
}

TEST_CASE("perft_divide sums to perft and matches Stockfish's divide") {
  // Black to move with e4xd3 en passant available at the root.
  const Position pos = parse_fen("4k3/2p3p1/8/1p6/3Pp3/8/PP3P2/4K3 b - d3 0 1").pos;
  // Stockfish 15.1 go perft 4, per root move (total 16014).
  const std::map<std::string, std::uint64_t> stockfish = {
      {"b5b4", 1162}, {"c7c5", 1537}, {"c7c6", 1261}, {"e4d3", 837},  {"e4e3", 1306}, {"e8d7", 1590},
      {"e8d8", 1244}, {"e8e7", 1724}, {"e8f7", 1602}, {"e8f8", 1244}, {"g7g5", 1263}, {"g7g6", 1244},
  };
  std::map<std::string, std::uint64_t> ours;
  std::uint64_t sum = 0;
  for (const auto& [move, nodes] : perft_divide(pos, 4)) {
    CHECK(ours.count(uci(move)) == 0);  // every root move listed once
    ours[uci(move)] = nodes;
    sum += nodes;
  }
  CHECK(ours == stockfish);
  CHECK(sum == perft(pos, 4));
  CHECK(sum == 16014);

  // The sum equals perft at every depth, on positions with ep, checks and
  // double steps.
  for (const char* fen : {SZEN_WHITE, "8/8/8/2pP4/3K4/8/8/5k2 w - c6 0 1", "8/8/8/3k4/2p2p2/2P2P2/4P3/4K3 w - - 0 1",
                          "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"}) {
    const Position p = parse_fen(fen).pos;
    for (int depth = 1; depth <= 4; ++depth) {
      CAPTURE(fen);
      CAPTURE(depth);
      std::uint64_t total = 0;
      for (const auto& entry : perft_divide(p, depth)) total += entry.second;
      CHECK(total == perft(p, depth));
      CHECK(perft_divide(p, depth).size() == std::size_t(perft(p, 1)));
    }
  }
}
