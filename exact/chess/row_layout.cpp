#include "exact/chess/row_layout.h"

#include <bit>
#include <stdexcept>

namespace chunker {

using namespace pieces;

namespace {

constexpr int DIAGONAL_REFLECTION = 4;  // the a1-h8 diagonal's (chess_position.h)

// The a1-d1-d4 triangle's squares by index, each square's index (-1
// outside), the least symmetry that takes each square into it, and each
// symmetry's inverse.
struct Triangle {
  std::array<Square, RowLayout::TRIANGLE_NB> square{};
  std::array<int, SQUARE_NB> index{};
  std::array<int, SQUARE_NB> into{};
  std::array<int, SYMMETRY_NB> inverse{};
};
const Triangle TRIANGLE = [] {
  Triangle t;
  int n = 0;
  for (int s = 0; s < SQUARE_NB; ++s) {
    const bool inside = file_of(Square(s)) <= 3 && rank_of(Square(s)) <= file_of(Square(s));
    t.index[s] = inside ? n : -1;
    if (inside) t.square[std::size_t(n++)] = Square(s);
  }
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int g = SYMMETRY_NB - 1; g >= 0; --g)
      if (t.index[transform(Square(s), g)] >= 0) t.into[s] = g;
  for (int g = 0; g < SYMMETRY_NB; ++g)
    for (int h = 0; h < SYMMETRY_NB; ++h)
      if (transform(transform(Square(1), g), h) == 1 && transform(transform(Square(2), g), h) == 2 &&
          transform(transform(Square(8), g), h) == 8)
        t.inverse[g] = h;
  return t;
}();

bool on_diagonal(Square s) { return file_of(s) == rank_of(s); }

}  // namespace

int inverse_symmetry(int g) { return TRIANGLE.inverse[std::size_t(g)]; }

const SliceView& found(const FindSlice& find, const ChessPosition& pos) {
  const SliceView* view = find(key_of(pos));
  if (!view) throw SliceNotHeld(pos);
  return *view;
}

const SliceView& FoundSlices::of(const FindSlice& find, const ChessPosition& pos) {
  const SliceKey key = key_of(pos);
  for (const auto& [k, view] : found_)
    if (k == key) return *view;
  return *found_.emplace_back(key, &found(find, pos)).second;
}

void add_events(RowEvents& events, std::uint32_t row, Bitboard bits, const std::array<Value, SQUARE_NB>& value) {
  for (; bits;) {
    const Value v = value[lsb(bits)];
    Bitboard same = 0;
    for (Bitboard b = bits; b;) {
      const Square s = pop_lsb(b);
      if (value[s] == v) same |= square_bb(s);
    }
    bits &= ~same;
    events[std::size_t(distance_of(v))].emplace_back(row, same);
  }
}

void RowLayout::reset(const SliceCodec& codec, const SliceKey& key, Color row_king) {
  row_king_ = row_king;
  pawnless_ = key.pawnless();
  pawns_ = key.pawns.pawns[WHITE] | key.pawns.pawns[BLACK];
  pieces_ = codec.pieces();
  for (int i = 0; i < pieces_; ++i) {
    kind_[std::size_t(i)] = codec.kind(i);
    colour_[std::size_t(i)] = codec.colour(i);
    same_as_previous_[std::size_t(i)] =
        i > 0 && codec.kind(i) == codec.kind(i - 1) && codec.colour(i) == codec.colour(i - 1);
  }
  for (int i = 0; i < pieces_; ++i)
    alone_[std::size_t(i)] =
        !same_as_previous_[std::size_t(i)] && (i + 1 == pieces_ || !same_as_previous_[std::size_t(i + 1)]);
  bases_ = std::uint32_t(row_positions(key) / (2 * SQUARE_NB));
}

std::uint32_t RowLayout::base(const Men& men) const {
  std::uint32_t b = std::uint32_t(men.king);
  for (int i = 0; i < pieces_; ++i) b = b << 6 | men.piece[std::size_t(i)];
  return b;
}

RowLayout::Men RowLayout::men_of(std::uint32_t base) const {
  Men men{};
  for (int i = pieces_ - 1; i >= 0; --i, base >>= 6) men.piece[std::size_t(i)] = Square(base & 63);
  men.king = int(base);
  return men;
}

Square RowLayout::king_square(const Men& men) const {
  return pawnless_ ? TRIANGLE.square[std::size_t(men.king)] : Square(men.king);
}

bool RowLayout::distinct(const Men& men, Bitboard pawns) const {
  Bitboard occupied = square_bb(king_square(men)) | pawns;
  bool distinct = !(pawns & square_bb(king_square(men)));
  for (int i = 0; i < pieces_; ++i) {
    const Square s = men.piece[std::size_t(i)];
    distinct &= !(occupied & square_bb(s)) && (!same_as_previous_[std::size_t(i)] || s > men.piece[std::size_t(i - 1)]);
    occupied |= square_bb(s);
  }
  return distinct;
}

void RowLayout::sort_kinds(Men& men) const {
  for (int i = 1; i < pieces_; ++i)
    for (int j = i;
         j > 0 && same_as_previous_[std::size_t(j)] && men.piece[std::size_t(j)] < men.piece[std::size_t(j - 1)]; --j)
      std::swap(men.piece[std::size_t(j)], men.piece[std::size_t(j - 1)]);
}

void RowLayout::transform_men(Men& men, Bitboard& bits, int g) const {
  const auto& under = SQUARE_TRANSFORM[std::size_t(g)];
  for (int i = 0; i < pieces_; ++i) men.piece[std::size_t(i)] = under[men.piece[std::size_t(i)]];
  sort_kinds(men);
  bits = transform(bits, g);
}

int RowLayout::place_king(Men& men, Square king, Bitboard& bits) const {
  if (!pawnless_) {
    men.king = king;
    return 0;
  }
  const int g = TRIANGLE.into[king];
  men.king = TRIANGLE.index[SQUARE_TRANSFORM[std::size_t(g)][king]];
  if (g) transform_men(men, bits, g);
  return g;
}

bool RowLayout::twinned(const Men& men) const { return pawnless_ && on_diagonal(king_square(men)); }

bool RowLayout::twinned(std::uint32_t base) const {
  return pawnless_ && on_diagonal(TRIANGLE.square[std::size_t(base >> (6 * pieces_))]);
}

std::uint32_t RowLayout::twin_base(const Men& men, Bitboard& bits) const {
  Men twin = men;
  transform_men(twin, bits, DIAGONAL_REFLECTION);
  return base(twin);
}

void sort_rows(std::vector<std::uint32_t>& rows, std::vector<std::uint64_t>& marks) {
  for (const std::uint32_t row : rows) marks[row / 64] |= std::uint64_t(1) << (row % 64);
  rows.clear();
  for (std::uint32_t word = 0; word < marks.size(); ++word)
    for (; marks[word]; marks[word] &= marks[word] - 1)
      rows.push_back(word * 64 + std::uint32_t(std::countr_zero(marks[word])));
}

int last_events(const RowEvents& first, const RowEvents& second) {
  int last = 0;
  for (std::size_t d = 0; d < first.size(); ++d)
    if (!first[d].empty() || !second[d].empty()) last = int(d);
  return last;
}

}  // namespace chunker
