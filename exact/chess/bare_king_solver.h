// The pawnless slices of the chess-exact solver where one side has pieces
// and the other only its king (KQQvK, KBNvK, KRvK...), solved 64 positions
// at a time, as retrograde.h's flow_by_rows solves the slices of two kings:
// a row holds the placements of the stronger side's king and pieces, with
// one side to move, as a bitboard over the bare king's square. The bare
// king's moves are then shifts of a row, and each of the other side's moves
// carries a whole row (less the squares the bare king would block).
//
// The bare king never wins: the side with the pieces wins or draws, the
// bare king loses or draws, so a row is won or lost bit by bit in order of
// distance with no second kind of value to track. The stronger king stands
// in the a1-d1-d4 triangle (the board's eight symmetries); where it stands
// on the a1-d4 diagonal both of a position's diagonal twins are rows, and
// both are settled together. The values are written in the slice's own
// numbering (SliceCodec), the bytes the general solver writes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "exact/chess/chess_slices.h"

namespace chunker {

// Whether a slice is one BareKingSolver solves: no pawns, one side a king
// alone, the other with at least one piece.
bool bare_king_slice(const SliceKey& key);

class BareKingSolver {
 public:
  // The value, for the side to move, of a position after the bare king
  // takes a piece (a slice solved before).
  using ExitValue = std::function<Value(const ChessPosition&)>;
  // Solves the slice of `codec` into `bytes` (codec.size() of them, as
  // OracleTable::encode writes a value, king_slice::ILLEGAL_BYTE where the
  // number is no legal position's).
  void solve(const SliceCodec& codec, const ExitValue& exit_value, std::uint8_t* bytes);

 private:
  // A row's number: side to move (0: the side with the pieces), the place
  // of its king in the triangle, then each piece's square, in the codec's
  // order of pieces.
  struct Men {
    int king;  // index in the triangle
    std::array<Square, MAX_SLICE_PIECES> piece;
  };
  std::uint32_t base(const Men& men) const;
  Men men_of(std::uint32_t base) const;
  // Pieces of one kind back in rising order of square.
  void sort_kinds(Men& men) const;
  // The row of `men` after symmetry g (the king then in the triangle), its
  // squares' bits moved by g too.
  void transformed(Men& men, Square king, Bitboard& bits, int g) const;
  void init_rows(const ExitValue& exit_value);
  void flow();
  // Settles bits of row `row` (the stronger side to move) as won at
  // distance d, and of its diagonal twin where its king stands on the
  // diagonal.
  void win(std::uint32_t base, const Men& men, Bitboard bits, int d);
  void win_one(std::uint32_t row, Bitboard bits, int d);
  // The wins one move before the positions `lost` of the bare king's row `base`.
  void wins_before(std::uint32_t base, Bitboard lost, int d);
  void write_bytes(const SliceCodec& codec, std::uint8_t* bytes) const;

  Color strong_ = WHITE;
  int pieces_ = 0;
  std::array<pieces::Piece, MAX_SLICE_PIECES> kind_{};
  std::array<bool, MAX_SLICE_PIECES> same_as_previous_{};
  std::uint32_t bases_ = 0;  // rows of one side to move
  // By base: the squares the stronger side's men stand on and attack (the
  // bare king standing nowhere), and where the bare king may step.
  std::vector<Bitboard> occupied_, attacked_;
  // By row (bases_ rows with the stronger side to move, then as many with
  // the bare king to move): legal positions, those in play not yet settled,
  // the bare king's positions whose moves out allow a loss now, and those
  // settled at this distance or the last.
  std::vector<Bitboard> legal_, open_, exit_ok_, won_, won_now_, lost_now_, lost_last_;
  std::vector<std::uint8_t> distance_;  // by position: where settled, else NONE
  std::vector<std::uint32_t> won_rows_, lost_rows_, lost_last_rows_, look_, next_look_;
  std::vector<std::uint8_t> looked_;
  // Bare king's positions whose moves out (captures) allow a loss from a
  // distance on: (row, bits) by distance.
  std::vector<std::vector<std::pair<std::uint32_t, Bitboard>>> exit_events_;
};

}  // namespace chunker
