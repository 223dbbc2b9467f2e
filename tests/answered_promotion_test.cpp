// The queens' first moves after a promotion answered by a promotion
// (engine/answered_promotion.h). Each expected value is Stockfish 15.1's
// verdict on the same board with both queens (`go depth 18`): a mate or a
// winning score for White, 0.00, a mate against White.
#include "chess/answered_promotion.h"

#include <doctest/doctest.h>

#include "chess/careful_rules.h"
#include "engine/notation.h"

using namespace chunker;

namespace {

// White to move, White's queen on `first` (its promotion, made first), and
// Black's on `answer` (the promotion just made): the kings and pawns of `fen`.
Value judged(const char* fen, const char* first, const char* answer) {
  auto square = [](const char* name) { return Square((name[1] - '1') * 8 + (name[0] - 'a')); };
  Position pos = parse_fen(fen).pos;
  pos.promoted = square(answer);
  return answered_promotion_value(pos, square(first));
}

}  // namespace

TEST_CASE("a promotion answered by a promotion: what the queens' first moves decide") {
  // Grigoriev 1928 (testpositions/literature.epd): 8.d8=Q a1=Q 9.Qh8+, the
  // skewer; Stockfish +6.70, 9.Qh8+.
  CHECK(judged("8/4K3/1p5p/4k3/4P3/8/8/8 w - -", "d8", "a1") == win_in(3));
  // The new queen on h1 taken along the long diagonal; Stockfish mate in 16, 1.Qxh1.
  CHECK(judged("8/8/8/2K1k3/8/8/8/8 w - -", "a8", "h1") == win_in(1));
  // g1=Q+: nothing takes it, nothing is skewered; Stockfish 0.00.
  CHECK(judged("8/8/8/2K1k3/8/8/8/8 w - -", "a8", "g1") == 0);
  // h1=Q+ skewers White's queen behind its king; Stockfish mate in 18 for Black.
  CHECK(judged("8/8/8/3K4/8/8/8/2k5 w - -", "a8", "h1") == loss_in(2));
  // e1=Q mates on the back rank; Stockfish: mate, no legal move.
  CHECK(judged("8/8/8/8/8/2k5/6PP/7K w - -", "a8", "e1") == loss_in(0));
}

TEST_CASE("a safe promotion the careful rules score lost, from the board alone") {
  auto answered = [](const char* fen, const char* move) {
    const Position pos = parse_fen(fen).pos;
    for (Move m : legal_moves(pos))
      if (uci(m) == move) return promotion_answered(pos, m);
    FAIL("no such move: " << move);
    return false;
  };
  // bench/match, one-draw-3: after 1.b8=Q, 1...h1=Q mates; Stockfish 15.1
  // (`go depth 10`): mate in 1 for Black, h2h1q.
  CHECK(answered("8/1P6/8/8/8/4k3/5p1p/5K2 w - -", "b7b8q"));
  // bench/match, deepest-abc-fgh-w: after 1...f1=Q, 2.c8=Q mates; Stockfish 15.1: mate in 1, c7c8q.
  CHECK(answered("k7/P1P5/1P6/8/6p1/6Kp/5p2/8 b - -", "f2f1q"));
  // No promotion answers 1.b8=Q here; Stockfish 15.1 (`go depth 18` after it): mate in 17 for White.
  CHECK(!answered("8/1P6/8/8/8/4k3/8/5K2 w - -", "b7b8q"));
  // 1.b8=Q h1=Q+: a queen ending with nothing won at once, counted even; Stockfish 15.1: 0.00.
  CHECK(!answered("8/1P6/8/8/8/3k4/7p/2K5 w - -", "b7b8q"));
}
