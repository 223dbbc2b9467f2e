#include "exact/chess/chess_slices.h"

#include <algorithm>
#include <limits>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace chunker {

using namespace pieces;

const std::array<std::array<Square, SQUARE_NB>, SYMMETRY_NB> SQUARE_TRANSFORM = [] {
  std::array<std::array<Square, SQUARE_NB>, SYMMETRY_NB> t{};
  for (int g = 0; g < SYMMETRY_NB; ++g)
    for (int s = 0; s < SQUARE_NB; ++s) t[g][s] = transform(Square(s), g);
  return t;
}();

namespace {

// For each placement of the kings, the symmetry that takes it to its least
// numbering (the white king to the least square of its class, then the
// black king to the least it can reach there), and a second where two do:
// both kings on a diagonal whose reflection leaves them, the pieces decide.
struct KingsSymmetry {
  std::int8_t first, second;  // second: -1 where one symmetry alone does
};
const std::array<std::array<KingsSymmetry, SQUARE_NB>, SQUARE_NB> KINGS_SYMMETRY = [] {
  std::array<std::array<KingsSymmetry, SQUARE_NB>, SQUARE_NB> t{};
  for (int w = 0; w < SQUARE_NB; ++w)
    for (int b = 0; b < SQUARE_NB; ++b) {
      auto kings = [&](int g) { return SQUARE_TRANSFORM[g][w] * SQUARE_NB + SQUARE_TRANSFORM[g][b]; };
      int least = 0;
      for (int g = 1; g < SYMMETRY_NB; ++g) least = kings(g) < kings(least) ? g : least;
      t[w][b] = {std::int8_t(least), -1};
      for (int g = least + 1; g < SYMMETRY_NB; ++g)
        if (kings(g) == kings(least)) t[w][b].second = std::int8_t(g);
    }
  return t;
}();
// The two symmetries that fix squares, the reflections in the diagonals,
// and the squares each fixes: only they can leave a position unchanged (its
// kings must stay).
constexpr int A1H8_REFLECTION = 4, A8H1_REFLECTION = 7;
constexpr Bitboard A1H8 = 0x8040201008040201ULL, A8H1 = 0x0102040810204080ULL;

// The placements of the kings a pawnless slice numbers: those the identity
// takes to their least numbering (the white king in the a1-d1-d4 triangle),
// on two squares, numbered in rising order of white king, then black king.
struct KingPairs {
  std::array<std::array<std::uint16_t, SQUARE_NB>, SQUARE_NB> index{};  // of a numbered placement
  std::array<std::array<Square, 2>, SQUARE_NB * SQUARE_NB> kings{};     // by index
  int size = 0;
};
const KingPairs KING_PAIRS = [] {
  KingPairs t;
  for (int w = 0; w < SQUARE_NB; ++w)
    for (int b = 0; b < SQUARE_NB; ++b)
      if (w != b && KINGS_SYMMETRY[w][b].first == 0) {
        t.index[w][b] = std::uint16_t(t.size);
        t.kings[std::size_t(t.size++)] = {Square(w), Square(b)};
      }
  return t;
}();

std::uint64_t power64(int k) { return std::uint64_t(1) << (6 * k); }

auto order_of(const SliceKey& k) {
  return std::tuple(potential(k.pawns), k.piece_count(), k.pawns.pawns[WHITE], k.pawns.pawns[BLACK], k.count);
}

}  // namespace

int SliceKey::piece_count() const {
  int n = 0;
  for (const auto& side : count)
    for (auto c : side) n += c;
  return n;
}

std::size_t SliceKeyHash::operator()(const SliceKey& k) const {
  std::uint64_t counts = 0;
  for (const auto& side : k.count)
    for (auto c : side) counts = counts << 4 | c;
  return PawnStructureHash{}(k.pawns) ^ std::size_t(counts * 0x9E3779B97F4A7C15ull);
}

SliceKey key_of(const ChessPosition& pos) {
  SliceKey key;
  key.pawns = {{pos.pawns[WHITE], pos.pawns[BLACK]}};
  for (Color c : {WHITE, BLACK})
    for (int p = 0; p < PIECE_NB; ++p) {
      // Most kinds are absent, or one piece: each move out is looked up by key.
      const Bitboard b = pos.pieces[c][p];
      key.count[c][p] = std::uint8_t(!(b & (b - 1)) ? b != 0 : popcount(b));
    }
  return key;
}

