// How the chess-exact solvers that go 64 positions at a time (the bare
// king's, bare_king_solver.h; the slices where both sides have men,
// both_sides_solver.h) lay out a slice: a row holds one side to move, the
// place of one king (the row's king) and each piece's square; its 64 bits
// are the other king's squares. Without pawns the row's king stands in the
// a1-d1-d4 triangle (the board's eight symmetries); where it stands on the
// a1-d4 diagonal both of a position's diagonal twins are rows, which the
// solvers settle together. The values are written in the slice's own
// numbering (SliceCodec), the bytes the general solver writes.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "engine/king_slice.h"
#include "exact/chess/chess_table.h"

namespace chunker {

class RowLayout {
 public:
  static constexpr int TRIANGLE_NB = ROW_KING_TRIANGLE;
  // A position's distance in a row solver's array where it is not settled.
  static constexpr std::uint8_t UNSETTLED = 0xFF;
  // A row's men: its king's place, then each piece's square in the codec's
  // order of pieces.
  struct Men {
    int king;  // its square, or without pawns its index in the triangle
    std::array<Square, MAX_SLICE_PIECES> piece;
  };

  // The layout of the slice of `codec` and `key`, its rows' king of colour `row_king`.
  void reset(const SliceCodec& codec, const SliceKey& key, Color row_king);
  // Rows with one side to move: the row's number without its side.
  std::uint32_t bases() const { return bases_; }
  int pieces() const { return pieces_; }
  pieces::Piece kind(int slot) const { return kind_[std::size_t(slot)]; }
  Color colour(int slot) const { return colour_[std::size_t(slot)]; }
  bool pawnless() const { return pawnless_; }

  std::uint32_t base(const Men& men) const;
  Men men_of(std::uint32_t base) const;
  Square king_square(const Men& men) const;
  // Whether the men stand on distinct squares (off `pawns`), pieces of one
  // kind and colour in rising order of square: the numbered placements.
  bool distinct(const Men& men, Bitboard pawns) const;
  // Pieces of one kind and colour back in rising order of square.
  void sort_kinds(Men& men) const;
  // The base of row `base` (the men `men`) with the piece of slot `slot` on
  // `to`: its field replaced where it is alone of its kind and colour.
  std::uint32_t moved(std::uint32_t base, const Men& men, int slot, Square to) const {
    if (alone_[std::size_t(slot)]) {
      const int shift = 6 * (pieces_ - 1 - slot);
      return (base & ~(std::uint32_t(63) << shift)) | std::uint32_t(to) << shift;
    }
    Men after = men;
    after.piece[std::size_t(slot)] = to;
    sort_kinds(after);
    return this->base(after);
  }
  // The pieces of `men` and the other king's squares `bits` after symmetry g.
  void transform_men(Men& men, Bitboard& bits, int g) const;
  // The row of `men` with its king on `king`, after the symmetry that takes
  // it into the triangle where there are no pawns (the bits moved too);
  // returns that symmetry.
  int place_king(Men& men, Square king, Bitboard& bits) const;
  // Whether the row's king stands where a position's diagonal twin is a row
  // too (of a row's men, or of its base).
  bool twinned(const Men& men) const;
  bool twinned(std::uint32_t base) const;
  // The row of the diagonal twins of the positions `bits` of `men`'s row.
  std::uint32_t twin_base(const Men& men, Bitboard& bits) const;

  // Writes the slice's bytes (codec.size() of them): byte(row, square),
  // a row being a base plus bases() where the row's king's side is not to
  // move, and the square the other king's; byte must give
  // NO_POSITION_BYTE where the row's legal positions hold no bit,
  // as in every row whose men stand on one square or out of order.
  template <typename Byte>
  void write_bytes(const SliceCodec& codec, std::uint8_t* bytes, const Byte& byte) const;

