// Peasant, Newborn's fixed-depth alpha-beta (engine/peasant/): its
// evaluator term by term on positions computed by hand, its knowledge rules,
// and its search against values with a named source — the chess literature,
// and scripts/reference_solve.py (an independent retrograde solver; run
// `python3 scripts/reference_solve.py --best FEN` to see every move's value).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/epd.h"
#include "engine/notation.h"
#include "engine/pawns.h"
#include "engine/peasant/eval.h"
#include "engine/peasant/search.h"

using namespace chunker;

namespace {

const char* SZEN_BOARD = "4k3/5ppp/8/8/8/8/PPP5/3K4";

PeasantResult peasant(const std::string& fen, int depth = PEASANT_DEFAULT_DEPTH) {
  PeasantLimits limits;
  limits.depth = depth;
  limits.hash_megabytes = 4;
  return peasant_search(parse_fen(fen).pos, limits);
}

std::string best_san(const std::string& fen, const PeasantResult& r) {
  return r.best.is_none() ? "" : san(parse_fen(fen).pos, r.best);
}

}  // namespace

TEST_CASE("Peasant: the evaluator, term by term, on positions computed by hand") {
  // 8/8/8/P7/4k3/8/8/7K: MAT 1 - 0 = 1. PP: a5 is passed, 1. PRO: a5 needs 3
  // moves, Black has no pawn (counts 6): 3 - 6 = -3. K1: the centre is a5;
  // Kh1 is 7 king moves from it, Ke4 4: 5 * (4 - 7) = -15. K2: no opposition.
  // R: Ke4 is 4 moves from a8, more than the pawn's 3 with White to move, so
  // a5 cannot be caught: 10 * rank 5 = 50. Total 10 + 5 + 3 - 15 + 0 + 50 = 53.
  PeasantTerms t = peasant_terms(parse_fen("8/8/8/P7/4k3/8/8/7K w - -").pos);
  CHECK(t.mat == 1);
  CHECK(t.pp == 1);
  CHECK(t.pro == -3);
  CHECK(t.k1 == -15);
  CHECK(t.k2 == 0);
  CHECK(t.r == 50);
  CHECK(t.total() == 53);
  // Black to move enters the square (4 - 1 = 3 moves, not more than 3): R = 0,
  // total 3, which is -3 for Black, the side to move.
  Position black = parse_fen("8/8/8/P7/4k3/8/8/7K b - -").pos;
  CHECK(peasant_terms(black).r == 0);
  CHECK(peasant_evaluate(black) == -3);

  // 8/4k3/8/4K3/4P3/8/8/8 b: MAT 1, PP 1, PRO 4 - 6 = -2, K1: Ke5 is 1 move
  // from e4, Ke7 3: 5 * (3 - 1) = 10. K2: the kings face each other with one
  // square between and Black to move, so White has the opposition: +3. R: the
  // white king stands in front of its pawn, 0. Total 10 + 5 + 2 + 10 + 3 = 30.
  t = peasant_terms(parse_fen("8/4k3/8/4K3/4P3/8/8/8 b - -").pos);
  CHECK(t.pro == -2);
  CHECK(t.k1 == 10);
  CHECK(t.k2 == 3);
  CHECK(t.r == 0);
  CHECK(t.total() == 30);
  // White to move: Black has the opposition.
  CHECK(peasant_terms(parse_fen("8/4k3/8/4K3/4P3/8/8/8 w - -").pos).k2 == -3);

  // 7k/8/8/8/8/7p/PP6/K7 w: MAT 2 - 1 = 1. PP 2 - 1 = 1. PRO: a2 and b2 need
  // 5 moves (double step), h3 needs 2: 5 - 2 = 3. K1: the centre of a2, b2, h3
  // is (8/3, 4/3) in (file, rank); Ka1 is max(8/3, 4/3) = 2.67 -> 3 moves from
  // it, Kh8 max(13/3, 17/3) = 5.67 -> 6: 5 * (6 - 3) = 15. R: Kh8 is 7 and 6
  // moves from a8 and b8, more than 5, so both white pawns run (2 * 10 * 2);
  // Ka1 is 7 moves from h1, 6 once White has moved, more than 2, so h3 runs
  // (10 * 6, its sixth rank from Black's side): 40 - 60 = -20.
  // Total 10 + 5 - 3 + 15 + 0 - 20 = 7.
  t = peasant_terms(parse_fen("7k/8/8/8/8/7p/PP6/K7 w - -").pos);
  CHECK(t.mat == 1);
  CHECK(t.pp == 1);
  CHECK(t.pro == 3);
  CHECK(t.k1 == 15);
  CHECK(t.r == -20);
  CHECK(t.total() == 7);

  // The Szen position is symmetric: every term cancels.
  t = peasant_terms(parse_fen(std::string(SZEN_BOARD) + " w - -").pos);
  CHECK(t.mat == 0);
  CHECK(t.pp == 0);
  CHECK(t.pro == 0);
  CHECK(t.k1 == 0);
  CHECK(t.r == 0);
  CHECK(t.total() == 0);
}

