// The Level-0 solver against an independent computation: every expected
// value and distance below comes from scripts/reference_solve.py, a separate
// Python program that enumerates every reachable position and solves them by
// retrograde analysis (run: python3 scripts/reference_solve.py "FEN"). The
// motif of each position and its source in the literature is named beside it.
#include "engine/search.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/epd.h"
#include "engine/notation.h"
#include "tests/exact_helpers.h"
#include "tests/sample_size.h"

using namespace chunker;

namespace {

struct Expected {
  const char* fen;
  const char* motif;
  Value value;  // win_in(d), loss_in(d) or 0
};

// Values from scripts/reference_solve.py.
const std::vector<Expected> REFERENCE = {
    // KPK (Fine, Basic Chess Endings, ch. 2; Dvoretsky, Endgame Manual, ch. 1).
    {"8/8/8/4k3/8/3K4/4P3/8 w - - 0 1", "only 1.Ke3, taking the opposition, wins", win_in(25)},
    {"4k3/8/5K2/8/4P3/8/8/8 w - - 0 1", "king on a key square (f6 for the e4 pawn)", win_in(9)},
    {"4k3/8/5K2/8/4P3/8/8/8 b - - 0 1", "key square: wins whoever moves", loss_in(12)},
    {"8/4k3/8/4K3/4P3/8/8/8 b - - 0 1", "king in front of its pawn with the opposition", loss_in(12)},
    {"8/4k3/8/4K3/4P3/8/8/8 w - - 0 1", "the defender keeps the opposition", 0},
    {"8/8/8/4k3/8/4K3/4P3/8 w - - 0 1", "the defender holds the opposition", 0},
    {"8/8/8/4k3/8/4K3/4P3/8 b - - 0 1", "same, White has the opposition", loss_in(24)},
    {"k7/8/1K6/P7/8/8/8/8 w - - 0 1", "rook pawn, defending king in the corner", 0},
    {"k7/8/1K6/P7/8/8/8/8 b - - 0 1", "rook pawn, defending king in the corner", 0},
    {"8/8/8/P7/4k3/8/8/7K b - - 0 1", "rule of the square: only 1...Kd5 draws", 0},
    {"8/8/8/P7/4k3/8/8/7K w - - 0 1", "pawn outside the square", win_in(5)},
    // Races: the first safe promotion wins.
    {"8/6p1/8/8/8/8/1P6/K6k w - - 0 1", "race: only b4 wins", win_in(9)},
    {"8/6p1/8/8/8/8/1P6/K6k b - - 0 1", "race: only g5 wins", win_in(9)},
    {"7K/8/k1P5/7p/8/8/8/8 w - - 0 1", "Reti 1921 (a chess draw): Black's safe h1 comes first", loss_in(12)},
    {"7k/8/7p/8/8/8/P7/K7 w - - 0 1", "the double step decides the race: only a4 wins", win_in(9)},
    // Stalemate traps.
    {"k7/8/1KP5/8/8/8/8/8 w - - 0 1", "c7?? stalemates; Kc7 wins", win_in(7)},
    {"4k3/4P3/8/4K3/8/8/8/8 w - - 0 1", "Ke6?? stalemates; Kd6 or Kf6 wins", win_in(5)},
    {"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", "the stalemate itself", 0},
    // Promotion safety.
    {"8/3kPP2/8/8/8/8/8/K7 w - - 0 1", "e8 next to the king, safe because f7 defends it", win_in(1)},
    {"8/3kP3/5K2/8/8/8/8/8 w - - 0 1", "e8? is taken (draw); Kf7 wins", win_in(3)},
    {"8/3kP3/5K2/8/8/7p/8/8 w - - 0 1", "e8? is taken and loses; Kf7 wins", win_in(3)},
    // En passant out of a check given by a double step.
    {"8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1", "exd6 e.p. answers the check", win_in(5)},
};

std::string describe(Value v) {
  return is_win(v)    ? "win in " + std::to_string(distance_of(v))
         : is_loss(v) ? "loss in " + std::to_string(distance_of(v))
                      : "draw";
}

}  // namespace

TEST_CASE("search alone: whatever it calls proven is the true value and distance") {
  SearchLimits limits;
  limits.node_limit = 300'000;
  limits.hash_megabytes = 8;
  int proven = 0;
  for (const Expected& e : REFERENCE) {
    INFO(e.fen, " (", e.motif, ")");
    SearchResult r = solve(parse_fen(e.fen).pos, limits);
    if (r.proven) {
      ++proven;
      CHECK(describe(r.value) == describe(e.value));
      CHECK(r.proof == Proof::Search);
    } else if (is_decisive(r.value)) {
      // A win or loss found but not yet shown shortest: the kind is right
      // and the distance an upper bound.
      CHECK(is_win(r.value) == is_win(e.value));
      CHECK(is_loss(r.value) == is_loss(e.value));
      CHECK(distance_of(r.value) >= distance_of(e.value));
    } else {
      CHECK(r.proof == Proof::None);
    }
  }
  // Every decisive line of 12 plies or fewer above is within 300,000 nodes.
  CHECK(proven >= 16);
}

