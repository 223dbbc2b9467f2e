// The pawns-only variants (engine/variant): rules, perft and solver. Expected numbers come from
// independent sources named beside them: seed 002 (Peasants' Chess perft), pawnsonly's published
// results (github.com/sliedes/pawnsonly, README: 4×4 and 5×5 win for White, 6×6 and 7×7 draws,
// all without en passant), and a brute force written here on a plain character grid, with none
// of the library's bitboards, which re-implements the rules of engine/variant/board.h.
// Whole test: about a second in Release; the 7×7 solve (about 17 s) is left to the command line.
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/variant/perft.h"
#include "engine/variant/solver.h"
#include "tests/sample_size.h"

using namespace chunker::variant;

namespace {

// ---- The brute force: a grid of characters, rank 1 first; 'P' White, 'p' Black, '.' empty. ----

struct Grid {
  int n = 8;
  bool en_passant = false;
  std::string cells;  // cells[rank * n + file]
  int white_to_move = 1;
  int ep_target = -1;  // the square a double step just passed over, whoever may take on it
};

struct GridMove {
  int from, to, taken;  // taken: square of the captured pawn, or -1
  bool double_step;
};

Grid grid_start(Game game, int n, bool en_passant) {
  Grid g{n, en_passant, std::string(std::size_t(n * n), '.'), 1, -1};
  // (rank, pawn) of every full row at the start.
  std::vector<std::pair<int, char>> rows{{1, 'P'}, {n - 2, 'p'}};
  if (game == Game::Peasants) rows = {{1, 'P'}, {2, 'P'}, {5, 'p'}, {6, 'p'}};
  if (game == Game::PawnGame && n == 3) rows = {{0, 'P'}, {2, 'p'}};  // the second ranks would coincide
  for (auto [rank, pawn] : rows)
    for (int f = 0; f < n; ++f) g.cells[std::size_t(rank * n + f)] = pawn;
  return g;
}

std::vector<GridMove> grid_moves(const Grid& g) {
  std::vector<GridMove> moves;
  const char own = g.white_to_move ? 'P' : 'p', enemy = g.white_to_move ? 'p' : 'P';
  const int dir = g.white_to_move ? 1 : -1;
  const int second_rank = g.white_to_move ? 1 : g.n - 2;
  auto at = [&](int file, int rank) { return g.cells[std::size_t(rank * g.n + file)]; };
  for (int rank = 0; rank < g.n; ++rank) {
    for (int file = 0; file < g.n; ++file) {
      if (at(file, rank) != own) continue;
      const int ahead = rank + dir;
      if (ahead < 0 || ahead >= g.n) continue;
      const int from = rank * g.n + file;
      if (at(file, ahead) == '.') {
        moves.push_back({from, ahead * g.n + file, -1, false});
        const int twice = ahead + dir;
        if (g.n >= 5 && rank == second_rank && at(file, twice) == '.')
          moves.push_back({from, twice * g.n + file, -1, true});
      }
      for (int side : {-1, 1}) {
        const int f = file + side;
        if (f < 0 || f >= g.n) continue;
        const int to = ahead * g.n + f;
        if (at(f, ahead) == enemy) moves.push_back({from, to, to, false});
        // En passant: the pawn that passed `to` stands beside us, on our rank.
        if (to == g.ep_target && at(f, rank) == enemy) moves.push_back({from, to, rank * g.n + f, false});
      }
    }
  }
  return moves;
}

Grid grid_play(const Grid& g, const GridMove& m) {
  Grid next = g;
  if (m.taken >= 0) next.cells[std::size_t(m.taken)] = '.';
  next.cells[std::size_t(m.to)] = next.cells[std::size_t(m.from)];
  next.cells[std::size_t(m.from)] = '.';
  next.ep_target = m.double_step && g.en_passant ? (m.from + m.to) / 2 : -1;
  next.white_to_move = !g.white_to_move;
  return next;
}

// The rank the moving side's pawn reached, counted from its own side (0 = its first rank).
int reached(const Grid& g, const GridMove& m) { return g.white_to_move ? m.to / g.n : g.n - 1 - m.to / g.n; }

// Leaves of the game tree cut at `depth`, the game ending when a pawn reaches relative rank `goal`.
std::uint64_t grid_perft(const Grid& g, int depth, int goal) {
  if (depth == 0) return 1;
  std::vector<GridMove> moves = grid_moves(g);
  if (moves.empty()) return 1;
  std::uint64_t count = 0;
  for (const GridMove& m : moves) count += reached(g, m) == goal ? 1 : grid_perft(grid_play(g, m), depth - 1, goal);
  return count;
}

// Plain minimax over the whole game, memoised on the grid: +1 win, 0 draw, -1 loss for the mover.
int grid_value(const Grid& g, std::map<std::string, int>& memo) {
  const std::string key = g.cells + char('0' + g.white_to_move) + std::to_string(g.ep_target);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  std::vector<GridMove> moves = grid_moves(g);
  const char own = g.white_to_move ? 'P' : 'p';
  int best;
  if (g.cells.find(own) == std::string::npos) {
    best = -1;  // no pawns: lost
  } else if (moves.empty()) {
    best = 0;  // stalemate: drawn
  } else {
    best = -1;
    for (const GridMove& m : moves) {
      const int value = reached(g, m) == g.n - 1 ? 1 : -grid_value(grid_play(g, m), memo);
      if (value > best) best = value;
    }
  }
  memo[key] = best;
  return best;
}

// The library's board for a grid.
Board board_of(const Variant& v, const Grid& g) {
  std::string rows;
  for (int rank = g.n - 1; rank >= 0; --rank) {
    rows += g.cells.substr(std::size_t(rank * g.n), std::size_t(g.n));
    if (rank > 0) rows += '/';
  }
  return v.parse(rows, g.white_to_move ? WHITE : BLACK);
}

Variant pawn_game(int n, bool en_passant) { return Variant(Rules{Game::PawnGame, n, en_passant}); }
const Variant PEASANTS{Rules{Game::Peasants, 8, true}};

// Small tables: the tests solve small games, and ASan makes large allocations slow.
SolveResult solve_small(const Variant& v, const Board& b) { return solve(v, b, SolveLimits{1, 0}); }

}  // namespace