TEST_CASE("passed pawns: no enemy pawn ahead on their file or the files beside, worked by hand") {
  auto passed = [](const char* fen, Color c) { return passed_pawns(parse_fen(fen).pos, c); };
  const Bitboard a2 = square_bb(make_square(0, 1)), a5 = square_bb(make_square(0, 4)),
                 b4 = square_bb(make_square(1, 3)), h2 = square_bb(make_square(7, 1)),
                 c7 = square_bb(make_square(2, 6));
  // a5 and b4 have passed each other; each is passed.
  CHECK(passed("4k3/8/8/P7/1p6/8/8/4K3 w - -", WHITE) == a5);
  CHECK(passed("4k3/8/8/P7/1p6/8/8/4K3 w - -", BLACK) == b4);
  // a4 against b5: each has the other ahead on the file beside.
  CHECK(passed("4k3/8/8/1p6/P7/8/8/4K3 w - -", WHITE) == 0);
  CHECK(passed("4k3/8/8/1p6/P7/8/8/4K3 w - -", BLACK) == 0);
  // Two files apart (a2, c7), and on the two edges (a2, h2): all passed.
  CHECK(passed("4k3/2p5/8/8/8/8/P7/4K3 w - -", WHITE) == a2);
  CHECK(passed("4k3/2p5/8/8/8/8/P7/4K3 w - -", BLACK) == c7);
  CHECK(passed("4k3/8/8/8/8/8/P6p/4K3 w - -", WHITE) == a2);
  CHECK(passed("4k3/8/8/8/8/8/P6p/4K3 w - -", BLACK) == h2);
  // One file (a2, a7) and the h-file's neighbour (h2, g7): none.
  CHECK(passed("4k3/p7/8/8/8/8/P7/4K3 w - -", WHITE) == 0);
  CHECK(passed("4k3/6p1/8/8/8/8/7P/4K3 w - -", WHITE) == 0);
  CHECK(passed("4k3/6p1/8/8/8/8/7P/4K3 w - -", BLACK) == 0);
}