SliceKey colour_reversed(const SliceKey& key) {
  SliceKey out;
  for (Color c : {WHITE, BLACK}) {
    out.pawns.pawns[c] = flip_ranks(key.pawns.pawns[~c]);
    out.count[c] = key.count[~c];
  }
  return out;
}

std::string material_name(const SliceKey& key) {
  std::string out;
  for (Color c : {WHITE, BLACK}) {
    if (c == BLACK) out += 'v';
    out += 'K';
    for (int p = 0; p < PIECE_NB; ++p) out.append(key.count[c][p], piece_letter(Piece(p)));
    out.append(std::size_t(popcount(key.pawns.pawns[c])), 'P');
  }
  return out;
}

std::uint64_t slice_positions(const SliceKey& key) {
  const std::uint64_t kings = key.pawnless() ? 2 * std::uint64_t(KING_PAIRS.size) : 2 * SQUARE_NB * SQUARE_NB;
  // Past 8 pieces (a game's opening, asked by a GUI) the count is more than
  // any memory holds: the most a std::uint64_t says.
  if (key.piece_count() > 8) return std::numeric_limits<std::uint64_t>::max();
  return kings * power64(key.piece_count());
}

std::uint64_t row_positions(const SliceKey& key) {
  if (key.piece_count() > 8) return std::numeric_limits<std::uint64_t>::max();
  return 2 * std::uint64_t(key.pawnless() ? ROW_KING_TRIANGLE : SQUARE_NB) * SQUARE_NB * power64(key.piece_count());
}

SliceCodec::SliceCodec(const SliceKey& key) : key_(key), pieces_(key.piece_count()), pawnless_(key.pawnless()) {
  if (pieces_ > MAX_SLICE_PIECES)
    throw std::length_error("a slice of " + std::to_string(pieces_) + " pieces (" + material_name(key) +
                            "): the solver holds at most " + std::to_string(MAX_SLICE_PIECES));
  int slot = 0;
  for (Color c : {WHITE, BLACK})
    for (int p = 0; p < PIECE_NB; ++p)
      for (int i = 0; i < key.count[c][p]; ++i) {
        colour_[slot] = c;
        alone_[slot] = key.count[c][p] == 1;
        kind_[slot++] = std::uint8_t(p);
      }
  size_ = std::uint32_t(slice_positions(key));
}

SliceCodec::Men SliceCodec::men_of(const ChessPosition& pos) const {
  Men men{std::uint8_t(pos.side), {}};
  men.square[0] = pos.king[WHITE];
  men.square[1] = pos.king[BLACK];
  // Each slot takes the lowest square left of its kind and colour.
  Bitboard left = 0;
  for (int slot = 0; slot < pieces_; ++slot) {
    if (slot == 0 || colour_[slot] != colour_[slot - 1] || kind_[slot] != kind_[slot - 1])
      left = pos.pieces[colour_[slot]][kind_[slot]];
    men.square[std::size_t(2 + slot) % men.square.size()] = pop_lsb(left);
  }
  return men;
}

SliceCodec::Men SliceCodec::transformed(const Men& men, int symmetry) const {
  Men out = men;
  for (int i = 0; i < 2 + pieces_; ++i) out.square[i] = SQUARE_TRANSFORM[symmetry][men.square[i]];
  sort_kinds(out);
  return out;
}

void SliceCodec::sort_kinds(Men& men) const {
  for (int i = 3; i < 2 + pieces_; ++i)
    for (int j = i;
         j > 2 && colour_[j - 2] == colour_[j - 3] && kind_[j - 2] == kind_[j - 3] && men.square[j] < men.square[j - 1];
         --j)
      std::swap(men.square[j], men.square[j - 1]);
}

std::uint64_t SliceCodec::full_number(const Men& men) const {
  std::uint64_t n = men.side;
  for (int i = 0; i < 2 + pieces_; ++i) n = n << 6 | men.square[i];
  return n;
}

std::uint32_t SliceCodec::kings_number(int side, Square white_king, Square black_king) const {
  if (pawnless_) return std::uint32_t(side * KING_PAIRS.size + KING_PAIRS.index[white_king][black_king]);
  return std::uint32_t(side) << 12 | std::uint32_t(white_king) << 6 | black_king;
}

