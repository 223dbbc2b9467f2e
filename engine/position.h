// A king-and-pawn position: a small value type, trivially copyable, so that
// search, libraries and tests can copy it freely (copy-make). It holds only
// the board state that decides the game; move counters live in Fen.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/bitboard.h"

namespace chunker {

// Bad input: the message names the problem in one line.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Position {
  Bitboard pawns[COLOR_NB] = {0, 0};
  // A king may be absent (NO_SQUARE) in the partial positions of a chunk
  // (chunks/: a lone king against pawns that have no king). Move generation,
  // make_move, the twins and Zobrist keys allow it; FEN and find_problem,
  // which speak of whole positions, do not.
  Square king[COLOR_NB] = {NO_SQUARE, NO_SQUARE};
  Color side = WHITE;
  // The square a pawn of the side to move may capture en passant on; kept
  // only when such a capture exists, so equal boards compare equal.
  Square ep = NO_SQUARE;
  // Where the opponent's last move promoted unsafely (docs/design.md §1): the
  // promoted piece stands there until the side to move takes it.
  Square promoted = NO_SQUARE;

  bool operator==(const Position&) const = default;

  Bitboard occupied() const {
    Bitboard b = pawns[WHITE] | pawns[BLACK] | king_bb(king[WHITE]) | king_bb(king[BLACK]);
    return promoted == NO_SQUARE ? b : b | square_bb(promoted);
  }
  // Pawns of the side not to move that give check.
  Bitboard checkers() const { return pawn_attacks(side, king_bb(king[side])) & pawns[~side]; }
  bool in_check() const { return checkers() != 0; }
  bool bare_kings() const { return (pawns[WHITE] | pawns[BLACK]) == 0 && promoted == NO_SQUARE; }
};
static_assert(std::is_trivially_copyable_v<Position>);

// The file-mirror twin: same value, same distance.
Position mirrored(const Position& pos);
// The colour-reversed twin (board flipped top to bottom, colours swapped).
Position colour_reversed(const Position& pos);

// FEN with its move counters. Reading checks every rule of docs/design.md §1
// and throws InputError naming the first problem found.
struct Fen {
  Position pos;
  int halfmove = 0;
  int fullmove = 1;
};
Fen parse_fen(std::string_view text);
std::string to_fen(const Position& pos, int halfmove = 0, int fullmove = 1);

// The board part only ("placement side castling ep"), as EPD uses it.
// Reads the four fields from the front of `text` and returns how many
// characters it consumed.
Position parse_board_fields(std::string_view text, std::size_t& consumed);
std::string board_fields(const Position& pos);
// A FEN counter field (`what`: "halfmove clock", "fullmove number"); InputError where it is not one.
int read_counter(std::string_view field, const char* what);
// FEN's first four fields (no castling) from the man on each square, `man(s)`
// its letter or 0 where the square is empty: board_fields of any kind of position.
template <typename ManAt>
std::string board_fields_of(ManAt man, Color side, Square ep) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = man(make_square(file, rank));
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side == WHITE ? " w - " : " b - ";
  out += ep == NO_SQUARE ? "-" : square_name(ep);
  return out;
}

// Why a position could not arise (docs/design.md §1), cheap enough to ask of
// every placement a table enumerates; describe() words it for a user.
struct Problem {
  enum Kind : std::uint8_t {
    None,
    NoKing,
    PawnOnBackRank,
    TooManyPawns,
    KingOnPawn,
    PawnsShareSquare,
    KingsShareSquare,
    KingsAdjacent,
    WaitingSideInCheck,
    DoubleCheck
  } kind = None;
  Color color = WHITE;  // whose king or pawns it concerns
};
// Inline: the oracle asks is_legal of nearly a billion placements, and
// inlined it folds to a chain of tests that all pass.
inline Problem find_problem(const Position& pos) {
  for (Color c : {WHITE, BLACK}) {
    if (pos.king[c] >= SQUARE_NB) return {Problem::NoKing, c};
    if (pos.pawns[c] & (RANK_1 | RANK_8)) return {Problem::PawnOnBackRank, c};
    if (popcount(pos.pawns[c]) > 8) return {Problem::TooManyPawns, c};
    if ((pos.pawns[c] | pos.pawns[~c]) & square_bb(pos.king[c])) return {Problem::KingOnPawn, c};
  }
  if (pos.pawns[WHITE] & pos.pawns[BLACK]) return {Problem::PawnsShareSquare, WHITE};
  if (pos.king[WHITE] == pos.king[BLACK]) return {Problem::KingsShareSquare, WHITE};
  if (KING_ATTACKS[pos.king[WHITE]] & square_bb(pos.king[BLACK])) return {Problem::KingsAdjacent, WHITE};
  if (pawn_attacks(pos.side, pos.pawns[pos.side]) & square_bb(pos.king[~pos.side]))
    return {Problem::WaitingSideInCheck, ~pos.side};
  if (popcount(pos.checkers()) > 1) return {Problem::DoubleCheck, pos.side};
  return {};
}
inline bool is_legal(const Position& pos) { return find_problem(pos).kind == Problem::None; }
std::string describe(const Problem& problem, const Position& pos);
// Throws InputError naming the first problem.
void validate(const Position& pos);

}  // namespace chunker