TEST_CASE("Peasant: the square rule counts the double step, the side to move, blockers and a capture at once") {
  // b2 needs 5 moves with its double step. Kg7 is 5 moves from b8: caught.
  CHECK(unstoppable_pawns(parse_fen("8/6k1/8/8/8/8/1P6/4K3 w - -").pos, WHITE) == 0);
  // Kh7 is 6 moves from b8: the pawn runs (b4, b5, b6, b7, b8).
  CHECK(unstoppable_pawns(parse_fen("8/7k/8/8/8/8/1P6/4K3 w - -").pos, WHITE) == square_bb(make_square(1, 1)));
  // The same with Black to move: Kh7 steps into the square.
  CHECK(unstoppable_pawns(parse_fen("8/7k/8/8/8/8/1P6/4K3 b - -").pos, WHITE) == 0);
  // Its own king in front of it: not counted.
  CHECK(unstoppable_pawns(parse_fen("8/7k/8/8/8/1K6/1P6/8 w - -").pos, WHITE) == 0);
  // Kb1 far from c8 but next to c2 with the move: it takes the pawn
  // (tests/data/kpk_sample.epd, from scripts/reference_solve.py: a draw).
  CHECK(unstoppable_pawns(parse_fen("8/8/8/8/8/8/2P3K1/1k6 b - -").pos, WHITE) == 0);
}

TEST_CASE("Peasant: what its knowledge (rules 2 and 4) says, checked against the reference solver") {
  // Rule 4: h3 runs and promotes (4 plies) a move before a2 or b2 could (9
  // plies): Black wins (scripts/reference_solve.py: loss in 4 for White).
  CHECK(*peasant_knowledge(parse_fen("7k/8/8/8/8/7p/PP6/K7 w - -").pos) == -(KNOWN_WIN - 4));
  // Rule 2: Kf6 stands on a key square of e4 (d6, e6, f6), the lone king
  // cannot take the pawn: White wins whoever moves (Dvoretsky, Endgame Manual,
  // ch. 1; reference_solve.py: loss in 12 for Black). e4 needs 4 moves, 8 plies.
  CHECK(*peasant_knowledge(parse_fen("4k3/8/5K2/8/4P3/8/8/8 b - -").pos) == -(KNOWN_WIN - 8));
  // Rule 2 when no knowledge decides: the evaluator, never in the lone king's
  // favour. Here K1 favours Black (Kb4 2 moves from a2, Kh1 7): 10 + 5 + 1 - 25
  // = -9 for White, shown as 0, a draw (reference_solve.py: a draw).
  Position lone = parse_fen("8/8/8/8/1k6/8/P7/7K w - -").pos;
  CHECK(peasant_evaluate(lone) == -9);
  CHECK(*peasant_knowledge(lone) == 0);
  // Neither rule applies with pawns on both sides and no runner.
  CHECK(!peasant_knowledge(parse_fen(std::string(SZEN_BOARD) + " w - -").pos));
}

TEST_CASE("Peasant: it proves what ends within its search: safe promotion, mate, an unsafe promotion refuted") {
  // a8 is not next to Kd7; e8 is, undefended (docs/design.md §1). reference_solve.py:
  // only a8=Q wins in 1.
  PeasantResult r = peasant("8/P2kP3/8/8/8/8/8/K7 w - -");
  CHECK(r.proven);
  CHECK(r.value == win_in(1));
  CHECK(r.distance == 1);
  CHECK(best_san("8/P2kP3/8/8/8/8/8/K7 w - -", r) == "a8=Q");
  // A king-and-pawn checkmate in one: g7 covers h8 and f8, Kf7 guards g7 and g8,
  // h7 is Black's own pawn. reference_solve.py: g6g7 is the only win, in 1.
  r = peasant("7k/5K1p/6P1/8/8/8/8/8 w - -");
  CHECK(r.proven);
  CHECK(r.value == win_in(1));
  CHECK(best_san("7k/5K1p/6P1/8/8/8/8/8 w - -", r) == "g7#");
  // e8? is taken (and h1 then wins for Black); Kf7 defends e8 first.
  // reference_solve.py: win in 3 (tests/search_test.cpp lists it too).
  r = peasant("8/3kP3/5K2/8/8/7p/8/8 w - -");
  CHECK(r.proven);
  CHECK(r.value == win_in(3));
  CHECK(best_san("8/3kP3/5K2/8/8/7p/8/8 w - -", r) == "Kf7");
  REQUIRE(r.pv.size() == 3);
  // A game already over: stalemate, proven drawn, no move.
  r = peasant("4k3/4P3/4K3/8/8/8/8/8 b - -");
  CHECK(r.proven);
  CHECK(r.value == 0);
  CHECK(r.best.is_none());
}

