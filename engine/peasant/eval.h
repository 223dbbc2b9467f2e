// Peasant's knowledge: the static evaluator of Newborn's pawn-ending program
// (1977) as Church's footnote (1978) gives it — seeds 000 and 001 — and the
// two terminal rules that rest on knowledge rather than on search (rule 2, a
// lone king against one or two pawns; rule 4, a passer that wins the race).
// Scores are heuristic: they always lie strictly between the game values of
// types.h, so the search can never mistake one for a proven result.
#pragma once

#include <optional>

#include "engine/position.h"

namespace chunker {

// Peasant's evaluator 10·MAT + 5·PP − PRO + K1 + K2 + R, term by term, from
// White's side (eval.cpp defines each term next to its code).
struct PeasantTerms {
  int mat = 0;  // pieces: White's minus Black's
  int pp = 0;   // passed pawns: White's minus Black's
  int pro = 0;  // moves to promote, White's most advanced pawn minus Black's
  int k1 = 0;   // points: 5 off per king move between a king and the pawns' centre of gravity
  int k2 = 0;   // points: 3 for the side that has the opposition
  int r = 0;    // points: 10 times the rank of each passer the defending king cannot catch
  int total() const { return 10 * mat + 5 * pp - pro + k1 + k2 + r; }
};

PeasantTerms peasant_terms(const Position& pos);

// The evaluator for the side to move.
Value peasant_evaluate(const Position& pos);

// A win that Peasant's knowledge (rules 2 and 4), not search, vouches for:
// KNOWN_WIN minus the plies the winning pawn still needs. Above every score
// of the evaluator, below every proven win.
constexpr Value KNOWN_WIN = 10'000;
static_assert(KNOWN_WIN < DECISIVE);
// A score that knowledge, not the evaluator, gave: the evaluator stays below
// a thousand (ten pawns' worth of R at most), far from KNOWN_WIN / 2.
constexpr bool is_known_result(Value v) { return !is_decisive(v) && (v >= KNOWN_WIN / 2 || v <= -KNOWN_WIN / 2); }

// Rules 2 and 4: the value of a terminal node by knowledge, for the side to
// move, or nullopt when neither rule makes the position terminal.
std::optional<Value> peasant_knowledge(const Position& pos);

// The centre of gravity of a set of pawns (the mean of their files and of
// their ranks), kept in n-ths of a square so that it need not be a square.
class PawnCentre {
 public:
  explicit PawnCentre(Bitboard pawns);
  bool empty() const { return n_ == 0; }
  // King moves from k to the centre, in n-ths of a move (for comparisons).
  int scaled_distance(Square k) const;
  // King moves from k to the centre, rounded to the nearest, halves up.
  int moves_from(Square k) const { return (2 * scaled_distance(k) + n_) / (2 * n_); }

 private:
  int n_ = 0, file_sum_ = 0, rank_sum_ = 0;
};

}  // namespace chunker
