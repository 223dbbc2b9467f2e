#include "chess_evaluation.h"

#include <algorithm>
#include <cstdlib>

namespace chunker::chess {

namespace {

// A passed pawn's bonus by its rank counted from its own side (1: home rank,
// 6: one step from queening).
constexpr int PASSED_BONUS[8] = {0, 10, 15, 25, 45, 75, 200, 0};
// A passed pawn from its 4th rank on is worth more the nearer its own king
// and the farther the enemy king stand from the square in front of it, per
// step and per rank past the 3rd: the kings escort and blockade passers in
// the queen endings the chess after Chunker's game reaches.
constexpr int ENEMY_KING_PASSER_WORTH = 5;
constexpr int OWN_KING_PASSER_WORTH = 2;
// An unstoppable pawn (the rule of the square): a queen less what is left to
// go, so the search prefers the shorter run.
constexpr int UNSTOPPABLE_BONUS = PIECE_VALUE[QUEEN] - PIECE_VALUE[PAWN] - 100;
constexpr int UNSTOPPABLE_PER_MOVE = 20;
constexpr int CENTRE_WORTH = 5;        // per step nearer the centre, knights, bishops and kings
constexpr int MOP_UP_LEAD = 400;       // material ahead from which the strong side hunts the king
constexpr int EDGE_WORTH = 10;         // per step the weak king is from the centre
constexpr int KINGS_NEAR_WORTH = 4;    // per step the kings are closer
constexpr int CANNOT_MATE_SCALE = 16;  // how far the score of a side that cannot mate is cut
constexpr int TEMPO = 10;

int rank88(Square88 s) { return s >> 4; }
int file88(Square88 s) { return s & 7; }
int chebyshev(Square88 a, Square88 b) {
  return std::max(std::abs(file88(a) - file88(b)), std::abs(rank88(a) - rank88(b)));
}
int manhattan(Square88 a, Square88 b) { return std::abs(file88(a) - file88(b)) + std::abs(rank88(a) - rank88(b)); }
// 0 on the four centre squares, 6 in a corner.
int centre_distance(Square88 s) {
  const int f = file88(s), r = rank88(s);
  return (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
}

bool passed(const ChessPosition& pos, Square88 s, Color c) {
  const int step = c == WHITE ? 16 : -16;
  const Piece enemy_pawn = make_piece(~c, PAWN);
  for (Square88 ahead = s + step; !off_board(ahead); ahead += step)
    for (int side_step : {-1, 0, 1})
      if (!off_board(ahead + side_step) && pos.at(ahead + side_step) == enemy_pawn) return false;
  return true;
}

constexpr int NOT_UNSTOPPABLE = 99;

// The moves a passed pawn of `c` needs to queen where the enemy, a king and
// pawns only, cannot stop it (the rule of the square, its path free), else
// NOT_UNSTOPPABLE.
int unstoppable_moves(const ChessPosition& pos, Square88 s, Color c) {
  const int rel_rank = c == WHITE ? rank88(s) : 7 - rank88(s);
  const int step = c == WHITE ? 16 : -16;
  for (Square88 t = s + step; !off_board(t); t += step)
    if (pos.at(t)) return NOT_UNSTOPPABLE;
  const Square88 queening = file88(s) + (c == WHITE ? 7 * 16 : 0);
  const int moves_to_go = 7 - rel_rank - (rel_rank == 1);  // the double step
  const int king_moves = chebyshev(pos.king(~c), queening) - (pos.side() == ~c);
  return king_moves > moves_to_go ? moves_to_go : NOT_UNSTOPPABLE;
}

}  // namespace

int evaluate(const ChessPosition& pos) {
  int score[COLOR_NB] = {0, 0}, pieces[COLOR_NB] = {0, 0}, pawns[COLOR_NB] = {0, 0};
  int fastest[COLOR_NB] = {NOT_UNSTOPPABLE, NOT_UNSTOPPABLE};  // moves to queen of each side's unstoppable pawn
  for (Color c : {WHITE, BLACK}) {
    pawns[c] = pos.count(make_piece(c, PAWN));
    for (Kind k : {KNIGHT, BISHOP, ROOK, QUEEN}) pieces[c] += PIECE_VALUE[k] * pos.count(make_piece(c, k));
  }
  for (Square88 s = 0; s < 128; ++s) {
    if (off_board(s)) {
      s += 7;
      continue;
    }
    const Piece p = pos.at(s);
    if (!p) continue;
    const Color c = colour_of(p);
    score[c] += PIECE_VALUE[kind_of(p)];
    if (kind_of(p) == PAWN && passed(pos, s, c)) {
      const int rel_rank = c == WHITE ? rank88(s) : 7 - rank88(s);
      score[c] += PASSED_BONUS[rel_rank];
      if (rel_rank > 2) {
        const Square88 front = s + (c == WHITE ? 16 : -16);
        score[c] += (rel_rank - 2) * (ENEMY_KING_PASSER_WORTH * chebyshev(pos.king(~c), front) -
                                      OWN_KING_PASSER_WORTH * chebyshev(pos.king(c), front));
      }
      if (!pieces[~c]) fastest[c] = std::min(fastest[c], unstoppable_moves(pos, s, c));
    }
    if (kind_of(p) == KNIGHT || kind_of(p) == BISHOP) score[c] -= CENTRE_WORTH * centre_distance(s);
  }
  // In a race of unstoppable pawns only the side that queens first (the side
  // to move, on equal counts) is worth its queen.
  for (Color c : {WHITE, BLACK}) {
    const bool first = fastest[c] < fastest[~c] || (fastest[c] == fastest[~c] && pos.side() == c);
    if (fastest[c] != NOT_UNSTOPPABLE && first) score[c] += UNSTOPPABLE_BONUS - UNSTOPPABLE_PER_MOVE * fastest[c];
  }
  for (Color c : {WHITE, BLACK})
    if (pieces[~c] < PIECE_VALUE[QUEEN] + PIECE_VALUE[ROOK]) score[c] -= CENTRE_WORTH * centre_distance(pos.king(c));
  const Color strong = score[WHITE] >= score[BLACK] ? WHITE : BLACK;
  if (score[strong] - score[~strong] >= MOP_UP_LEAD)
    score[strong] += EDGE_WORTH * centre_distance(pos.king(~strong)) +
                     KINGS_NEAR_WORTH * (14 - manhattan(pos.king(strong), pos.king(~strong)));
  int lead = score[strong] - score[~strong];
  if (pawns[strong] == 0 && pieces[strong] <= PIECE_VALUE[BISHOP]) lead /= CANNOT_MATE_SCALE;
  return (pos.side() == strong ? lead : -lead) + TEMPO;
}

}  // namespace chunker::chess