 private:
  Color row_king_ = WHITE;
  bool pawnless_ = true;
  Bitboard pawns_ = 0;  // both sides'
  int pieces_ = 0;
  std::array<pieces::Piece, MAX_SLICE_PIECES> kind_{};
  std::array<Color, MAX_SLICE_PIECES> colour_{};
  std::array<bool, MAX_SLICE_PIECES> same_as_previous_{};
  std::array<bool, MAX_SLICE_PIECES> alone_{};  // no other piece of its kind and colour
  std::uint32_t bases_ = 0;
};

// Each symmetry's inverse.
int inverse_symmetry(int g);

// The slices solved before, where a row solver's moves out lead (null where not held).
using FindSlice = std::function<const SliceView*(const SliceKey&)>;
// The slice of a position a move out reaches (an error where it is not held).
const SliceView& found(const FindSlice& find, const pieces::ChessPosition& pos);

// The slices a row's moves out reach, each found once: a slice's moves out
// reach few slices.
class FoundSlices {
 public:
  void clear() { found_.clear(); }
  // The slice of `pos` (an error where it is not held).
  const SliceView& of(const FindSlice& find, const pieces::ChessPosition& pos);

 private:
  std::vector<std::pair<SliceKey, const SliceView*>> found_;
};

// Calls f(square, value) for each of `squares`: the value of `child`
// (a position of the slice `view` holds) with the king of colour c there.
template <typename F>
void for_each_king_square(const SliceView& view, pieces::ChessPosition child, Color c, Bitboard squares, const F& f) {
  if (!squares) return;
  if (child.pawns[WHITE] | child.pawns[BLACK]) {
    // Numbered as they stand: the positions' numbers differ in that king's
    // field alone.
    child.king[c] = lsb(squares);
    const int shift = view.codec->king_shift(view.reversed ? ~c : c);
    const std::uint32_t rest =
        view.codec->local(view.reversed ? pieces::colour_reversed(child) : child) & ~(std::uint32_t(63) << shift);
    for (; squares;) {
      const Square at = pop_lsb(squares);
      const std::uint32_t field = view.reversed ? flip_rank(at) : at;
      f(at, OracleTable::decode(view.bytes[rest | field << shift]));
    }
    return;
  }
  // Numbered anew under the board's symmetries, from the men found once.
  child.king[c] = lsb(squares);
  SliceCodec::Men men = view.codec->men_of(view.reversed ? pieces::colour_reversed(child) : child);
  const std::size_t slot = (view.reversed ? ~c : c) == WHITE ? 0 : 1;
  for (; squares;) {
    const Square at = pop_lsb(squares);
    men.square[slot] = view.reversed ? flip_rank(at) : at;
    f(at, OracleTable::decode(view.bytes[view.codec->number(men)]));
  }
}

// By distance, as (row, bits): positions of a row whose moves out settle or
// allow something at that distance.
using RowEvents = std::vector<std::vector<std::pair<std::uint32_t, Bitboard>>>;
// Adds the positions `bits` of row `row` to `events` by the distance of
// their values `value` (all decisive): one entry a distance, not a position.
void add_events(RowEvents& events, std::uint32_t row, Bitboard bits, const std::array<Value, SQUARE_NB>& value);
// Puts `rows` (distinct, each below marks.size() * 64) in rising order by
// marking each in `marks` (all clear, and left so): the flow then reaches
// rows and their moves' rows in the order they lie in memory.
void sort_rows(std::vector<std::uint32_t>& rows, std::vector<std::uint64_t>& marks);
// Moves followed back from rows to the rows before them, as (row, bits).
using RowBatch = std::vector<std::pair<std::uint32_t, Bitboard>>;
// Calls moves_before(row, add) for each row of `rows` (`source(row)`
// prefetches what it reads of that row a few rows ahead), where add(before,
// bits) is a move back to the positions `bits` of row `before`; then
// f(before, bits) for each such move, `bits` cut to those still `open`.
// A batch at a time, each row found prefetched as it is found, and
// `ready(before)` (what f reads of the rows left) before f runs: the moves
// reach rows far apart, and a batch's loads overlap instead of waiting one
// by one.
template <typename Source, typename MovesBefore, typename Ready, typename F>
void for_each_open_before(const std::vector<std::uint32_t>& rows, const std::vector<Bitboard>& open, RowBatch& batch,
                          const Source& source, const MovesBefore& moves_before, const Ready& ready, const F& f) {
  constexpr std::size_t BATCH = 256, AHEAD = 8;
  const auto flush = [&] {
    for (auto& [before, bits] : batch)
      if ((bits &= open[before])) ready(before);
    for (const auto& [before, bits] : batch)
      if (bits) f(before, bits);
    batch.clear();
  };
  const auto add = [&](std::uint32_t before, Bitboard bits) {
    if (!bits) return;
    __builtin_prefetch(&open[before]);
    batch.emplace_back(before, bits);
  };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i + AHEAD < rows.size()) source(rows[i + AHEAD]);
    moves_before(rows[i], add);
    if (batch.size() >= BATCH) flush();
  }
  flush();
}
// The last distance that either list holds events at (0 where none).
int last_events(const RowEvents& first, const RowEvents& second);