std::uint32_t SliceCodec::number_under(const Men& men, int symmetry) const {
  const auto& to = SQUARE_TRANSFORM[symmetry];
  std::uint32_t n = kings_number(men.side, to[men.square[0]], to[men.square[1]]);
  if (symmetry == 0) {
    for (int i = 2; i < 2 + pieces_; ++i) n = n << 6 | men.square[i];
    return n;
  }
  Men moved = men;
  for (int i = 2; i < 2 + pieces_; ++i) moved.square[i] = to[men.square[i]];
  sort_kinds(moved);
  for (int i = 2; i < 2 + pieces_; ++i) n = n << 6 | moved.square[i];
  return n;
}

std::uint32_t SliceCodec::number(const Men& men) const {
  if (!pawnless_) return number_under(men, 0);
  const KingsSymmetry g = KINGS_SYMMETRY[men.square[0]][men.square[1]];
  const std::uint32_t first = number_under(men, g.first);
  return g.second < 0 ? first : std::min(first, number_under(men, g.second));
}

int SliceCodec::numbers_before(std::uint32_t local, const Men& men, int man, Bitboard from, std::uint32_t* out) const {
  const int below = 6 * pieces_;
  const std::uint32_t rest = local & ((std::uint32_t(1) << below) - 1);
  // Where the identity alone numbers the position before (always with
  // pawns), the kings' field changes, and the moved piece's where it is
  // alone of its kind; else the men are numbered anew.
  const auto as_it_stands = [this](Square white_king, Square black_king) {
    const KingsSymmetry g = KINGS_SYMMETRY[white_king][black_king];
    return !pawnless_ || (g.first == 0 && g.second < 0);
  };
  const auto anew = [&](Square s, bool identity) {
    // Men copied only here: a copy of bytes just written stalls the load
    // that reads them whole.
    Men before = men;
    before.side ^= 1;
    before.square[std::size_t(man)] = s;
    sort_kinds(before);
    return identity ? number_under(before, 0) : number(before);
  };
  int n = 0;
  if (man < 2) {
    for (; from;) {
      const Square s = pop_lsb(from);
      const Square white_king = man == 0 ? s : men.square[0], black_king = man == 1 ? s : men.square[1];
      out[n++] = as_it_stands(white_king, black_king)
                     ? kings_number(men.side ^ 1, white_king, black_king) << below | rest
                     : anew(s, false);
    }
    return n;
  }
  const bool identity = as_it_stands(men.square[0], men.square[1]);
  if (identity && alone_[std::size_t(man - 2)]) {
    const int shift = 6 * (1 + pieces_ - man);
    const std::uint32_t kept =
        kings_number(men.side ^ 1, men.square[0], men.square[1]) << below | (rest & ~(std::uint32_t(63) << shift));
    for (; from;) out[n++] = kept | std::uint32_t(pop_lsb(from)) << shift;
    return n;
  }
  for (; from;) out[n++] = anew(pop_lsb(from), identity);
  return n;
}

std::uint32_t SliceCodec::local(const ChessPosition& pos) const { return number(men_of(pos)); }

void SliceCodec::decode(std::uint32_t local, Men& men) const {
  const std::uint32_t kings = local >> (6 * pieces_);
  if (pawnless_) {
    // Two sides: a comparison, not a division by a size known only at run time.
    const std::uint32_t pairs = std::uint32_t(KING_PAIRS.size);
    men.side = std::uint8_t(kings >= pairs);
    const auto& placed = KING_PAIRS.kings[kings - men.side * pairs];
    men.square[0] = placed[0];
    men.square[1] = placed[1];
  } else {
    men.side = std::uint8_t(kings >> 12);
    men.square[0] = Square((kings >> 6) & 63);
    men.square[1] = Square(kings & 63);
  }
  for (int i = 2; i < 2 + pieces_; ++i) men.square[i] = Square((local >> (6 * (1 + pieces_ - i))) & 63);
}

bool SliceCodec::men_at(std::uint32_t local, Men& men) const {
  decode(local, men);
  Bitboard seen = key_.pawns.pawns[WHITE] | key_.pawns.pawns[BLACK];
  bool fits = true;
  for (int i = 0; i < 2 + pieces_; ++i) {
    const Bitboard b = square_bb(men.square[i]);
    fits &= !(seen & b);
    seen |= b;
    // Pieces of one kind and colour stand in rising order of square.
    fits &=
        i < 3 || colour_[i - 2] != colour_[i - 3] || kind_[i - 2] != kind_[i - 3] || men.square[i] > men.square[i - 1];
  }
  // Kings that only the identity takes to their least numbering: the men
  // are numbered as they stand; on one diagonal, the pieces decide.
  return fits && (!pawnless_ || KINGS_SYMMETRY[men.square[0]][men.square[1]].second < 0 || number(men) == local);
}

