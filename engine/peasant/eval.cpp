#include "engine/peasant/eval.h"

#include <algorithm>
#include <cstdlib>

#include "engine/pawns.h"

namespace chunker {

namespace {

// Moves a side without pawns counts in PRO: one more than any pawn can need
// (five from its second rank, with the double step), so losing the last pawn
// never improves the term.
constexpr int NO_PAWN_MOVES = 6;
constexpr int K1_POINTS_PER_MOVE = 5;
constexpr int K2_POINTS = 3;
constexpr int R_POINTS_PER_RANK = 10;
// Rule 4's "a move to spare": the race is won even after giving up one move.
constexpr int SPARE_PLIES = 2;

// Plies until a pawn needing `moves` moves promotes, the side to move counted.
int plies_to_promote(const Position& pos, Color c, int moves) { return 2 * moves - (pos.side == c ? 1 : 0); }

// The fewest moves any pawn of `pawns` (colour c) needs; NO_PAWN_MOVES when there is none.
int fewest_moves(Color c, Bitboard pawns) {
  int best = NO_PAWN_MOVES;
  while (pawns) best = std::min(best, moves_to_promote(c, pop_lsb(pawns)));
  return best;
}

// Direct or distant opposition: the kings on one file or one rank with an odd
// number of squares between them.
bool kings_in_opposition(const Position& pos) {
  Square w = pos.king[WHITE], b = pos.king[BLACK];
  int df = std::abs(file_of(w) - file_of(b)), dr = std::abs(rank_of(w) - rank_of(b));
  return (df == 0 && dr % 2 == 0) || (dr == 0 && df % 2 == 0);
}

// The key squares of a pawn of colour c on s, not on a rook file: with its
// king on one of them the pawn promotes whoever moves, unless the lone king
// takes it at once (Fine, Basic Chess Endings, ch. 2; Dvoretsky, Endgame
// Manual, ch. 1): the three squares two ranks ahead of a pawn on its second
// to fourth rank, the six squares one and two ranks ahead from its fifth rank
// on, and on the seventh the squares beside the pawn and beside its
// promotion square. A rook pawn's key squares (beside its promotion square)
// are left out: with the pawn far behind, the lone king can still win it —
// the kpk sample of the tests shows such draws.
Bitboard key_squares(Color c, Square s) {
  const int f = file_of(s), rr = relative_rank(c, s);
  if (f == 0 || f == 7) return 0;
  auto rank_from_c = [c](int relative) { return rank_bb(c == WHITE ? relative : 7 - relative); };
  const Bitboard zone = file_and_neighbours(f);
  if (rr <= 3) return zone & rank_from_c(rr + 2);
  if (rr <= 5) return zone & (rank_from_c(rr + 1) | rank_from_c(rr + 2));
  return zone & ~file_bb(f) & (rank_from_c(6) | rank_from_c(7));  // the square in front would block the pawn
}

// Rule 2's special evaluator, for the side c with the pawns and from its
// side. Seed 000 names it — Newborn's ONEPAWN and Piasetski's TWOPAWN — but
// says nothing of how they judge; this is what we chose: a pawn the lone king
// cannot catch wins (rule 4 has already said so); a king on a key square of a
// pawn the lone king cannot take at once wins; otherwise the general
// evaluator, but never in the lone king's favour — a side without pawns can
// neither promote nor mate.
Value lone_king_value(const Position& pos, Color c) {
  for (Bitboard b = pos.pawns[c]; b;) {
    Square s = pop_lsb(b);
    if ((key_squares(c, s) & square_bb(pos.king[c])) && !(pos.side != c && en_prise(pos, c, s)))
      return KNOWN_WIN - plies_to_promote(pos, c, moves_to_promote(c, s));
  }
  int white_view = peasant_terms(pos).total();
  return std::max(0, c == WHITE ? white_view : -white_view);
}

}  // namespace

PawnCentre::PawnCentre(Bitboard pawns) {
  for (; pawns; ++n_) {
    Square s = pop_lsb(pawns);
    file_sum_ += file_of(s);
    rank_sum_ += rank_of(s);
  }
}

int PawnCentre::scaled_distance(Square k) const {
  return std::max(std::abs(n_ * file_of(k) - file_sum_), std::abs(n_ * rank_of(k) - rank_sum_));
}

// Each term as the seeds define it (from White's side; Black's count is
// subtracted), with what we chose where they say no more:
PeasantTerms peasant_terms(const Position& pos) {
  PeasantTerms t;
  // MAT: pieces. Kings cancel, so it is the pawn difference, plus a piece just
  // promoted and not yet taken (it belongs to the side that moved).
  t.mat = popcount(pos.pawns[WHITE]) - popcount(pos.pawns[BLACK]);
  if (pos.promoted != NO_SQUARE) t.mat += pos.side == BLACK ? 1 : -1;
  // PP: passed pawns, no enemy pawn ahead on the pawn's file or a neighbour.
  t.pp = popcount(passed_pawns(pos, WHITE)) - popcount(passed_pawns(pos, BLACK));
  // PRO: moves the most advanced pawn needs (the double step counted, blockers
  // not); a side without pawns counts NO_PAWN_MOVES.
  t.pro = fewest_moves(WHITE, pos.pawns[WHITE]) - fewest_moves(BLACK, pos.pawns[BLACK]);
  // K1: "the pawns" are all pawns on the board, both colours — in a pawn
  // ending each king is wanted where the pawns are, to escort its own and stop
  // the enemy's. A "space" is a king move (Chebyshev distance). Each king
  // loses 5 points per move; K1 is White's loss subtracted from Black's.
  // The centre is rounded only in the distance: the mean of the files and of
  // the ranks, then king moves to it, to the nearest whole move.
  if (PawnCentre centre(pos.pawns[WHITE] | pos.pawns[BLACK]); !centre.empty())
    t.k1 = K1_POINTS_PER_MOVE * (centre.moves_from(pos.king[BLACK]) - centre.moves_from(pos.king[WHITE]));
  // K2: the opposition (direct or distant, on a file or a rank) belongs to
  // the side not to move: it was the last to move into it.
  if (kings_in_opposition(pos)) t.k2 = pos.side == BLACK ? K2_POINTS : -K2_POINTS;
  // R: ten points times the rank (2 to 7, from the pawn's own side) of each
  // unstoppable passer; the side to move is counted in "cannot be stopped".
  for (Color c : {WHITE, BLACK}) {
    int points = 0;
    for (Bitboard b = unstoppable_pawns(pos, c); b;) points += R_POINTS_PER_RANK * (relative_rank(c, pop_lsb(b)) + 1);
    t.r += c == WHITE ? points : -points;
  }
  return t;
}

Value peasant_evaluate(const Position& pos) {
  int white_view = peasant_terms(pos).total();
  return pos.side == WHITE ? white_view : -white_view;
}

std::optional<Value> peasant_knowledge(const Position& pos) {
  // Rule 3: right after a promotion the reply is always searched.
  if (pos.promoted != NO_SQUARE) return std::nullopt;
  // Rule 4: an unstoppable passer that promotes a move ahead of any enemy pawn
  // — each enemy pawn counted as if its path were free, so the race is never
  // judged too kindly.
  for (Color c : {pos.side, ~pos.side}) {
    Bitboard runners = unstoppable_pawns(pos, c);
    if (!runners) continue;
    int ours = plies_to_promote(pos, c, fewest_moves(c, runners));
    bool enemy_has_pawns = pos.pawns[~c] != 0;
    if (enemy_has_pawns && ours + SPARE_PLIES >= plies_to_promote(pos, ~c, fewest_moves(~c, pos.pawns[~c]))) continue;
    return c == pos.side ? KNOWN_WIN - ours : -(KNOWN_WIN - ours);
  }
  // Rule 2: one side has one or two pawns, the other none.
  for (Color c : {WHITE, BLACK}) {
    int n = popcount(pos.pawns[c]);
    if (n >= 1 && n <= 2 && !pos.pawns[~c]) {
      Value for_c = lone_king_value(pos, c);
      return c == pos.side ? for_c : -for_c;
    }
  }
  return std::nullopt;
}

}  // namespace chunker
