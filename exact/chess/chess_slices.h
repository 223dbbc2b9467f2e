// The slices of the chess-exact solver (chess_table.h): a slice holds every
// placement of the kings and pieces over one set of pawns and one count of
// pieces by kind and colour (a SliceKey), with either side to move. A move
// of a king or a piece that takes nothing stays in its slice; every other
// move (a pawn's, a capture, a promotion) leads to a slice solved before:
// one of lower pawn potential (pawn_structures.h), or of the same pawns and
// fewer pieces.
//
// A slice numbers its positions (SliceCodec): side to move, white king,
// black king, then each piece's square, white's queens, rooks, bishops and
// knights, then black's; pieces of one kind and colour in rising order of
// square. Without pawns the board's eight symmetries give one position of
// each class its number (the one whose numbering is least, so the white king
// stands in the a1-d1-d4 triangle) and the rest none; there the kings'
// placements are numbered together, only those the identity takes to their
// least numbering, so that the slice's arrays hold few broken positions.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/pieces/chess_position.h"
#include "exact/pawn_structures.h"

namespace chunker {

using pieces::ChessPosition;
using pieces::PIECE_NB;

// Each square under each of the board's symmetries: pieces::transform, looked up.
extern const std::array<std::array<Square, SQUARE_NB>, pieces::SYMMETRY_NB> SQUARE_TRANSFORM;

struct SliceKey {
  PawnStructure pawns;
  std::array<std::array<std::uint8_t, PIECE_NB>, COLOR_NB> count{};
  // Compared as three words: a lookup of each move out compares keys.
  bool operator==(const SliceKey& o) const {
    return pawns == o.pawns && std::bit_cast<std::uint64_t>(count) == std::bit_cast<std::uint64_t>(o.count);
  }
  int piece_count() const;
  bool pawnless() const { return !(pawns.pawns[WHITE] | pawns.pawns[BLACK]); }
  // Whether side c has its king alone.
  bool bare(Color c) const { return !pawns.pawns[c] && std::bit_cast<std::uint32_t>(count[c]) == 0; }
};

// Whether one side has its king alone and the other more men: a slice
// BareKingSolver solves (bare_king_solver.h).
inline bool bare_king_slice(const SliceKey& key) { return key.bare(WHITE) != key.bare(BLACK); }
// Whether both sides have men besides their king and one of them a piece
// (KQvKQ, KRvKP, KQPvKN): a slice BothSidesSolver solves (both_sides_solver.h).
inline bool both_sides_slice(const SliceKey& key) {
  return !key.bare(WHITE) && !key.bare(BLACK) && key.piece_count() > 0;
}

struct SliceKeyHash {
  std::size_t operator()(const SliceKey& k) const;
};

SliceKey key_of(const ChessPosition& pos);
// The key of the colour-reversed twins of a slice's positions.
SliceKey colour_reversed(const SliceKey& key);
// "KQPvKP": the material of a slice.
std::string material_name(const SliceKey& key);

// The most pieces a slice may hold: its numbering must fit 32 bits.
constexpr int MAX_SLICE_PIECES = 3;

class SliceCodec {
 public:
  static constexpr std::uint32_t NONE = ~std::uint32_t(0);
  explicit SliceCodec(const SliceKey& key);
  std::uint32_t size() const { return size_; }
  // The pieces (not kings) a position holds, and each one's colour and
  // kind by its slot (its place after the kings in Men::square).
  int pieces() const { return pieces_; }
  Color colour(int slot) const { return Color(colour_[std::size_t(slot)]); }
  pieces::Piece kind(int slot) const { return pieces::Piece(kind_[std::size_t(slot)]); }

  // A position's men's squares in numbering order (white king, black king,
  // the pieces), and the side to move.
  struct Men {
    std::uint8_t side;
    std::array<Square, 2 + MAX_SLICE_PIECES> square;
  };
  Men men_of(const ChessPosition& pos) const;
  // The men numbered `local`, and whether they are the position of their
  // class that holds that number (false: two men on a square, pieces of one
  // kind out of order, or a symmetric twin's number).
  bool men_at(std::uint32_t local, Men& men) const;
  // The men numbered `local` as they stand, for a number known to be a
  // position's (men_at without its checks).
  void decode(std::uint32_t local, Men& men) const;
  // Sets `pos` to the men on this slice's pawns.
  void place(const Men& men, ChessPosition& pos) const;
  bool place(std::uint32_t local, ChessPosition& pos) const;