void SliceCodec::place(const Men& men, ChessPosition& pos) const {
  pos.side = Color(men.side);
  pos.ep = NO_SQUARE;
  pos.king[WHITE] = men.square[0];
  pos.king[BLACK] = men.square[1];
  pos.pawns[WHITE] = key_.pawns.pawns[WHITE];
  pos.pawns[BLACK] = key_.pawns.pawns[BLACK];
  for (auto& side : pos.pieces)
    for (Bitboard& b : side) b = 0;
  for (int i = 2; i < 2 + pieces_; ++i) pos.pieces[colour_[i - 2]][kind_[i - 2]] |= square_bb(men.square[i]);
}

bool SliceCodec::place(std::uint32_t local, ChessPosition& pos) const {
  Men men;
  const bool numbered = men_at(local, men);
  place(men, pos);
  return numbered;
}

int SliceCodec::symmetries_fixing(const Men& men) const {
  if (!pawnless_) return 1;
  const Bitboard kings = square_bb(men.square[0]) | square_bb(men.square[1]);
  const bool on_a1h8 = (kings & ~A1H8) == 0, on_a8h1 = (kings & ~A8H1) == 0;
  if (!on_a1h8 && !on_a8h1) return 1;  // most positions: no symmetry keeps the kings
  const std::uint64_t own = full_number(men);
  return 1 + (on_a1h8 && full_number(transformed(men, A1H8_REFLECTION)) == own) +
         (on_a8h1 && full_number(transformed(men, A8H1_REFLECTION)) == own);
}

Bitboard SliceCodec::symmetric_king_squares(Square king) const {
  if (!pawnless_) return 0;
  return (A1H8 & square_bb(king) ? A1H8 : 0) | (A8H1 & square_bb(king) ? A8H1 : 0);
}

namespace {

// Calls f for every key one move of either side away from `k` (a superset:
// kings and pieces could stand in the way, and a capture of a piece is
// taken wherever a man of the other side could stand).
template <typename F>
void for_each_next_key(const SliceKey& k, F f) {
  const Bitboard pawns = k.pawns.pawns[WHITE] | k.pawns.pawns[BLACK];
  for (Color c : {WHITE, BLACK}) {
    const Color them = ~c;
    const int up = forward(c);
    const Bitboard last = c == WHITE ? RANK_8 : RANK_1;
    // A pawn of c from `from` to `to`, taking `taken` (a pawn's square, or a
    // piece's kind as -1 - kind), promoting where it reaches the last rank.
    auto pawn_move = [&](Square from, Square to, int taken) {
      SliceKey next = k;
      next.pawns.pawns[c] &= ~square_bb(from);
      if (taken >= 0) next.pawns.pawns[them] &= ~square_bb(Square(taken));
      if (taken < 0 && taken != -1 - PIECE_NB) --next.count[them][-1 - taken];
      if (!(square_bb(to) & last)) {
        next.pawns.pawns[c] |= square_bb(to);
        return f(next);
      }
      for (int p = 0; p < PIECE_NB; ++p) {
        SliceKey promoted = next;
        ++promoted.count[c][p];
        f(promoted);
      }
    };
    for (Bitboard b = k.pawns.pawns[c]; b;) {
      const Square from = pop_lsb(b), one = Square(from + up);
      if (!(pawns & square_bb(one))) {
        pawn_move(from, one, -1 - PIECE_NB);
        const Square two = Square(from + 2 * up);
        if (relative_rank(c, from) == 1 && !(pawns & square_bb(two))) pawn_move(from, two, -1 - PIECE_NB);
      }
      for (Bitboard hits = pawn_attacks(c, square_bb(from)); hits;) {
        const Square to = pop_lsb(hits);
        if (k.pawns.pawns[them] & square_bb(to)) pawn_move(from, to, to);
        if (pawns & square_bb(to)) continue;
        for (int p = 0; p < PIECE_NB; ++p)
          if (k.count[them][p]) pawn_move(from, to, -1 - p);
        const Square beside = Square(to - up);  // en passant
        if (relative_rank(c, from) == 4 && (k.pawns.pawns[them] & square_bb(beside))) pawn_move(from, to, beside);
      }
    }
    // A king or a piece of c takes a pawn or a piece.
    for (Bitboard b = k.pawns.pawns[them]; b;) {
      SliceKey next = k;
      next.pawns.pawns[them] &= ~square_bb(pop_lsb(b));
      f(next);
    }
    for (int p = 0; p < PIECE_NB; ++p)
      if (k.count[them][p]) {
        SliceKey next = k;
        --next.count[them][p];
        f(next);
      }
  }
}

}  // namespace