template <typename Byte>
void RowLayout::write_bytes(const SliceCodec& codec, std::uint8_t* bytes, const Byte& byte) const {
  const int row_king = row_king_ == WHITE ? 0 : 1;
  // A number is its kings' (and side's) block, then the pieces' squares:
  // the kings' symmetry is found once a block.
  const std::uint32_t block = std::uint32_t(1) << (6 * pieces_);
  // The blocks numbered as they stand, by the group of rows they read (its
  // side to move and row king's place): the other king's square and the
  // block's first number. They are written row by row below, so that each
  // row is read once for all its blocks.
  std::vector<std::vector<std::pair<Square, std::uint32_t>>> as_they_stand(std::size_t(2) * bases_ / block);
  for (std::uint32_t first = 0; first < codec.size(); first += block) {
    SliceCodec::Men numbered;
    codec.decode(first, numbered);
    const Square king = numbered.square[std::size_t(row_king)];
    const Square other_king = numbered.square[std::size_t(1 - row_king)];
    // Kings on one diagonal: only the codec knows which of the twins it numbers.
    const bool twins = codec.symmetric_king_squares(numbered.square[0]) & square_bb(numbered.square[1]);
    const Bitboard kings = square_bb(king) | square_bb(other_king);
    if (king == other_king || (kings & pawns_)) {
      std::fill(bytes + first, bytes + first + block, NO_POSITION_BYTE);
      continue;
    }
    Men placed{};
    Bitboard other = square_bb(other_king);
    const int g = place_king(placed, king, other);
    const std::uint32_t side_rows = Color(numbered.side) == row_king_ ? 0 : bases_;
    if (!g && !twins) {
      // The pieces' squares as they stand: the row's base is the number's
      // own last fields (where the men are not distinct, no bit is legal).
      as_they_stand[((std::uint32_t(placed.king) << (6 * pieces_)) + side_rows) / block].emplace_back(lsb(other),
                                                                                                      first);
      continue;
    }
    for (std::uint32_t pieces = 0; pieces < block; ++pieces) {
      Men men = placed;
      Bitboard seen = kings | pawns_;
      bool fits = true;
      for (int i = 0; i < pieces_; ++i) {
        const Square s = Square(pieces >> (6 * (pieces_ - 1 - i)) & 63);
        // Men on distinct squares, pieces of one kind in rising order.
        fits &= !(seen & square_bb(s)) && (!same_as_previous_[std::size_t(i)] || s > men.piece[std::size_t(i - 1)]);
        seen |= square_bb(s);
        men.piece[std::size_t(i)] = s;
      }
      if (fits && twins) fits = codec.men_at(first + pieces, numbered);
      if (!fits) {
        bytes[first + pieces] = NO_POSITION_BYTE;
        continue;
      }
      if (g) {
        Bitboard unused = 0;
        transform_men(men, unused, g);
      }
      bytes[first + pieces] = byte(base(men) + side_rows, lsb(other));
    }
  }
  // A group is the rows of one side to move and one place of the row's king.
  for (std::uint32_t group = 0; group < as_they_stand.size(); ++group)
    for (std::uint32_t pieces = 0; pieces < block; ++pieces)
      for (const auto& [other, first] : as_they_stand[group])
        bytes[first + pieces] = byte(group * block + pieces, other);
}

}  // namespace chunker
