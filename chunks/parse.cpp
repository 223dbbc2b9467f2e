#include "chunks/parse.h"

#include <array>
#include <boost/pending/disjoint_sets.hpp>

#include "engine/movegen.h"

namespace chunker {

namespace {

constexpr int MAX_REACH = 7;  // a king crosses the board in 7 moves

const std::array<std::array<Bitboard, SQUARE_NB>, MAX_REACH + 1> KING_REACH = [] {
  std::array<std::array<Bitboard, SQUARE_NB>, MAX_REACH + 1> reach{};
  for (Square s = 0; s < SQUARE_NB; ++s) {
    reach[0][s] = square_bb(s);
    for (int m = 1; m <= MAX_REACH; ++m) {
      Bitboard grown = reach[m - 1][s];
      for (Bitboard b = reach[m - 1][s]; b;) grown |= KING_ATTACKS[pop_lsb(b)];
      reach[m][s] = grown;
    }
  }
  return reach;
}();

}  // namespace

DefaultParse default_parse(const Position& pos) {
  // The schemas of a level each parse the position they are asked about, one
  // after the other: the last parse on this thread is kept and handed out
  // again while the pieces it read (pawns, kings, side to move) stay.
  struct LastParse {
    Bitboard pawns[COLOR_NB] = {~Bitboard(0), ~Bitboard(0)};  // no position has these
    Square king[COLOR_NB] = {};
    Color side = WHITE;
    DefaultParse parse;
  };
  thread_local LastParse last;
  if (last.pawns[WHITE] == pos.pawns[WHITE] && last.pawns[BLACK] == pos.pawns[BLACK] &&
      last.king[WHITE] == pos.king[WHITE] && last.king[BLACK] == pos.king[BLACK] && last.side == pos.side)
    return last.parse;
  for (Color c : {WHITE, BLACK}) last.parse.chunk[c] = kv3cpp_instance(pos, c);
  last.pawns[WHITE] = pos.pawns[WHITE], last.pawns[BLACK] = pos.pawns[BLACK];
  last.king[WHITE] = pos.king[WHITE], last.king[BLACK] = pos.king[BLACK], last.side = pos.side;
  return last.parse;
}

Bitboard king_reach(Square s, int moves) { return KING_REACH[std::min(moves, MAX_REACH)][s]; }

Bitboard pawn_path(Color c, Square s) {
  const Bitboard file = file_bb(file_of(s));
  return c == WHITE ? file & ~(square_bb(s) - 1) : file & ((square_bb(s) << 1) - 1);
}

Bitboard pawn_paths(const Position& pos, Color c) {
  Bitboard paths = 0;
  for (Bitboard b = pos.pawns[c]; b;) paths |= pawn_path(c, pop_lsb(b));
  return paths;
}

bool king_hemmed_in(const Position& pos, Color c) {
  Position as_mover = pos;
  as_mover.side = c;
  return !king_targets(as_mover);
}

bool chunks_interact(const Position& pos, const int horizon[COLOR_NB]) {
  // Vertices: 0 the White king, 1 the Black king, then the pawns.
  constexpr int MAX_PIECES = 2 + 16;
  std::array<Square, MAX_PIECES> square{};
  std::array<Color, MAX_PIECES> colour{};
  std::array<int, MAX_PIECES> rank{}, parent{};
  int n = 2;
  square[0] = pos.king[WHITE], colour[0] = WHITE;
  square[1] = pos.king[BLACK], colour[1] = BLACK;
  for (Color c : {WHITE, BLACK})
    for (Bitboard b = pos.pawns[c]; b; ++n) square[n] = pop_lsb(b), colour[n] = c;
  boost::disjoint_sets<int*, int*> sets(rank.data(), parent.data());
  for (int v = 0; v < n; ++v) sets.make_set(v);

  const Bitboard reach[COLOR_NB] = {king_reach(pos.king[WHITE], horizon[WHITE]),
                                    king_reach(pos.king[BLACK], horizon[BLACK])};
  for (int p = 2; p < n; ++p) {
    const Color c = colour[p];
    sets.union_set(int(~c), p);  // the other side's king: the pawn's chunk
    if (reach[c] & king_reach_any(pawn_path(c, square[p]), 1)) sets.union_set(int(c), p);
    for (int q = p + 1; q < n; ++q)
      if (colour[q] != c && std::abs(file_of(square[p]) - file_of(square[q])) <= 1) sets.union_set(p, q);
  }
  if (distance(pos.king[WHITE], pos.king[BLACK]) <= horizon[WHITE] + horizon[BLACK] + 1) sets.union_set(0, 1);
  return sets.find_set(0) == sets.find_set(1);
}

int chunks_meeting_moves(const Position& pos) {
  // Each king joins the other king's chunk (its pawns), so the kings are
  // connected exactly when one edge joins the chunks: pawns of both colours
  // on the same or adjacent files (at once), a king that reaches a square
  // next to its own pawns' paths (the other king's chunk), or the kings next
  // to each other, each having come half the way.
  int best = MAX_REACH + 1;
  for (Bitboard w = pos.pawns[WHITE]; w;) {
    const int file = file_of(pop_lsb(w));
    for (Bitboard b = pos.pawns[BLACK]; b;)
      if (std::abs(file_of(pop_lsb(b)) - file) <= 1) return 0;
  }
  for (Color c : {WHITE, BLACK}) {
    const Square king = pos.king[c];
    for (Bitboard b = pos.pawns[c]; b;) {
      const Square pawn = pop_lsb(b);
      // The king's distance to the pawn's path: to the file segment from the
      // pawn to its last rank.
      const int rank_gap =
          c == WHITE ? std::max(0, rank_of(pawn) - rank_of(king)) : std::max(0, rank_of(king) - rank_of(pawn));
      const int to_path = std::max(std::abs(file_of(king) - file_of(pawn)), rank_gap);
      best = std::min(best, std::max(0, to_path - 1));
    }
  }
  best = std::min(best, distance(pos.king[WHITE], pos.king[BLACK]) / 2);
  return best <= MAX_REACH ? best : -1;
}

}  // namespace chunker