  // The number of `pos` (of this slice's key, no en-passant right), after
  // the symmetry that makes it least where there are no pawns.
  std::uint32_t local(const ChessPosition& pos) const;
  std::uint32_t number(const Men& men) const;
  // The numbers of the positions before a move of men.square[man] that
  // reached `men` (numbered `local`) from each square of `from`: that man
  // back there, the other side to move. Written to `out` in rising order
  // of square (at most 64); returns how many.
  int numbers_before(std::uint32_t local, const Men& men, int man, Bitboard from, std::uint32_t* out) const;

  // Where the king of colour c stands in a number of a slice with pawns,
  // whose positions are numbered as they stand: the six bits from there on.
  int king_shift(Color c) const { return 6 * pieces_ + (c == WHITE ? 6 : 0); }

  // How many of the board's symmetries leave the men unchanged: 1 or 2
  // without pawns (only a diagonal's reflection can, its kings on that
  // diagonal), 1 with them.
  int symmetries_fixing(const Men& men) const;
  // Where a king must stand, the other one on `king`, for a symmetry to
  // possibly leave the men unchanged: the diagonals through `king`, none
  // with pawns.
  Bitboard symmetric_king_squares(Square king) const;

 private:
  Men transformed(const Men& men, int symmetry) const;
  // Pieces of one kind and colour back in rising order of square.
  void sort_kinds(Men& men) const;
  std::uint64_t full_number(const Men& men) const;
  // The kings' part of a number: side to move, white king, black king.
  std::uint32_t kings_number(int side, Square white_king, Square black_king) const;
  // The number of the men after the symmetry (0: the identity, and the only
  // one with pawns).
  std::uint32_t number_under(const Men& men, int symmetry) const;

  SliceKey key_;
  int pieces_ = 0;
  std::array<std::uint8_t, MAX_SLICE_PIECES> colour_{}, kind_{};
  std::array<bool, MAX_SLICE_PIECES> alone_{};  // no other piece of its kind and colour
  bool pawnless_ = false;
  std::uint32_t size_ = 0;
};

// Every key reachable from the root's (itself included), in solving order
// (rising potential, then rising piece count): a superset of those a game
// reaches, as reachable_structures is. A key `complete` names (its values
// had without solving it: a stored slice) is one, but the keys its moves
// lead to are not reached through it. nullopt once more than
// `max_positions` positions are found (`positions` then a lower bound),
// else their count; a slice of more than MAX_SLICE_PIECES pieces counts as
// too many.
std::optional<std::vector<SliceKey>> reachable_slices(const ChessPosition& root, std::uint64_t max_positions,
                                                      std::uint64_t& positions,
                                                      const std::function<bool(const SliceKey&)>& complete = nullptr);
// The same from several keys at once (a material class's slices).
std::optional<std::vector<SliceKey>> reachable_slices(const std::vector<SliceKey>& from, std::uint64_t max_positions,
                                                      std::uint64_t& positions,
                                                      const std::function<bool(const SliceKey&)>& complete = nullptr);
// The keys a move out of a slice of `key` leads to, each once (a superset,
// as reachable_slices's).
std::vector<SliceKey> next_keys(const SliceKey& key);
// The positions of a slice of this key (SliceCodec::size without building one).
std::uint64_t slice_positions(const SliceKey& key);
// The squares of the a1-d1-d4 triangle, where a row solver's rows put their
// king without pawns (row_layout.h).
constexpr int ROW_KING_TRIANGLE = 10;
// The placements the rows of a row solver (row_layout.h) lay out for a
// slice of this key, either side to move: the rows' king on the triangle
// without pawns, anywhere with them, every piece anywhere, and the other
// king over a row's bits.
std::uint64_t row_positions(const SliceKey& key);
// The keys' indices grouped so that every move out of a slice leads to an
// earlier group, and a slice read through its colour-reversed twin comes
// after the twin (the keys in solving order: every move out leads to an
// earlier key).
std::vector<std::vector<std::uint32_t>> solving_groups(const std::vector<SliceKey>& keys);

}  // namespace chunker