std::optional<std::vector<SliceKey>> reachable_slices(const ChessPosition& root, std::uint64_t max_positions,
                                                      std::uint64_t& positions,
                                                      const std::function<bool(const SliceKey&)>& complete) {
  return reachable_slices(std::vector{key_of(root)}, max_positions, positions, complete);
}

std::optional<std::vector<SliceKey>> reachable_slices(const std::vector<SliceKey>& from, std::uint64_t max_positions,
                                                      std::uint64_t& positions,
                                                      const std::function<bool(const SliceKey&)>& complete) {
  std::unordered_set<SliceKey, SliceKeyHash> seen;
  std::vector<SliceKey> keys, frontier;
  positions = 0;
  auto add = [&](const SliceKey& k) {
    if (!seen.insert(k).second) return;
    keys.push_back(k);
    frontier.push_back(k);
    const std::uint64_t more = slice_positions(k);  // the sum saturates, as the count does
    positions = std::min(positions, std::numeric_limits<std::uint64_t>::max() - more) + more;
  };
  for (const SliceKey& k : from) add(k);
  while (!frontier.empty() && positions <= max_positions) {
    const SliceKey k = frontier.back();
    frontier.pop_back();
    if (!complete || !complete(k)) for_each_next_key(k, add);
  }
  if (positions > max_positions) return std::nullopt;
  std::sort(keys.begin(), keys.end(), [](const SliceKey& a, const SliceKey& b) { return order_of(a) < order_of(b); });
  return keys;
}

std::vector<SliceKey> next_keys(const SliceKey& key) {
  std::vector<SliceKey> out;
  for_each_next_key(key, [&out](const SliceKey& k) {
    if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  });
  return out;
}

std::vector<std::vector<std::uint32_t>> solving_groups(const std::vector<SliceKey>& keys) {
  std::unordered_map<SliceKey, std::uint32_t, SliceKeyHash> index;
  for (std::uint32_t i = 0; i < keys.size(); ++i) index.emplace(keys[i], i);
  // A slice's group: one past the last group of the slices its moves lead
  // to, and past its colour-reversed twin's where that is held earlier (a
  // slice read through its twin is ready once the twin is). The fewest
  // groups the moves allow: every thread busy until each group's end.
  std::vector<std::uint32_t> group(keys.size(), 0);
  std::uint32_t groups_nb = 0;
  for (std::uint32_t i = 0; i < keys.size(); ++i) {
    auto after = [&](const SliceKey& k) {
      const auto it = index.find(k);
      if (it == index.end() || it->second >= i) return;
      group[i] = std::max(group[i], group[it->second] + 1);
    };
    for_each_next_key(keys[i], after);
    after(colour_reversed(keys[i]));
    groups_nb = std::max(groups_nb, group[i] + 1);
  }
  std::vector<std::vector<std::uint32_t>> out(groups_nb);
  for (std::uint32_t i = 0; i < keys.size(); ++i) out[group[i]].push_back(i);
  // The heaviest slices of a group first, so that the threads finish
  // together: the largest, and of equal sizes those with more queens and
  // rooks (their positions are mostly decisive, and their values flow along
  // many moves).
  const auto work = [&keys](std::uint32_t i) {
    const auto& count = keys[i].count;
    const int heavy = count[WHITE][QUEEN] + count[WHITE][ROOK] + count[BLACK][QUEEN] + count[BLACK][ROOK];
    return std::pair(slice_positions(keys[i]), heavy);
  };
  for (auto& g : out) std::stable_sort(g.begin(), g.end(), [&](auto x, auto y) { return work(x) > work(y); });
  return out;
}

}  // namespace chunker