TEST_CASE("variant: rules and start positions") {
  CHECK_THROWS_AS(Variant(Rules{Game::PawnGame, 2, false}), std::invalid_argument);
  CHECK_THROWS_AS(Variant(Rules{Game::PawnGame, 9, false}), std::invalid_argument);
  CHECK_THROWS_AS(Variant(Rules{Game::Peasants, 7, true}), std::invalid_argument);
  CHECK(PEASANTS.rows(PEASANTS.start()) == "......../pppppppp/pppppppp/......../......../PPPPPPPP/PPPPPPPP/........");
  CHECK(pawn_game(3, false).rows(pawn_game(3, false).start()) == "ppp/.../PPP");
  CHECK(pawn_game(4, false).rows(pawn_game(4, false).start()) == "..../pppp/PPPP/....");
  CHECK(pawn_game(6, false).rows(pawn_game(6, false).start()) == "....../pppppp/....../....../PPPPPP/......");
  for (int n = 3; n <= 8; ++n) {
    const Variant v = pawn_game(n, true);
    CHECK(board_of(v, grid_start(Game::PawnGame, n, true)) == v.start());
    CHECK(v.parse(v.rows(v.start()), WHITE) == v.start());
  }
}

TEST_CASE("variant: double steps, en passant and the end of the game") {
  const Variant v = pawn_game(5, true), off = pawn_game(5, false);
  // c2-c4 lands beside the black pawn on d4: en passant only when the rules have it.
  const Board b = v.parse("...../...p./...../..P../.....", WHITE);
  const Move double_step{make_square(2, 1), make_square(2, 3), MoveKind::DoublePush};
  CHECK(play(v, b, double_step).ep == make_square(2, 2));
  CHECK(play(off, b, double_step).ep == NO_SQUARE);
  MoveList list;
  generate(v, play(v, b, double_step), list);
  CHECK(list.size == 3);  // d4xc3 e.p., d4-d3 and the double step d4-d2
  // No double step on 4×4: it would reach the last rank (pawnsonly allows none there).
  const Variant small = pawn_game(4, true);
  generate(small, small.parse("..../..p./P.../....", WHITE), list);
  CHECK(list.size == 1);

  // Stalemate draws even when the other side has a pawn on its seventh rank (seed 002's case):
  // Black's pawn on b5 is blocked by b4, and White's a7 never gets the move to advance.
  const Board stalemate =
      PEASANTS.parse("......../P......./......../.p....../.P....../......../......../........", BLACK);
  CHECK(outcome(PEASANTS, stalemate) == Outcome::Draw);
  CHECK(solve_small(PEASANTS, stalemate).value == DRAW);
  // With a free pawn on h6 Black has a move, and loses to a7-a8.
  const Board moves = PEASANTS.parse("......../P......./.......p/.p....../.P....../......../......../........", BLACK);
  CHECK(solve_small(PEASANTS, moves).value == LOSS);
  CHECK(outcome(PEASANTS, PEASANTS.parse("......../......../......../......../......../P......./......../........",
                                         BLACK)) == Outcome::Loss);  // no pawns
  CHECK(outcome(PEASANTS, PEASANTS.parse("P......./......../......../......../......../......../.......p/........",
                                         BLACK)) == Outcome::Loss);  // White has reached its last rank
}