TEST_CASE("Peasant: it plays the textbook moves its knowledge sees, and does not call them proven") {
  struct Case {
    const char* fen;
    const char* best;
    const char* why;
  };
  // By reference_solve.py --best: a6 and b4 are the only winning moves; Kc7
  // the fastest win, where c7 is the one move that fails.
  const std::vector<Case> cases = {
      {"8/8/8/P7/4k3/8/8/7K w - -", "a6", "rule of the square: the pawn outside it runs (win in 5)"},
      {"k7/8/1KP5/8/8/8/8/8 w - -", "Kc7", "c7?? stalemates; Kc7 wins fastest, in 7"},
      {"8/6p1/8/8/8/8/1P6/K6k w - -", "b4", "pawn race: only the double step wins (win in 9)"},
  };
  for (const Case& c : cases) {
    INFO(c.fen, " (", c.why, ")");
    PeasantResult r = peasant(c.fen);
    CHECK(best_san(c.fen, r) == c.best);
    CHECK(!r.proven);
    CHECK(is_known_result(r.value));
    CHECK(r.value > 0);
  }
  // Black to move: only Kd5 stays in the square and draws (reference_solve.py);
  // Peasant sees no win for White after it.
  PeasantResult r = peasant("8/8/8/P7/4k3/8/8/7K b - -");
  CHECK(best_san("8/8/8/P7/4k3/8/8/7K b - -", r) == "Kd5");
  CHECK(r.value == 0);
}

TEST_CASE("Peasant: the Szen position, a win for the side to move, is not contradicted") {
  // Szen 1836 (Fine, Basic Chess Endings, no. 68): whoever moves first wins —
  // the oracle puts it at 51 plies, far past Peasant's depth. Peasant must not
  // claim a result, and it counts every node it enters.
  for (const char* side : {" w - -", " b - -"}) {
    INFO(side);
    PeasantResult r = peasant(std::string(SZEN_BOARD) + side, 8);
    CHECK(!r.proven);
    CHECK(!is_known_result(r.value));
    CHECK(!r.best.is_none());
    CHECK(r.depth == 8);
    CHECK(r.nodes > r.terminal_nodes);
    CHECK(r.terminal_nodes > 0);
    CHECK(!r.pv.empty());
  }
}

TEST_CASE("Peasant: on 400 random KPK positions it never proves or knows a wrong result") {
  // tests/data/kpk_sample.epd: values from scripts/reference_solve.py --kpk-sample 400.
  // A proven distance is the line Peasant found: never shorter than best play's.
  std::vector<Epd> sample = read_epd_file(CHUNKER_SOURCE_DIR "/tests/data/kpk_sample.epd");
  REQUIRE(sample.size() == 400);
  PeasantLimits limits;
  limits.depth = 6;
  limits.hash_megabytes = 1;
  int proven = 0, known = 0;
  for (const Epd& e : sample) {
    INFO(board_fields(e.pos));
    PeasantResult r = peasant_search(e.pos, limits);
    const std::string expected = e.op("value");
    if (r.proven) {
      ++proven;
      CHECK((is_win(r.value) ? "win" : is_loss(r.value) ? "loss" : "draw") == expected);
      if (is_decisive(r.value)) CHECK(r.distance >= std::stoi(e.op("dist")));
    } else if (is_known_result(r.value)) {
      ++known;
      CHECK((r.value > 0 ? "win" : "loss") == expected);
    }
  }
  // 59 proven and 174 known at this depth when written: most of the sample
  // is decided within a ply of the root, where rule 2 takes over.
  MESSAGE("proven: ", proven, ", known by rules 2 and 4: ", known, " of 400");
  CHECK(proven + known >= 200);
}