TEST_CASE("the exact solver proves every position, draws included, with a line as long as its distance") {
  for (const Expected& e : REFERENCE) {
    INFO(e.fen, " (", e.motif, ")");
    const Position pos = parse_fen(e.fen).pos;
    const ExactTable table = test::solve_exactly(pos);
    const Value v = table.value(pos);
    CHECK(describe(v) == describe(e.value));
    CHECK(int(best_line(table, pos).size()) == (is_decisive(v) ? distance_of(v) : 0));
  }
}

TEST_CASE("the line of a proven result (search or exact) is legal play that ends the game at the stated distance") {
  SearchLimits limits;
  limits.node_limit = 100'000;
  limits.hash_megabytes = 8;
  for (const Expected& e : REFERENCE) {
    if (!is_decisive(e.value)) continue;
    INFO(e.fen);
    Position pos = parse_fen(e.fen).pos;
    SearchResult r = solve(pos, limits);
    // What the search leaves unproven, the exact solver's line stands in for.
    const std::vector<Move> line = r.proven ? r.pv : best_line(test::solve_exactly(pos), pos);
    for (std::size_t i = 0; i < line.size(); ++i) {
      MoveList moves = legal_moves(pos);
      REQUIRE(std::find(moves.begin(), moves.end(), line[i]) != moves.end());
      bool last = i + 1 == line.size();
      bool ends = line[i].kind() == MoveKind::Promotion && is_safe_promotion(pos, line[i]);
      pos = make_move(pos, line[i]);
      // The game ends exactly at the last move: a safe promotion or checkmate.
      CHECK(last == (ends || (legal_moves(pos).empty() && pos.in_check())));
    }
  }
}

TEST_CASE("a position and its mirror and colour-reversed twins have the same value") {
  SearchLimits limits;
  limits.node_limit = 100'000;
  limits.hash_megabytes = 8;
  for (const Expected& e : REFERENCE) {
    INFO(e.fen);
    Position pos = parse_fen(e.fen).pos;
    SearchResult a = solve(pos, limits), b = solve(mirrored(pos), limits), c = solve(colour_reversed(pos), limits);
    CHECK(describe(a.value) == describe(b.value));
    CHECK(describe(a.value) == describe(c.value));
    // The exact solver, which proves every one of them, too.
    const Value exact = test::solve_exactly(pos).value(pos);
    CHECK(test::solve_exactly(mirrored(pos)).value(mirrored(pos)) == exact);
    CHECK(test::solve_exactly(colour_reversed(pos)).value(colour_reversed(pos)) == exact);
  }
}

TEST_CASE("the node limit leaves a long win unproven, never wrongly proven") {
  // The Szen position is a win for the side to move (Szen 1836; Fine, BCE no. 68),
  // far beyond a few thousand nodes.
  SearchLimits limits;
  limits.node_limit = 5'000;
  SearchResult r = solve(parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos, limits);
  CHECK(!r.proven);
  CHECK(r.stop == StopReason::NodeLimit);
  CHECK(!is_loss(r.value));
}

TEST_CASE("400 random KPK positions: the search never proves a wrong value or distance") {
  // tests/data/kpk_sample.epd: values from scripts/reference_solve.py --kpk-sample 400.
  std::vector<Epd> sample = read_epd_file(CHUNKER_SOURCE_DIR "/tests/data/kpk_sample.epd");
  REQUIRE(sample.size() == 400);
  SearchLimits search_only;
  search_only.node_limit = 200'000;
  search_only.hash_megabytes = 8;
  // Under the sanitizers every sample_divisor()-th position.
  const std::size_t step = std::size_t(sample_divisor());
  int proven = 0, checked = 0;
  for (std::size_t at = 0; at < sample.size(); at += step) {
    const Epd& e = sample[at];
    INFO(board_fields(e.pos));
    std::string expected = e.op("value") + (e.op("dist").empty() ? "" : " in " + e.op("dist"));
    SearchResult r = solve(e.pos, search_only);
    if (r.proven) {
      ++proven;
      CHECK(describe(r.value) == expected);
    }
    // Every tenth position also through the exact solver.
    if (++checked % 10 == 0) CHECK(describe(test::solve_exactly(e.pos).value(e.pos)) == expected);
  }
  MESSAGE("proven by search alone: ", proven, " of ", checked);
  // Search alone proves about three quarters of them, of the whole sample
  // and of every fourth: a share well below that is a weaker search.
  CHECK(proven * 10 >= checked * 7);
}