TEST_CASE("variant: the table keeps whole positions and merges mirror twins") {
  const Variant v = pawn_game(6, true);
  const Board a = v.parse("....../pp..../....../..P.../P...../......", WHITE);
  const Board mirror = v.parse("....../....pp/....../...P../.....P/......", WHITE);
  CHECK(canonical(v, a).board == canonical(v, mirror).board);
  CHECK(canonical(v, a).mirrored != canonical(v, mirror).mirrored);
  // One bucket: every position shares the key, and only a stored position may answer.
  Table table(0);
  const Board b = v.parse("....../p...../....../..P.../P...../......", WHITE);
  table.store(a, WIN, WIN, 0, 8, 10);
  TableHit hit;
  CHECK(!table.probe(b, hit));
  REQUIRE(table.probe(a, hit));
  CHECK(hit.low == WIN);
  table.store(b, DRAW, WIN, 0, 8, 1);   // a lower bound only
  table.store(b, LOSS, DRAW, 0, 8, 1);  // an upper bound: the two make it exact
  REQUIRE(table.probe(b, hit));
  CHECK((hit.low == DRAW && hit.high == DRAW));
}

TEST_CASE("variant: perft of Peasants' Chess equals seed 002's counts") {
  // Seed 002: "Depth 7 is known to have 6,146,460 leaf nodes", verified by two programs with a
  // rank-7 victory condition (both conventions agree there: nothing reaches a seventh rank sooner).
  CHECK(perft(PEASANTS, PEASANTS.start(), 7) == 6146460);
  CHECK(perft(PEASANTS, PEASANTS.start(), 7, PerftEnd::LastRank) == 6146460);
  // Seed 002's own first result at depth 8, not verified by a second program; counting the 13,538
  // games that end at ply 7 as leaves, as at every depth, reproduces it exactly.
  CHECK(perft(PEASANTS, PEASANTS.start(), 8) == 68260416);
}

TEST_CASE("variant: perft equals the brute force on every board, with and without en passant") {
  // Under the sanitizers a ply less (tests/sample_size.h): the deepest ply is
  // most of the brute force's time.
  const int fewer = sample_divisor() > 1 ? 1 : 0;
  const Grid peasants = grid_start(Game::Peasants, 8, true);
  for (int depth = 1; depth <= 5 - fewer; ++depth) {
    CAPTURE(depth);
    CHECK(perft(PEASANTS, PEASANTS.start(), depth) == grid_perft(peasants, depth, 6));
    CHECK(perft(PEASANTS, PEASANTS.start(), depth, PerftEnd::LastRank) == grid_perft(peasants, depth, 7));
  }
  for (int n = 3; n <= 8; ++n) {
    for (bool ep : {false, true}) {
      const Variant v = pawn_game(n, ep);
      const Grid g = grid_start(Game::PawnGame, n, ep);
      for (int depth = 1; depth <= (n <= 6 ? 6 : 5) - fewer; ++depth) {
        CAPTURE(n);
        CAPTURE(ep);
        CAPTURE(depth);
        CHECK(perft(v, v.start(), depth) == grid_perft(g, depth, n - 2));
        CHECK(perft(v, v.start(), depth, PerftEnd::LastRank) == grid_perft(g, depth, n - 1));
      }
    }
  }
}

TEST_CASE("variant: the pawn game's published results (pawnsonly)") {
  // pawnsonly's README: without en passant 4×4 and 5×5 are wins for White, 6×6 a draw.
  CHECK(solve_small(pawn_game(4, false), pawn_game(4, false).start()).value == WIN);
  CHECK(solve_small(pawn_game(5, false), pawn_game(5, false).start()).value == WIN);
  const SolveResult six = solve_small(pawn_game(6, false), pawn_game(6, false).start());
  CHECK(six.solved);
  CHECK(six.value == DRAW);
}

TEST_CASE("variant: the solver equals plain minimax on small boards and after every opening") {
  for (int n = 3; n <= 5; ++n) {
    for (bool ep : {false, true}) {
      CAPTURE(n);
      CAPTURE(ep);
      const Variant v = pawn_game(n, ep);
      std::map<std::string, int> memo;
      // Every position two plies into the game, and the start.
      std::vector<Grid> grids{grid_start(Game::PawnGame, n, ep)};
      for (const GridMove& m1 : grid_moves(grids[0])) {
        const Grid g1 = grid_play(grids[0], m1);
        grids.push_back(g1);
        for (const GridMove& m2 : grid_moves(g1)) grids.push_back(grid_play(g1, m2));
      }
      for (const Grid& g : grids) {
        Board b = board_of(v, g);
        // The grid keeps a passed square even when no pawn can take on it; the board only then.
        if (g.ep_target >= 0) {
          for (const GridMove& m : grid_moves(g))
            if (m.to == g.ep_target && m.taken != m.to) b.ep = make_square(g.ep_target % n, g.ep_target / n);
        }
        CAPTURE(v.rows(b));
        CHECK(solve_small(v, b).value == grid_value(g, memo));
      }
    }
  }
}
