#include "exact/chess/bare_king_solver.h"

#include <algorithm>
#include <stdexcept>

#include "engine/king_slice.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using namespace pieces;

namespace {

constexpr std::uint8_t NONE = 0xFF;
constexpr int TRIANGLE_NB = 10;
constexpr int DIAGONAL_REFLECTION = 4;  // the a1-h8 diagonal's (chess_position.h)

// The a1-d1-d4 triangle's squares by index, and each square's index (-1 outside).
struct Triangle {
  std::array<Square, TRIANGLE_NB> square{};
  std::array<int, SQUARE_NB> index{};
  // For each square, the least symmetry that takes it into the triangle.
  std::array<int, SQUARE_NB> into{};
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
  return t;
}();

bool on_diagonal(Square s) { return file_of(s) == rank_of(s); }

const SliceView& found(const BareKingSolver::Find& find, const ChessPosition& pos) {
  const SliceView* view = find(key_of(pos));
  if (!view) throw std::logic_error("chess table: a position outside its slices: " + to_fen(pos));
  return *view;
}

using Events = std::vector<std::vector<std::pair<std::uint32_t, Bitboard>>>;

// Adds the positions `bits` of row `row` to `events` by the distance of
// their values `value` (all decisive): one entry a distance, not a position.
void add_events(Events& events, std::uint32_t row, Bitboard bits, const std::array<Value, SQUARE_NB>& value) {
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

}  // namespace

std::uint32_t BareKingSolver::base(const Men& men) const {
  std::uint32_t b = std::uint32_t(men.king);
  for (int i = 0; i < pieces_; ++i) b = b << 6 | men.piece[std::size_t(i)];
  return b;
}

BareKingSolver::Men BareKingSolver::men_of(std::uint32_t base) const {
  Men men{};
  for (int i = pieces_ - 1; i >= 0; --i, base >>= 6) men.piece[std::size_t(i)] = Square(base & 63);
  men.king = int(base);
  return men;
}

Square BareKingSolver::king_square(const Men& men) const {
  return pawnless_ ? TRIANGLE.square[std::size_t(men.king)] : Square(men.king);
}

void BareKingSolver::sort_kinds(Men& men) const {
  for (int i = 1; i < pieces_; ++i)
    for (int j = i;
         j > 0 && same_as_previous_[std::size_t(j)] && men.piece[std::size_t(j)] < men.piece[std::size_t(j - 1)]; --j)
      std::swap(men.piece[std::size_t(j)], men.piece[std::size_t(j - 1)]);
}

void BareKingSolver::transform_men(Men& men, Bitboard& bits, int g) const {
  const auto& under = SQUARE_TRANSFORM[std::size_t(g)];
  for (int i = 0; i < pieces_; ++i) men.piece[std::size_t(i)] = under[men.piece[std::size_t(i)]];
  sort_kinds(men);
  bits = transform(bits, g);
}

void BareKingSolver::place_king(Men& men, Square king, Bitboard& bits) const {
  if (!pawnless_) {
    men.king = king;
    return;
  }
  const int g = TRIANGLE.into[king];
  men.king = TRIANGLE.index[SQUARE_TRANSFORM[std::size_t(g)][king]];
  if (g) transform_men(men, bits, g);
}

void BareKingSolver::solve(const SliceCodec& codec, const SliceKey& key, const Find& find, std::uint8_t* bytes) {
  strong_ = key.bare(BLACK) ? WHITE : BLACK;
  pawnless_ = key.pawnless();
  pawns_ = key.pawns.pawns[strong_];
  pieces_ = codec.pieces();
  for (int i = 0; i < pieces_; ++i) {
    kind_[std::size_t(i)] = codec.kind(i);
    same_as_previous_[std::size_t(i)] = i > 0 && codec.kind(i) == codec.kind(i - 1);
  }
  bases_ = std::uint32_t(pawnless_ ? TRIANGLE_NB : SQUARE_NB) << (6 * pieces_);
  occupied_.assign(bases_, 0);
  attacked_.assign(bases_, 0);
  for (auto* rows : {&legal_, &open_, &exit_ok_, &won_, &won_now_, &lost_now_, &lost_last_})
    rows->assign(2 * bases_, 0);
  distance_.assign(std::size_t(2) * bases_ * SQUARE_NB, NONE);
  looked_.assign(2 * bases_, 0);
  exit_events_.assign(retro::MAX_TABLE_DISTANCE + 1, {});
  win_events_.assign(retro::MAX_TABLE_DISTANCE + 1, {});
  for (auto* list : {&won_rows_, &lost_rows_, &lost_last_rows_, &look_}) list->clear();
  init_rows(find);
  flow();
  write_bytes(codec, bytes);
}

void BareKingSolver::init_rows(const Find& find) {
  for (std::uint32_t b = 0; b < bases_; ++b) {
    const Men men = men_of(b);
    const Square king = king_square(men);
    ChessPosition pos;
    pos.side = strong_;
    pos.king[strong_] = king;
    pos.pawns[strong_] = pawns_;
    Bitboard occupied = square_bb(king) | pawns_, pieces = 0;
    bool distinct = !(pawns_ & square_bb(king));
    for (int i = 0; i < pieces_; ++i) {
      const Square s = men.piece[std::size_t(i)];
      distinct &=
          !(occupied & square_bb(s)) && (!same_as_previous_[std::size_t(i)] || s > men.piece[std::size_t(i - 1)]);
      occupied |= square_bb(s);
      pieces |= square_bb(s);
      pos.pieces[strong_][kind_[std::size_t(i)]] |= square_bb(s);
    }
    if (!distinct) continue;
    Bitboard attacked = KING_ATTACKS[king] | pawn_attacks(strong_, pawns_);
    for (int i = 0; i < pieces_; ++i)
      attacked |= piece_attacks(kind_[std::size_t(i)], men.piece[std::size_t(i)], occupied);
    occupied_[b] = occupied;
    attacked_[b] = attacked;
    const Bitboard apart = ~occupied & ~KING_ATTACKS[king];
    const std::uint32_t bare_row = b + bases_;
    legal_[b] = apart & ~attacked;
    legal_[bare_row] = apart;
    if (dead(pos)) continue;  // legal draws, never settled
    open_[b] = legal_[b];
    pawn_moves_out(b, pos, legal_[b], find);
    // The bare king steps where nothing attacks (the kings' squares seen
    // through it), or takes a man nothing defends: a move out.
    const Bitboard step = ~attacked & ~occupied, takeable = (pieces | pawns_) & ~attacked;
    const Bitboard moving = apart & retro::king_neighbours(step | takeable);
    const Bitboard mated = apart & ~moving & attacked;
    open_[bare_row] = moving;
    if (mated) {
      lost_now_[bare_row] = mated;
      lost_rows_.push_back(bare_row);
      for (Bitboard m = mated; m;) distance_[std::size_t(bare_row) * SQUARE_NB + pop_lsb(m)] = 0;
    }
    const Bitboard taking = moving & retro::king_neighbours(takeable);
    exit_ok_[bare_row] = moving & ~taking;
    captures_out(bare_row, pos, taking, takeable, find);
  }
}

void BareKingSolver::pawn_moves_out(std::uint32_t base, ChessPosition pos, Bitboard from, const Find& find) {
  if (!pawns_ || !from) return;
  std::array<Value, SQUARE_NB> best;
  best.fill(-VALUE_INFINITE);
  pos.side = ~strong_;
  // The positions of `from` the bare king leaves `child` from, not standing on `blocked`.
  const auto out = [&](ChessPosition& child, Bitboard blocked) {
    const SliceView& view = found(find, child);
    Bitboard squares = from & ~blocked;
    if (squares && child.pawns[strong_]) {
      // Numbered as they stand: the positions' numbers differ in the bare
      // king's field alone.
      child.king[~strong_] = lsb(squares);
      const Color bare_colour = view.reversed ? strong_ : ~strong_;
      const int shift = view.codec->king_shift(bare_colour);
      const std::uint32_t rest =
          view.codec->local(view.reversed ? colour_reversed(child) : child) & ~(std::uint32_t(63) << shift);
      for (; squares;) {
        const Square at = pop_lsb(squares);
        const std::uint32_t field = view.reversed ? flip_rank(at) : at;
        best[at] = std::max(best[at], from_child(OracleTable::decode(view.bytes[rest | field << shift])));
      }
      return;
    }
    for (Bitboard b = squares; b;) {
      const Square at = pop_lsb(b);
      child.king[~strong_] = at;
      best[at] = std::max(best[at], from_child(view_value(view, child)));
    }
  };
  const Bitboard occupied = occupied_[base], last = strong_ == WHITE ? RANK_8 : RANK_1;
  for (Bitboard p = pawns_; p;) {
    const Square at = pop_lsb(p);
    const Square one = Square(at + forward(strong_)), two = Square(one + forward(strong_));
    if (occupied & square_bb(one)) continue;
    const auto push = [&](Square to, Bitboard blocked) {
      ChessPosition child = pos;
      child.pawns[strong_] &= ~square_bb(at);
      if (!(last & square_bb(to))) {
        child.pawns[strong_] |= square_bb(to);
        return out(child, blocked);
      }
      for (int kind = 0; kind < PIECE_NB; ++kind) {
        ChessPosition promoted = child;
        promoted.pieces[strong_][kind] |= square_bb(to);
        out(promoted, blocked);
      }
    };
    push(one, square_bb(one));
    if (relative_rank(strong_, at) == 1 && !(occupied & square_bb(two))) push(two, square_bb(one) | square_bb(two));
  }
  Bitboard won = 0;
  for (Bitboard b = from; b;) {
    const Square at = pop_lsb(b);
    if (is_loss(best[at])) throw std::logic_error("a bare king's opponent whose pawn move loses");
    if (is_win(best[at])) won |= square_bb(at);
  }
  add_events(win_events_, base, won, best);
}

void BareKingSolver::captures_out(std::uint32_t bare_row, const ChessPosition& pos, Bitboard from, Bitboard takeable,
                                  const Find& find) {
  std::array<Value, SQUARE_NB> best;
  Bitboard lost = 0;
  for (; from;) {
    const Square at = pop_lsb(from);
    best[at] = -VALUE_INFINITE;
    for (Bitboard p = KING_ATTACKS[at] & takeable; p;) {
      const Square taken = pop_lsb(p);
      ChessPosition child = pos;
      child.pawns[strong_] &= ~square_bb(taken);
      for (auto& kind : child.pieces[strong_]) kind &= ~square_bb(taken);
      child.king[~strong_] = taken;
      best[at] = std::max(best[at], from_child(view_value(found(find, child), child)));
    }
    if (is_win(best[at])) throw std::logic_error("a bare king's capture that wins");
    if (is_loss(best[at])) lost |= square_bb(at);
  }
  add_events(exit_events_, bare_row, lost, best);
}

void BareKingSolver::win_one(std::uint32_t row, Bitboard bits, int d) {
  bits &= open_[row];
  if (!bits) return;
  open_[row] &= ~bits;
  if (!won_now_[row]) won_rows_.push_back(row);
  won_now_[row] |= bits;
  for (; bits;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(bits)] = std::uint8_t(d);
}

void BareKingSolver::win(std::uint32_t base, const Men& men, Bitboard bits, int d) {
  win_one(base, bits, d);
  if (!pawnless_ || !on_diagonal(king_square(men))) return;
  Men twin = men;
  transform_men(twin, bits, DIAGONAL_REFLECTION);
  win_one(this->base(twin), bits, d);
}

void BareKingSolver::wins_before(std::uint32_t base, Bitboard lost, int d) {
  const Men men = men_of(base);
  const Bitboard occupied = occupied_[base];
  for (int i = 0; i < pieces_; ++i) {
    const Square at = men.piece[std::size_t(i)];
    for (Bitboard from = piece_attacks(kind_[std::size_t(i)], at, occupied) & ~occupied; from;) {
      const Square f = pop_lsb(from);
      Men before = men;
      before.piece[std::size_t(i)] = f;
      sort_kinds(before);
      // The bare king can stand neither where the piece was nor in its way.
      win(this->base(before), before, lost & ~(BETWEEN[f][at] | square_bb(f)), d);
    }
  }
  for (Bitboard from = KING_ATTACKS[king_square(men)] & ~occupied; from;) {
    const Square f = pop_lsb(from);
    Men before = men;
    Bitboard bits = lost & ~square_bb(f);
    place_king(before, f, bits);
    win(this->base(before), before, bits, d);
  }
}

void BareKingSolver::flow() {
  int last_event = 0;
  for (int d = 0; d <= retro::MAX_TABLE_DISTANCE; ++d)
    if (!exit_events_[std::size_t(d)].empty() || !win_events_[std::size_t(d)].empty()) last_event = d;
  for (int d = 0;; ++d) {
    if (d > retro::MAX_TABLE_DISTANCE) throw std::logic_error("a distance beyond every table's encoding");
    // Moves out that allow a loss from here on.
    for (const auto& [row, bits] : exit_events_[std::size_t(d)]) {
      exit_ok_[row] |= bits;
      if (!looked_[row]) {
        looked_[row] = 1;
        look_.push_back(row);
      }
    }
    // Wins: a pawn's move out, or a move to a position lost at d - 1.
    for (const auto& [row, bits] : win_events_[std::size_t(d)]) win_one(row, bits, d);
    for (const std::uint32_t row : lost_last_rows_) wins_before(row - bases_, lost_last_[row], d);
    // Losses: every step of the bare king reaches a position won before d.
    for (const std::uint32_t row : look_) {
      looked_[row] = 0;
      const Bitboard candidates = open_[row] & exit_ok_[row];
      if (!candidates) continue;
      const std::uint32_t b = row - bases_;
      const Bitboard not_won = ~attacked_[b] & ~occupied_[b] & ~won_[b];
      const Bitboard lost = candidates & ~retro::king_neighbours(not_won);
      if (!lost) continue;
      open_[row] &= ~lost;
      if (!lost_now_[row]) lost_rows_.push_back(row);
      lost_now_[row] |= lost;
      for (Bitboard l = lost; l;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(l)] = std::uint8_t(d);
    }
    look_.clear();
    for (const std::uint32_t row : lost_last_rows_) lost_last_[row] = 0;
    lost_last_rows_.swap(lost_rows_);
    lost_rows_.clear();
    for (const std::uint32_t row : lost_last_rows_) {
      lost_last_[row] = lost_now_[row];
      lost_now_[row] = 0;
    }
    // A bare king's row is looked at again once the row it steps into won.
    for (const std::uint32_t row : won_rows_) {
      won_[row] |= won_now_[row];
      won_now_[row] = 0;
      const std::uint32_t bare = row + bases_;
      if (!looked_[bare]) {
        looked_[bare] = 1;
        look_.push_back(bare);
      }
    }
    won_rows_.clear();
    if (d >= last_event && lost_last_rows_.empty() && look_.empty()) break;
  }
}

void BareKingSolver::write_bytes(const SliceCodec& codec, std::uint8_t* bytes) const {
  const int strong_king = strong_ == WHITE ? 0 : 1;
  // A number is its kings' (and side's) block, then the pieces' squares:
  // the kings' symmetry is found once a block.
  const std::uint32_t block = std::uint32_t(1) << (6 * pieces_);
  for (std::uint32_t first = 0; first < codec.size(); first += block) {
    SliceCodec::Men numbered;
    codec.decode(first, numbered);
    const Square king = numbered.square[std::size_t(strong_king)];
    const Square bare_king = numbered.square[std::size_t(1 - strong_king)];
    // Kings on one diagonal: only the codec knows which of the twins it numbers.
    const bool twins = codec.symmetric_king_squares(numbered.square[0]) & square_bb(numbered.square[1]);
    const Bitboard kings = square_bb(king) | square_bb(bare_king);
    const bool kings_apart = king != bare_king && !(kings & pawns_);
    Men placed{};
    Bitboard bare = square_bb(bare_king);
    place_king(placed, king, bare);
    const int g = pawnless_ ? TRIANGLE.into[king] : 0;
    const bool strong_to_move = Color(numbered.side) == strong_;
    const std::uint32_t side_rows = strong_to_move ? 0 : bases_;
    for (std::uint32_t pieces = 0; pieces < block; ++pieces) {
      Men men = placed;
      Bitboard seen = kings | pawns_;
      bool fits = kings_apart;
      for (int i = 0; i < pieces_; ++i) {
        const Square s = Square(pieces >> (6 * (pieces_ - 1 - i)) & 63);
        // Men on distinct squares, pieces of one kind in rising order.
        fits &= !(seen & square_bb(s)) && (!same_as_previous_[std::size_t(i)] || s > men.piece[std::size_t(i - 1)]);
        seen |= square_bb(s);
        men.piece[std::size_t(i)] = s;
      }
      if (fits && twins) fits = codec.men_at(first + pieces, numbered);
      if (!fits) {
        bytes[first + pieces] = king_slice::ILLEGAL_BYTE;
        continue;
      }
      if (g) {
        Bitboard unused = 0;
        transform_men(men, unused, g);
      }
      const std::uint32_t row = base(men) + side_rows;
      if (!(legal_[row] & bare)) {
        bytes[first + pieces] = king_slice::ILLEGAL_BYTE;
        continue;
      }
      const std::uint8_t d = distance_[std::size_t(row) * SQUARE_NB + lsb(bare)];
      bytes[first + pieces] = OracleTable::encode(d == NONE ? 0 : strong_to_move ? win_in(d) : loss_in(d));
    }
  }
}

}  // namespace chunker
