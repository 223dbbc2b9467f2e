// Pawns-only games on an N×N board (N = 3..8): Peasants' Chess (seed 002) and the pawn game that
// sliedes/pawnsonly solves. This header holds the rules of both, the board and its geometry; the
// module stands beside the king-and-pawn engine, sharing only its vocabulary (types.h, bitboard.h).
//
// Peasants' Chess (seeds/002): 8×8; White has pawns on ranks 2 and 3, Black on 7 and 6. Pawns move
// as in chess: one step, a double step from the second rank, diagonal captures, en passant.
//
// The pawn game, as solved by pawnsonly (github.com/sliedes/pawnsonly, pawnsonly.cpp and README,
// which cite chesscorner.com's "Pawn Game"): N×N, each side one full row of pawns on its own second
// rank (White on rank 2, Black on rank N-1); a double step from that rank only when N >= 5 (on
// 4×4 it would land on the last rank, and pawnsonly allows none there); no en passant in
// pawnsonly (here an option). pawnsonly needs N >= 4: on 3×3 the two second ranks are the same
// row, so here, and only here, the pawns start on their first ranks (White rank 1, Black rank 3,
// the Hexapawn set-up) under the same rules as every other size.
//
// Both games end the same way, and pawnsonly and seed 002 agree on it:
//  - the first side to put a pawn on its last rank wins (pawnsonly words it as "a side to move
//    with a pawn on its seventh rank has won", the same thing: nothing ever stands on a last rank
//    there, so that pawn always has its step);
//  - a side to move with no pawns has lost (pawnsonly: a side without pawns loses; the seed: a
//    side that cannot move because it has no pawns loses);
//  - a side to move with pawns but no legal move: the game is drawn (stalemate; pawnsonly scores
//    a position without moves and without a winner as a draw). This holds even when the opponent
//    has a pawn on its seventh rank: it never gets the move to advance it (the seed's own example).
// Squares count a1 = 0, b1 = 1, ..., as in engine/types.h: file = low three bits, rank the next
// three; an N×N board uses files and ranks 0..N-1 of the 8×8 layout.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/bitboard.h"

namespace chunker::variant {

// The engine's vocabulary (types.h, bitboard.h): squares, colours, pawn pushes and attacks mean
// the same on a pawns-only board.
using chunker::Bitboard;
using chunker::BLACK;
using chunker::Color;
using chunker::FILE_A;
using chunker::FILE_H;
using chunker::file_of;
using chunker::forward;
using chunker::make_square;
using chunker::NO_SQUARE;
using chunker::pawn_attacks;
using chunker::pop_lsb;
using chunker::push;
using chunker::rank_bb;
using chunker::rank_of;
using chunker::Square;
using chunker::square_bb;
using chunker::WHITE;

enum class Game : std::uint8_t { Peasants, PawnGame };

constexpr int MIN_SIZE = 3;
constexpr int MAX_SIZE = 8;

struct Rules {
  Game game = Game::Peasants;
  int size = 8;
  bool en_passant = true;
};

// The position: who stands where and whose move it is. Trivially copyable, for copy-make.
struct Board {
  Bitboard pawns[2] = {0, 0};
  Color side = WHITE;
  // Where the side to move may capture en passant; kept only when such a capture exists, so that
  // equal boards compare equal.
  Square ep = NO_SQUARE;

  bool operator==(const Board&) const = default;
};
static_assert(std::is_trivially_copyable_v<Board>);

// A game's rules with the masks that move generation and the end of the game need.
class Variant {
 public:
  // Throws std::invalid_argument when the size is outside 3..8 or Peasants' Chess is not 8×8.
  explicit Variant(const Rules& rules);

  const Rules& rules() const { return rules_; }
  int size() const { return rules_.size; }
  Bitboard squares() const { return squares_; }
  Bitboard last_rank(Color c) const { return last_rank_[c]; }
  // The rank before the last: a pawn there is one step from winning.
  Bitboard seventh_rank(Color c) const { return seventh_rank_[c]; }
  // Where a double step may start (empty when the board is too small for one).
  Bitboard double_step_rank(Color c) const { return double_step_rank_[c]; }
  Board start() const { return start_; }

  // The file-mirror twin (a <-> the last file of the board).
  Bitboard mirror(Bitboard b) const;
  Square mirror(Square s) const { return s == NO_SQUARE ? s : make_square(size() - 1 - file_of(s), rank_of(s)); }

  // "4x4 pawn game, en passant off" and the like.
  std::string name() const;

  // A board from its rows, top rank first, separated by '/': 'P' White, 'p' Black, '.' empty
  // (e.g. "pppp/..../..../PPPP"). Throws std::invalid_argument naming the problem.
  Board parse(std::string_view rows, Color side) const;
  // The rows, in the form parse() reads.
  std::string rows(const Board& b) const;

 private:
  Rules rules_;
  Bitboard squares_ = 0;
  Bitboard last_rank_[2] = {0, 0};
  Bitboard seventh_rank_[2] = {0, 0};
  Bitboard double_step_rank_[2] = {0, 0};
  Board start_;
};

}  // namespace chunker::variant
